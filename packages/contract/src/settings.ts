import { z } from 'zod';
import { timestampSchema } from './common';
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
