import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryList, timestampSchema } from './common';

/** As much of an account as access needs; the accounts capability grows this. */
export const accountSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.number().int(),
    typeSoftware: z.number().int(),
    typeWhereCreated: z.number().int(),
    country: z.string(),
    parentAccountId: z.number().int().nullable(),
    depth: z.number().int(),
    mfaRequired: z.boolean(),
    isActive: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListQuerySchema = listQuerySchema(['name', 'code', 'type', 'createdAt'] as const).extend({
  search: z.string().trim().max(100).optional(),
  type: queryList(z.coerce.number().int()).optional(),
  country: queryList(z.string().length(2)).optional(),
  parentAccountId: z.coerce.number().int().positive().optional(),
  isActive: queryBoolean.optional(),
});
