import type { AccountSettings, InternalReviewSettings } from '@colophon/contract';
import { accountSettings, accounts, type Db } from '@colophon/db';
import { effectiveInternalReview } from '@colophon/domain';
import { eq, inArray } from 'drizzle-orm';
import type { ResourceContext } from '../../engine/resource';
import { lineageOf, openableAccountIds } from '../accounts/tree';

type SettingsRow = typeof accountSettings.$inferSelect;
const defaults = {
  internalReview: false,
  optOutInternalReview: false,
  optInAdviserReviewNotes: false,
  projectDefaults: {},
};

/** The stored settings of these accounts, by account id (an account that never saved any has none). */
export async function settingsOf(db: Db, accountIds: number[]): Promise<Map<number, SettingsRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.select().from(accountSettings).where(inArray(accountSettings.accountId, accountIds));
  return new Map(rows.map((row) => [row.accountId, row]));
}

/** An account's settings as the API answers them: every default filled in, `updatedAt` null when never saved. */
export async function settingsView(db: Db, accountId: number): Promise<AccountSettings> {
  const [account] = await db
    .select({ mfaRequired: accounts.mfaRequired })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const stored = (await settingsOf(db, [accountId])).get(accountId);
  return {
    accountId,
    internalReview: stored?.internalReview ?? defaults.internalReview,
    optOutInternalReview: stored?.optOutInternalReview ?? defaults.optOutInternalReview,
    optInAdviserReviewNotes: stored?.optInAdviserReviewNotes ?? defaults.optInAdviserReviewNotes,
    projectDefaults: (stored?.projectDefaults ?? defaults.projectDefaults) as Record<string, never>,
    mfaRequired: account?.mfaRequired ?? false,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/** An account's own internal review flags, and which account of its lineage decides (the nearest that set one). */
export async function internalReviewOf(context: ResourceContext, accountId: number): Promise<InternalReviewSettings> {
  const lineage = await lineageOf(context, accountId);
  const stored = await settingsOf(
    context.db,
    lineage.map((node) => node.id),
  );
  const own = stored.get(accountId);
  const decidedBy = lineage.find((node) => {
    const settings = stored.get(node.id);
    return settings && (settings.optOutInternalReview || settings.internalReview);
  });
  return {
    accountId,
    internalReview: own?.internalReview ?? false,
    optOutInternalReview: own?.optOutInternalReview ?? false,
    optInAdviserReviewNotes: own?.optInAdviserReviewNotes ?? false,
    effectiveInternalReview: effectiveInternalReview(lineage.map((node) => stored.get(node.id))),
    decidedByAccountId: decidedBy?.id ?? null,
    decidedBy: decidedBy
      ? {
          id: decidedBy.id,
          name: decidedBy.name,
          canOpen: (await openableAccountIds(context, [decidedBy.id])).has(decidedBy.id),
        }
      : null,
  };
}
