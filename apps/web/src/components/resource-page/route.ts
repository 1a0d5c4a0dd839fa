import { createRoute, type RouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { adminRoute, pageRoute } from '../../app/route-base';

/** `edit` opens a record's drawer ('new' for a new one); anything else in it is dropped. */
export const editParam = z
  .union([z.literal('new'), z.coerce.number().int().positive()])
  .optional()
  .catch(undefined);

/** A resource page's URL: the contract's list search (page, size, sort, filters) and the drawer's `edit`. */
export function resourceSearchSchema<Shape extends z.ZodRawShape>(contract: { urlSearch: z.ZodObject<Shape> }) {
  return contract.urlSearch.extend({ edit: editParam });
}

/**
 * The admin route of a resource page (`/admin/<path>`): its URL from the contract, the entry check
 * of its page in the domain's catalogue, and the page as its own chunk.
 */
export function resourceRoute<const Path extends string, Shape extends z.ZodRawShape>(
  path: Path,
  contract: { urlSearch: z.ZodObject<Shape> },
  component: RouteComponent,
) {
  return createRoute({
    getParentRoute: () => adminRoute,
    path,
    validateSearch: resourceSearchSchema(contract),
    ...pageRoute(`/admin/${path}`),
    component,
  });
}
