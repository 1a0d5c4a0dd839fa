import { z } from 'zod';
import { listSearchSchema, searchNumberList, searchText } from '../../lib/list-search';

/** The presets list's URL; `edit` opens a preset's drawer ('new' for a new one). */
export const presetsSearchSchema = listSearchSchema.extend({
  search: searchText,
  accountId: searchNumberList,
  edit: z
    .union([z.literal('new'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
});
export type PresetsSearch = z.infer<typeof presetsSearchSchema>;
