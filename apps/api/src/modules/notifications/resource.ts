import { notificationListQuerySchema, notificationSchema } from '@colophon/contract';
import { accounts, notifications } from '@colophon/db';
import { bookType, notificationType, SOURCE_TIME_ZONE, zonedDayEnd, zonedDayStart } from '@colophon/domain';
import { eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { defineResource } from '../../engine/resource';

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A bare date names a London day (part 5: dates are London time), daylight saving time included:
 * `dateFrom` from its start, `dateTo` through its end. An instant is taken as it is.
 */
const dayStart = (value: string) => zonedDayStart(value, SOURCE_TIME_ZONE) ?? new Date(value);

function dateToCondition(value: string): SQL {
  if (!isDateOnly(value)) return lte(notifications.date, new Date(value));
  return lt(notifications.date, zonedDayEnd(value, SOURCE_TIME_ZONE) ?? new Date(value));
}

/**
 * Notifications of the caller's accounts (part 3's fields), newest first; shown on an account
 * (`accountId=`) and on the profile (every account of the user). They are written by `notify()`.
 */
export const notificationsResource = defineResource({
  name: 'notifications',
  label: 'Notification',
  table: notifications,
  item: notificationSchema,
  listQuery: notificationListQuerySchema,
  operations: ['list', 'get'],
  access: { read: 'accounts.view', write: 'accounts.manage' },
  sorts: { date: notifications.date },
  defaultSort: '-date',
  scope: (context) => accountVisible(context.auth, notifications.accountId),
  filters: (query: z.output<typeof notificationListQuerySchema>) => [
    query.accountId?.length ? inArray(notifications.accountId, query.accountId) : undefined,
    query.projectId ? eq(notifications.projectId, query.projectId) : undefined,
    query.typeNotification?.length ? inArray(notifications.typeNotification, query.typeNotification) : undefined,
    query.dateFrom
      ? gte(notifications.date, isDateOnly(query.dateFrom) ? dayStart(query.dateFrom) : new Date(query.dateFrom))
      : undefined,
    query.dateTo ? dateToCondition(query.dateTo) : undefined,
  ],
  includes: {
    async account(rows, context) {
      const ids = [...new Set(rows.map((row) => row.accountId as number))];
      const found = ids.length
        ? await context.db
            .select({ id: accounts.id, code: accounts.code, name: accounts.name })
            .from(accounts)
            .where(inArray(accounts.id, ids))
        : [];
      for (const row of rows) row.account = found.find((account) => account.id === row.accountId);
    },
  },
  csv: [
    { header: 'Date', value: (row) => (row.date instanceof Date ? row.date.toISOString() : String(row.date)) },
    { header: 'Account', value: (row) => (row.account as { name: string } | undefined)?.name ?? String(row.accountId) },
    { header: 'Type', value: (row) => notificationType.label(row.typeNotification as number) },
    { header: 'Project', value: (row) => row.projectName as string | null },
    { header: 'Book type', value: (row) => (row.typeBook ? bookType.label(row.typeBook as number) : '') },
    { header: 'User', value: (row) => row.userName as string | null },
    { header: 'Order', value: (row) => row.orderExternalId as string | null },
    { header: 'Carrier', value: (row) => row.carrier as string | null },
    { header: 'Tracking number', value: (row) => row.trackingNumber as string | null },
    { header: 'Info', value: (row) => row.info as string | null },
    { header: 'Error', value: (row) => row.errorMessage as string | null },
  ],
});
