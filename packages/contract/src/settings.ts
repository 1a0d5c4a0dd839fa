import { z } from 'zod';
import { bulkUpdateResultSchema, internalReviewBulkUpdateBodySchema, internalReviewSettingsSchema } from './accounts';
import { idParamsSchema, timestampSchema } from './common';
import { defineOperation } from './operation';
import { bookSpecificationSchema } from './projects';

/**
 * `GET/PUT account_settings/{accountId}`: what a studio or school configures (/admin/settings).
 * An account that never saved anything gets every default (and `updatedAt` null).
 */
export const accountSettingsSchema = z
  .object({
    accountId: z.number().int(),
    /** The defaults new projects of this account (and of the accounts below it) start from. */
    projectDefaults: bookSpecificationSchema,
    /** Proofs go through the plant's internal review before the school sees them. */
    internalReview: z.boolean(),
    /** The account declines internal review, even when its studio turned it on. */
    optOutInternalReview: z.boolean(),
    /** Advisers receive the internal reviewers' notes. */
    optInAdviserReviewNotes: z.boolean(),
    /** Every user of the account (and of its tree) signs in with a second factor. */
    mfaRequired: z.boolean(),
    updatedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'AccountSettings' });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** Only the fields sent change; `projectDefaults`, when sent, replaces the stored defaults. */
export const accountSettingsUpdateSchema = z
  .object({
    projectDefaults: bookSpecificationSchema,
    internalReview: z.boolean(),
    optOutInternalReview: z.boolean(),
    optInAdviserReviewNotes: z.boolean(),
    mfaRequired: z.boolean(),
  })
  .partial();
export type AccountSettingsUpdate = z.input<typeof accountSettingsUpdateSchema>;

/** `GET /api/accounts/settings/internal_review/:id`: the account's own flags and what its parent and grandparent decide. */
export const getInternalReviewSettings = defineOperation({
  method: 'GET',
  path: '/api/accounts/settings/internal_review/:id',
  params: idParamsSchema,
  responses: { 200: internalReviewSettingsSchema },
  permission: 'accounts.view',
  summary: "An account's internal review settings, with what its parent and grandparent decide",
  tags: ['accounts'],
});

/** The three bulk updates of part 7, each setting one flag on many accounts (all or nothing). */
const bulkUpdate = <const Path extends string>(path: Path, column: string) =>
  defineOperation({
    method: 'POST',
    path: `/api/accounts/settings/${path}/bulk_update`,
    body: internalReviewBulkUpdateBodySchema,
    responses: { 200: bulkUpdateResultSchema },
    permission: 'settings.manage',
    summary: `Set ${column} on many accounts at once (all or nothing)`,
    tags: ['accounts'],
  });
export const settingsBulkUpdates = {
  internalReview: bulkUpdate('internal_review', 'internalReview'),
  optOutInternalReview: bulkUpdate('opt_out_internal_review', 'optOutInternalReview'),
  optInAdviserReviewNotes: bulkUpdate('opt_in_adviser_review_notes', 'optInAdviserReviewNotes'),
};

export const getAccountSettings = defineOperation({
  method: 'GET',
  path: '/api/account_settings/:id',
  params: idParamsSchema,
  responses: { 200: accountSettingsSchema },
  permission: 'settings.manage',
  summary: "An account's settings (the id is the account's)",
  tags: ['settings'],
});

export const updateAccountSettings = defineOperation({
  method: 'PUT',
  path: '/api/account_settings/:id',
  params: idParamsSchema,
  body: accountSettingsUpdateSchema,
  responses: { 200: accountSettingsSchema },
  permission: 'settings.manage',
  summary: "Change an account's settings (only the fields sent)",
  tags: ['settings'],
});
