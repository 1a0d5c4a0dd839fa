import { z } from 'zod';
import { idParamsSchema, problemResponses } from './common';
import { defineOperation } from './operation';

/** One page of a book's work in progress: its image (a link that works for a day, or the configurator's own). */
export const workInProgressPageSchema = z.object({
  page: z.number().int().min(1),
  imageUrl: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type WorkInProgressPage = z.infer<typeof workInProgressPageSchema>;

/**
 * A book's work in progress as the layout configurator has it (`GET dashboard/wip/{id}`), or,
 * without a configurator, the pages of the project's latest processed proof.
 */
export const workInProgressSchema = z
  .object({
    projectId: z.number().int(),
    /** Where the pages come from: the configurator, or the latest proof (the offline default). */
    source: z.enum(['configurator', 'latest_proof']),
    /** The latest proof the pages are drawn from (source latest_proof). */
    proofId: z.number().int().nullable(),
    /** The configurator's word for the book's state ("editing", "submitted"), when it gives one. */
    status: z.string().nullable(),
    updatedAt: z.string().nullable(),
    pages: z.array(workInProgressPageSchema),
  })
  .meta({ id: 'WorkInProgress' });
export type WorkInProgress = z.infer<typeof workInProgressSchema>;

/** The project screen's "Work in progress": a failure of the configurator is a 502 saying so. */
export const getProjectWorkInProgress = defineOperation({
  method: 'GET',
  path: '/api/projects/:id/work_in_progress',
  params: idParamsSchema,
  responses: { 200: workInProgressSchema, ...problemResponses(404, 502) },
  permission: 'projects.view',
  summary: "A book's work in progress from the layout configurator (offline: the latest proof's pages)",
  tags: ['projects'],
});
