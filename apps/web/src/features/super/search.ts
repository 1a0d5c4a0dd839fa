import { manufacturersContract, manufacturingPlantsContract } from '@colophon/contract';
import { z } from 'zod';
import { listSearchSchema, searchId } from '../../lib/list-search';

/** The URLs of the super-administrator lists. `edit` opens a record's drawer ('new' for a new one). */
const editParam = z
  .union([z.literal('new'), z.coerce.number().int().positive()])
  .optional()
  .catch(undefined);

export const plantsSearchSchema = manufacturingPlantsContract.urlSearch.extend({ edit: editParam });
export type PlantsSearch = z.infer<typeof plantsSearchSchema>;

export const manufacturersSearchSchema = manufacturersContract.urlSearch.extend({ edit: editParam });
export type ManufacturersSearch = z.infer<typeof manufacturersSearchSchema>;

export const auditSearchSchema = listSearchSchema.extend({
  resource: z.string().trim().max(64).optional().catch(undefined),
  actorUserId: searchId,
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

export const outboxSearchSchema = listSearchSchema.extend({
  to: z.string().trim().max(254).optional().catch(undefined),
});
export type OutboxSearch = z.infer<typeof outboxSearchSchema>;
