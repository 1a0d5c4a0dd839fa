import { presetsContract } from '@colophon/contract';
import { z } from 'zod';

/** The presets list's URL (filters from the contract); `edit` opens a preset's drawer ('new' for a new one). */
export const presetsSearchSchema = presetsContract.urlSearch.extend({
  edit: z
    .union([z.literal('new'), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
});
export type PresetsSearch = z.infer<typeof presetsSearchSchema>;
