import { z } from 'zod';

/** Every roster list's page and page size, named as the dashboard's lists name them. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
};
