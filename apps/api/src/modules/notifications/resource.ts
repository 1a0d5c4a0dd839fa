import { notificationsContract } from '@colophon/contract';
import { notifications } from '@colophon/db';
import { bookType, notificationType, SOURCE_TIME_ZONE, zonedDayEnd, zonedDayStart } from '@colophon/domain';
import { gte, lt, lte, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { includeAccountNames } from '../accounts/tree';

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A bare date names a London day (part 5: dates are London time), daylight saving time included:
 * `dateFrom` from its start, `dateTo` through its end. An instant is taken as it is.
 */
function dateFromCondition(value: string): SQL {
  if (!isDateOnly(value)) return gte(notifications.date, new Date(value));
  return gte(notifications.date, zonedDayStart(value, SOURCE_TIME_ZONE) ?? new Date(value));
}

function dateToCondition(value: string): SQL {
  if (!isDateOnly(value)) return lte(notifications.date, new Date(value));
  return lt(notifications.date, zonedDayEnd(value, SOURCE_TIME_ZONE) ?? new Date(value));
}

/**
 * Notifications of the caller's accounts (part 3's fields), newest first; shown on an account
 * (`accountId=`) and on the profile (every account of the user). They are written by `notify()`.
 */
export function registerNotificationsResource(app: FastifyInstance) {
  registerResource(app, notificationsContract, {
    table: notifications,
    scope: (context) => accountVisible(context.auth, notifications.accountId),
    filterBy: { dateFrom: dateFromCondition, dateTo: dateToCondition },
    hooks: {
      includes: { account: includeAccountNames },
    },
    csv: [
      { header: 'Date', value: (row) => row.date.toISOString() },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Type', value: (row) => notificationType.label(row.typeNotification) },
      { header: 'Project', value: (row) => row.projectName },
      { header: 'Book type', value: (row) => (row.typeBook ? bookType.label(row.typeBook) : '') },
      { header: 'User', value: (row) => row.userName },
      { header: 'Order', value: (row) => row.orderExternalId },
      { header: 'Carrier', value: (row) => row.carrier },
      { header: 'Tracking number', value: (row) => row.trackingNumber },
      { header: 'Info', value: (row) => row.info },
      { header: 'Error', value: (row) => row.errorMessage },
    ],
  });
}
