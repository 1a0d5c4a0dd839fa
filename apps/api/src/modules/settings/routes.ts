import {
  accountSettingsSchema,
  accountSettingsUpdateSchema,
  bulkUpdateResultSchema,
  idParamsSchema,
  internalReviewBulkUpdateBodySchema,
  internalReviewSettingsSchema,
  problemSchema,
} from '@colophon/contract';
import { accountSettings, accounts, type Db } from '@colophon/db';
import { bookSpecViolations, effectiveInternalReview } from '@colophon/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { lineageOf, openableAccountIds, requireVisibleAccount, requireVisibleAccounts } from '../accounts/tree';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

type SettingsRow = typeof accountSettings.$inferSelect;
const defaults = {
  internalReview: false,
  optOutInternalReview: false,
  optInAdviserReviewNotes: false,
  projectDefaults: {},
};

export async function settingsOf(db: Db, accountIds: number[]): Promise<Map<number, SettingsRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.select().from(accountSettings).where(inArray(accountSettings.accountId, accountIds));
  return new Map(rows.map((row) => [row.accountId, row]));
}

/** The three bulk updates of part 7, each setting one flag on many accounts. */
const bulkUpdates = [
  { path: 'internal_review', column: 'internalReview' },
  { path: 'opt_out_internal_review', column: 'optOutInternalReview' },
  { path: 'opt_in_adviser_review_notes', column: 'optInAdviserReviewNotes' },
] as const;

export async function registerSettingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  routes.get(
    '/api/accounts/settings/internal_review/:id',
    {
      config: { permission: 'accounts.view' },
      schema: {
        tags: ['accounts'],
        summary: "An account's internal review settings, with what its parent and grandparent decide",
        params: idParamsSchema,
        response: { 200: internalReviewSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const account = await requireVisibleAccount(context, request.params.id);
      const lineage = await lineageOf(context, account.id);
      const stored = await settingsOf(
        context.db,
        lineage.map((node) => node.id),
      );
      const own = stored.get(account.id);
      const decidedBy = lineage.find((node) => {
        const settings = stored.get(node.id);
        return settings && (settings.optOutInternalReview || settings.internalReview);
      });
      return {
        accountId: account.id,
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
    },
  );

  for (const update of bulkUpdates) {
    routes.post(
      `/api/accounts/settings/${update.path}/bulk_update`,
      {
        config: { permission: 'settings.manage' },
        schema: {
          tags: ['accounts'],
          summary: `Set ${update.column} on many accounts at once (all or nothing)`,
          body: internalReviewBulkUpdateBodySchema,
          response: { 200: bulkUpdateResultSchema, ...problems },
        },
      },
      async (request) => {
        const context = contextOf(request);
        const { accountIds, value } = request.body;
        await requireVisibleAccounts(context, accountIds);
        // One statement: every account changes, or (on any error) none does.
        await context.db
          .insert(accountSettings)
          .values(accountIds.map((accountId) => ({ accountId, [update.column]: value })))
          .onConflictDoUpdate({
            target: accountSettings.accountId,
            set: { [update.column]: value, updatedAt: new Date() },
          });
        return { updated: accountIds.length, accountIds, value };
      },
    );
  }

  const settingsView = async (db: Db, accountId: number) => {
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
  };

  routes.get(
    '/api/account_settings/:id',
    {
      config: { permission: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: "An account's settings (the id is the account's)",
        params: idParamsSchema,
        response: { 200: accountSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const account = await requireVisibleAccount(context, request.params.id);
      return settingsView(context.db, account.id);
    },
  );

  routes.put(
    '/api/account_settings/:id',
    {
      config: { permission: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: "Change an account's settings (only the fields sent)",
        params: idParamsSchema,
        body: accountSettingsUpdateSchema,
        response: { 200: accountSettingsSchema, ...problems },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const account = await requireVisibleAccount(context, request.params.id);
      const { mfaRequired, ...settings } = request.body;
      if (settings.projectDefaults) {
        const [violation] = bookSpecViolations(settings.projectDefaults);
        if (violation) throw invalidField(`projectDefaults.${violation.path}`, violation.message);
      }
      await context.db.transaction(async (tx) => {
        if (Object.keys(settings).length > 0) {
          await tx
            .insert(accountSettings)
            .values({ accountId: account.id, ...settings })
            .onConflictDoUpdate({ target: accountSettings.accountId, set: { ...settings, updatedAt: new Date() } });
        }
        if (mfaRequired !== undefined && mfaRequired !== account.mfaRequired) {
          await tx.update(accounts).set({ mfaRequired, updatedAt: new Date() }).where(eq(accounts.id, account.id));
        }
      });
      return settingsView(context.db, account.id);
    },
  );
}
