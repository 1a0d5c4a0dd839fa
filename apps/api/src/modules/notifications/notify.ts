import { accounts, type Db, notifications, userAccounts, userNotificationPreferences, users } from '@colophon/db';
import { bookType, notificationType, wantsNotificationEmail } from '@colophon/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Mailer } from '../../integrations/email/mailer';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationInput {
  accountId: number;
  typeNotification: number;
  projectId?: number | null;
  date?: Date;
  userName?: string | null;
  projectName?: string | null;
  orderExternalId?: string | null;
  info?: string | null;
  carrier?: string | null;
  typeTrackingNumber?: number | null;
  typeBook?: number | null;
  trackingNumber?: string | null;
  shippingMethod?: string | null;
  errorMessage?: string | null;
}

export interface NotifyOutcome {
  notification: NotificationRow;
  /** Addresses the e-mail went to. */
  emailed: string[];
  /** Addresses whose e-mail failed (the notification stands; the failure is in the outbox). */
  failed: string[];
}

function emailText(input: NotificationInput, accountName: string): string {
  const lines = [`${notificationType.label(input.typeNotification)} — ${accountName}`, ''];
  const fields: [string, string | number | null | undefined][] = [
    ['Project', input.projectName],
    ['Book type', input.typeBook ? bookType.label(input.typeBook) : null],
    ['Order', input.orderExternalId],
    ['By', input.userName],
    ['Carrier', input.carrier],
    ['Shipping method', input.shippingMethod],
    ['Tracking number', input.trackingNumber],
    ['Details', input.info],
    ['Error', input.errorMessage],
  ];
  for (const [label, value] of fields)
    if (value !== null && value !== undefined && value !== '') lines.push(`${label}: ${value}`);
  lines.push('', 'You receive this because of your notification settings in Colophon (Profile → Notifications).');
  return lines.join('\n');
}

/**
 * Records a notification on its account and e-mails the account's active users whose
 * `user_notifications` preferences allow that type (every type is on until a user turns it off).
 * An e-mail that fails does not undo the notification.
 */
export async function notify(services: { db: Db; mailer: Mailer }, input: NotificationInput): Promise<NotifyOutcome> {
  const { db, mailer } = services;
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new Error(`notify: account ${input.accountId} does not exist`);
  const [notification] = await db
    .insert(notifications)
    .values({ ...input, date: input.date ?? new Date() })
    .returning();
  if (!notification) throw new Error('notification insert returned nothing');

  const members = await db
    .select({ id: users.id, email: users.email })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.accountId, input.accountId), eq(users.isActive, true)));
  const preferences =
    members.length === 0
      ? []
      : await db
          .select()
          .from(userNotificationPreferences)
          .where(
            and(
              inArray(
                userNotificationPreferences.userId,
                members.map((member) => member.id),
              ),
              eq(userNotificationPreferences.typeNotification, input.typeNotification),
            ),
          );
  const recipients = members.filter((member) =>
    wantsNotificationEmail(
      preferences.filter((preference) => preference.userId === member.id),
      input.typeNotification,
    ),
  );
  const subject = `${notificationType.label(input.typeNotification)}: ${account.name}`.slice(0, 300);
  const text = emailText(input, account.name);
  const emailed: string[] = [];
  const failed: string[] = [];
  for (const recipient of recipients) {
    try {
      await mailer.send({ to: recipient.email, subject, text });
      emailed.push(recipient.email);
    } catch {
      failed.push(recipient.email);
    }
  }
  return { notification, emailed, failed };
}
