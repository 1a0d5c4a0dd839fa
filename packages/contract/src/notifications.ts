import { z } from 'zod';
import { idParam, listQuerySchema, queryList, smallintParam, timestampSchema } from './common';

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

/** `GET notifications`: newest first by default; `include=account` adds the account's code and name. */
export const notificationListQuerySchema = listQuerySchema(['date'] as const).extend({
  accountId: queryList(idParam).optional(),
  projectId: idParam.optional(),
  typeNotification: queryList(smallintParam).optional(),
  /** From this instant (or date) on, inclusive. */
  dateFrom: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  /** Up to this instant (or the end of this date), inclusive. */
  dateTo: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;
