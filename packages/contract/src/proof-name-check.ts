import { NAME_FINDING_REASONS } from '@colophon/domain';
import { z } from 'zod';
import { INT4_MAX, idParam, listEnvelopeSchema, MAX_PER_PAGE, timestampSchema } from './common';
import { defineOperation } from './operation';

/**
 * The name check of a proof against its school's roster (issue 16): near misses of roster names,
 * pinned on their page, and the roster's students printed on no page.
 */
export const nameFindingSchema = z.object({
  pageNumber: z.number().int(),
  /** In points from the page's top-left, like the preflight's finding boxes. */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** As printed. */
  found: z.string(),
  /** The likely intended spelling, in the printed order. */
  intended: z.string(),
  individualId: z.string(),
  reason: z.enum(NAME_FINDING_REASONS),
  /** Other roster people the printed name is just as close to. */
  alternatives: z.array(z.object({ individualId: z.string(), intended: z.string() })),
});
export type NameFindingView = z.infer<typeof nameFindingSchema>;

export const missingStudentSchema = z.object({
  individualId: z.string(),
  name: z.string(),
  grade: z.string(),
  gradeLabel: z.string(),
  homeroom: z.string(),
});
export type MissingStudentView = z.infer<typeof missingStudentSchema>;

/**
 * - `noRoster`: the proof's school has no roster, nothing to check against;
 * - `notChecked`: the school has a roster, but this proof was processed before it (or is processing);
 * - `checked`: findings and missing students below;
 * - `failed`: the check could not run (`error`); the proof's processing went on without it.
 */
export const NAME_CHECK_STATES = ['noRoster', 'notChecked', 'checked', 'failed'] as const;

export const proofNameCheckSchema = z.object({
  proofId: z.number().int(),
  state: z.enum(NAME_CHECK_STATES),
  checkedAt: timestampSchema.nullable(),
  /** Active people of the roster looked for (students, teachers and staff). */
  rosterSize: z.number().int(),
  studentCount: z.number().int(),
  /** Roster people printed on at least one page. */
  matched: z.number().int(),
  pageCount: z.number().int(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** Every finding, by page then position (a book has a handful; the screen lists them all). */
  findings: z.array(nameFindingSchema),
  /** The missing students, one page of them, by grade, homeroom and family name. */
  missing: listEnvelopeSchema(missingStudentSchema),
  /** How many students are missing in each grade and homeroom (all of them, not only this page). */
  missingGroups: z.array(
    z.object({ grade: z.string(), gradeLabel: z.string(), homeroom: z.string(), count: z.number().int() }),
  ),
});
export type ProofNameCheck = z.infer<typeof proofNameCheckSchema>;

export const proofNameCheckQuerySchema = z.object({
  /** The page of the missing students' list. */
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE),
});

export const getProofNameCheck = defineOperation({
  method: 'GET',
  path: '/api/proofs/:id/name-check',
  params: z.object({ id: idParam }),
  query: proofNameCheckQuerySchema,
  responses: { 200: proofNameCheckSchema },
  permission: 'proofs.view',
  summary:
    "The proof's name check against its school's roster: misspelt names pinned on their pages, and the students printed on no page (paginated)",
  tags: ['proofs'],
});
