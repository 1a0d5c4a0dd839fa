import { z } from 'zod';
import { timestampSchema } from './common';
import { defineResourceContract, filter } from './resource-contract';

/** A notification with the fields of part 3 (`notificationType.label` names its type; unknown → Unknown). */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    projectId: z.number().int().nullable(),
    typeNotification: z.number().int(),
    date: timestampSchema,
    userName: z.string().nullable(),
    projectName: z.string().nullable(),
    orderExternalId: z.string().nullable(),
    info: z.string().nullable(),
    carrier: z.string().nullable(),
    typeTrackingNumber: z.number().int().nullable(),
    typeBook: z.number().int().nullable(),
    trackingNumber: z.string().nullable(),
    shippingMethod: z.string().nullable(),
    errorMessage: z.string().nullable(),
    createdAt: timestampSchema,
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `GET notifications`: newest first by default; `include=account` adds the account's code and name.
 * Read-only: they are written by `notify()`.
 */
export const notificationsContract = defineResourceContract({
  name: 'notifications',
  label: 'Notification',
  item: notificationSchema,
  filters: {
    accountId: filter.ids(),
    projectId: filter.id(),
    typeNotification: filter.codes(),
    /** From this instant (or date) on, inclusive. */
    dateFrom: filter.instant(),
    /** Up to this instant (or the end of this date), inclusive. */
    dateTo: filter.instant(),
  },
  includes: ['account'],
  sorts: ['date'],
  defaultSort: '-date',
  offers: ['list', 'get'],
  permission: { read: 'accounts.view', write: 'accounts.manage' },
});
export type NotificationListQuery = z.input<typeof notificationsContract.listQuery>;
