import { listEnvelopeSchema } from '@colophon/contract';
import {
  DEFAULT_ROSTER_FILE_NAME_TEMPLATE,
  exportPresetSorts,
  ROSTER_FILE_NAME_TEMPLATE_MAX,
  rosterExportColumn,
  rosterExportLayout,
  rosterExportPresetProblems,
  rosterExportSort,
  rosterGrade,
  rosterRole,
} from '@colophon/domain';
import { z } from 'zod';
import { pageQuery } from './page-query';

/**
 * Export presets (issue 16, "Getting rosters out") and the school and district pickers of their
 * form. zod only, like contract.ts; the rules across fields are the domain's.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const search = z.string().trim().max(200).optional();

const presetFields = {
  name: z.string().trim().min(1, 'Enter a name').max(200),
  roles: z
    .array(z.enum(rosterRole.codes))
    .min(1, 'Choose at least one role')
    .max(rosterRole.codes.length)
    .transform((roles) => [...new Set(roles)]),
  /** Empty: every grade, and people without one. */
  grades: z
    .array(z.enum(rosterGrade.codes))
    .max(rosterGrade.codes.length)
    .default([])
    .transform((grades) => [...new Set(grades)]),
  columns: z.array(z.enum(rosterExportColumn.codes)).min(1, 'Choose at least one column').max(30),
  layout: z.enum(rosterExportLayout.codes),
  fileNameTemplate: z.string().trim().max(ROSTER_FILE_NAME_TEMPLATE_MAX).default(DEFAULT_ROSTER_FILE_NAME_TEMPLATE),
  sortOrder: z.enum(rosterExportSort.codes).default('familyName'),
  headerRow: z.boolean().default(true),
};

type PresetRuleInput = Parameters<typeof rosterExportPresetProblems>[0];
/** The domain's rules across fields, each issue at the field it names (`columns.1` → columns[1]). */
const presetRules = (preset: PresetRuleInput, context: z.RefinementCtx) => {
  for (const problem of rosterExportPresetProblems(preset)) {
    context.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    });
  }
};

export const exportPresetCreateSchema = z
  .object({ schoolId: id.optional(), districtId: id.optional(), ...presetFields })
  .refine((value) => (value.schoolId === undefined) !== (value.districtId === undefined), {
    message: 'Name either a schoolId or a districtId',
    path: ['schoolId'],
  })
  .superRefine(presetRules);
/** Every field is written; the owner stays the one the preset was made for. */
export const exportPresetUpdateSchema = z.object(presetFields).superRefine(presetRules);

export const exportPresetSchema = z.object({
  id: z.number(),
  name: z.string(),
  schoolId: z.number().nullable(),
  districtId: z.number().nullable(),
  /** The school's or district's name, for the list. */
  ownerName: z.string(),
  roles: z.array(z.enum(rosterRole.codes)),
  grades: z.array(z.enum(rosterGrade.codes)),
  columns: z.array(z.enum(rosterExportColumn.codes)),
  layout: z.enum(rosterExportLayout.codes),
  fileNameTemplate: z.string(),
  sortOrder: z.enum(rosterExportSort.codes),
  headerRow: z.boolean(),
  createdBy: z.number().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ExportPreset = z.infer<typeof exportPresetSchema>;

export { exportPresetSorts } from '@colophon/domain';
export const exportPresetListQuerySchema = z.object({
  ...pageQuery,
  sort: z.enum(exportPresetSorts).default('name'),
  schoolId: id.optional(),
  districtId: id.optional(),
  search,
});
export const exportPresetPageSchema = listEnvelopeSchema(exportPresetSchema);

/** The form's school and district pickers: what the caller may make a preset for. */
export const presetOwnerLookupQuerySchema = z.object({ ...pageQuery, search });
export const presetOwnerLookupPageSchema = listEnvelopeSchema(z.object({ id: z.number(), name: z.string() }));
