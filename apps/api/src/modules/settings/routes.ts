import {
  getAccountSettings,
  getInternalReviewSettings,
  settingsBulkUpdates,
  updateAccountSettings,
} from '@colophon/contract';
import { accountSettings, accounts } from '@colophon/db';
import { bookSpecViolations } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { requireVisibleAccount, requireVisibleAccounts } from '../accounts/tree';
import { internalReviewOf, settingsView } from './service';

export async function registerSettingsRoutes(app: FastifyInstance) {
  implement(app, getInternalReviewSettings, async function internalReviewSettings(request) {
    const context = requestContext(app, request);
    const account = await requireVisibleAccount(context, request.params.id);
    return internalReviewOf(context, account.id);
  });

  for (const [column, operation] of Object.entries(settingsBulkUpdates)) {
    implement(app, operation, async function bulkUpdateSetting(request) {
      const context = requestContext(app, request);
      const { accountIds, value } = request.body;
      await requireVisibleAccounts(context, accountIds);
      // One statement: every account changes, or (on any error) none does.
      await context.db
        .insert(accountSettings)
        .values(accountIds.map((accountId) => ({ accountId, [column]: value })))
        .onConflictDoUpdate({
          target: accountSettings.accountId,
          set: { [column]: value, updatedAt: new Date() },
        });
      return { updated: accountIds.length, accountIds, value };
    });
  }

  implement(app, getAccountSettings, async function accountSettingsOf(request) {
    const context = requestContext(app, request);
    const account = await requireVisibleAccount(context, request.params.id);
    return settingsView(context.db, account.id);
  });

  implement(app, updateAccountSettings, async function changeAccountSettings(request) {
    const context = requestContext(app, request);
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
  });
}
