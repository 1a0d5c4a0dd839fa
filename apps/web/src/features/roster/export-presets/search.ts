import { exportPresetSorts } from '@colophon/domain';
import { z } from 'zod';
import { listSearchSchema, searchBoolean, searchId, searchText } from '../../../lib/list-search';

/**
 * The export presets list's URL: search and sort; `preset` opens a preset's drawer, `create` a new
 * one, `job` the status of an export run from here (so a reload keeps watching it).
 */
export const exportPresetsSearchSchema = listSearchSchema.extend({
  sort: z.enum(exportPresetSorts).optional().catch(undefined),
  search: searchText,
  preset: searchId,
  create: searchBoolean,
  job: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
export type ExportPresetsSearch = z.infer<typeof exportPresetsSearchSchema>;
