import type { AccountSettings, AccountSettingsUpdate } from '@colophon/contract';
import { z } from 'zod';
import { type BookSpecValues, bookSpecValues, filledSpec, refineBookSpec } from '../projects';

/**
 * The settings form: the defaults for new projects held as the book form holds a preset's
 * (`specification`), checked by the domain's book rules, sent as the contract's `projectDefaults`
 * (only the fields that say something) with the review and MFA flags.
 */
export const settingsFormSchema = z
  .object({
    specification: z.custom<BookSpecValues>((value) => typeof value === 'object' && value !== null),
    internalReview: z.boolean(),
    optOutInternalReview: z.boolean(),
    optInAdviserReviewNotes: z.boolean(),
    mfaRequired: z.boolean(),
  })
  .superRefine(refineBookSpec(['specification']))
  .transform(
    ({ specification, ...flags }): AccountSettingsUpdate => ({ projectDefaults: filledSpec(specification), ...flags }),
  );
export type SettingsFormValues = z.input<typeof settingsFormSchema>;

export function settingsFormValues(settings: AccountSettings): SettingsFormValues {
  return {
    specification: bookSpecValues(settings.projectDefaults),
    internalReview: settings.internalReview,
    optOutInternalReview: settings.optOutInternalReview,
    optInAdviserReviewNotes: settings.optInAdviserReviewNotes,
    mfaRequired: settings.mfaRequired,
  };
}

/** The server names the defaults `projectDefaults.<field>`; the form holds them under `specification`. */
export function formPathOf(serverPath: string): string {
  return serverPath.replace(/^projectDefaults\./, 'specification.');
}
