import { isWalkthroughId, walkthroughOutcomes } from '@colophon/domain';
import { z } from 'zod';
import { problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';

/** A tour's id, one of the domain's catalogue (`walkthroughs`). */
export const walkthroughIdSchema = z
  .string()
  .max(64)
  .refine(isWalkthroughId, { message: 'Choose one of the walkthroughs.' });

/** What became of one walkthrough for the signed-in user. */
export const walkthroughRecordSchema = z
  .object({
    tourId: z.string(),
    outcome: z.enum(walkthroughOutcomes),
    updatedAt: timestampSchema,
  })
  .meta({ id: 'WalkthroughRecord' });
export type WalkthroughRecord = z.infer<typeof walkthroughRecordSchema>;

/** At most one row per tour of the catalogue (17): the whole set, not a page. */
export const walkthroughRecordsSchema = z.object({ data: z.array(walkthroughRecordSchema) });

export const walkthroughOutcomeBodySchema = z.strictObject({ outcome: z.enum(walkthroughOutcomes) });

const tags = ['profile'];

/**
 * The guided walkthroughs a user finished or ended (a tour with a record no longer starts by
 * itself). Each call reads or writes the signed-in user's own records only.
 */
export const walkthroughOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/api/profile/tours',
    responses: { 200: walkthroughRecordsSchema },
    permission: 'profile.edit',
    summary: 'The walkthroughs the signed-in user finished or ended',
    tags,
  }),
  record: defineOperation({
    method: 'PUT',
    path: '/api/profile/tours/:tourId',
    params: z.object({ tourId: walkthroughIdSchema }),
    body: walkthroughOutcomeBodySchema,
    responses: { 200: walkthroughRecordSchema, ...problemResponses(400) },
    permission: 'profile.edit',
    summary: 'Remember that the signed-in user finished or ended a walkthrough',
    tags,
  }),
  reset: defineOperation({
    method: 'DELETE',
    path: '/api/profile/tours',
    responses: { 204: z.null() },
    permission: 'profile.edit',
    summary: 'Let every walkthrough start by itself again for the signed-in user',
    tags,
  }),
};
