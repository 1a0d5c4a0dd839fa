import type { Enumeration } from '@colophon/domain';
import { z } from 'zod';
import { idSchema } from './common';

/** A code of one of the spec's enumerations; the message lists the valid codes. */
export function codeOf<Code extends number>(enumeration: Enumeration<Code>, what: string) {
  return z
    .number()
    .int()
    .refine((code) => enumeration.has(code), {
      message: `Must be one of the ${what} codes ${enumeration.codes.join(', ')}`,
    });
}

/** A text code (country, shipping method…) of one of the spec's enumerations. */
export function textCodeOf<Code extends string>(enumeration: Enumeration<Code>, what: string) {
  return z.string().refine((code) => enumeration.has(code), {
    message: `Must be one of the ${what} codes ${enumeration.codes.join(', ')}`,
  });
}

/** A calendar date, YYYY-MM-DD (deadlines, in-home dates). */
export const isoDateSchema = z.iso.date();

/** One option of a picker, as every picker takes it. */
export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** `{ accountIds, value }`: one setting set on many accounts at once, all or nothing. */
export const bulkUpdateBodySchema = z.object({
  accountIds: z
    .array(idSchema)
    .min(1, 'Choose at least one account')
    .max(1000, 'At most 1,000 accounts at once')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each account may appear once' }),
  value: z.boolean(),
});
export type BulkUpdateBody = z.infer<typeof bulkUpdateBodySchema>;
