import { accounts, type Db, notifications, userAccounts, userNotificationPreferences, users } from '@colophon/db';
import { bookType, notificationType, wantsNotificationEmail } from '@colophon/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { enqueue } from '../../queue';

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
  /** The `queue_notifications` job that e-mails it (worker.ts). */
  jobId: number;
}

/** A `queue_notifications` job: e-mail one notification to the users who want it. */
export interface NotificationJobPayload {
  notificationId: number;
}

/**
 * How often a notification's e-mails are tried before the job ends in Error: the engine's backoff
 * (2 s doubling) spreads ten attempts over about 17 minutes, which rides out a short mail outage.
 */
export const NOTIFICATION_MAX_ATTEMPTS = 10;

/** A notification as stored (or as raised): the fields its e-mail shows. */
type EmailFields = { [Key in keyof NotificationInput]?: NotificationInput[Key] | null } & {
  typeNotification: number;
};

/** The e-mail of a notification: its type and account as the subject, its filled-in fields as lines. */
export function notificationEmail(input: EmailFields, accountName: string): { subject: string; text: string } {
  const subject = `${notificationType.label(input.typeNotification)}: ${accountName}`.slice(0, 300);
  return { subject, text: emailText(input, accountName) };
}

function emailText(input: EmailFields, accountName: string): string {
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
 * Records a notification on its account and queues its e-mail (part 7's `queue_notifications`) in
 * one transaction. Pass the transaction of the change that caused it, so the change, the
 * notification and its e-mail stand or fall together. Nothing is sent here: the notifications worker
 * (worker.ts) e-mails the account's active users whose preferences allow the type, with retries, so
 * a slow or failing mailer never slows or fails the request that raised the notification.
 */
export async function notify(db: Db, input: NotificationInput): Promise<NotifyOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId));
    if (!account) throw new Error(`notify: account ${input.accountId} does not exist`);
    const [notification] = await tx
      .insert(notifications)
      .values({ ...input, date: input.date ?? new Date() })
      .returning();
    if (!notification) throw new Error('notification insert returned nothing');
    const job = await enqueue<NotificationJobPayload>(
      tx,
      'notifications',
      { notificationId: notification.id },
      { maxAttempts: NOTIFICATION_MAX_ATTEMPTS },
    );
    return { notification, jobId: job.id };
  });
}

/**
 * The addresses a notification of this type on this account goes to: the account's active users
 * whose `user_notifications` preferences allow it (every type is on until a user turns it off).
 */
export async function notificationRecipients(
  db: Db,
  accountId: number,
  typeNotification: number,
): Promise<{ id: number; email: string }[]> {
  const members = await db
    .select({ id: users.id, email: users.email })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.accountId, accountId), eq(users.isActive, true)));
  if (members.length === 0) return [];
  const preferences = await db
    .select()
    .from(userNotificationPreferences)
    .where(
      and(
        inArray(
          userNotificationPreferences.userId,
          members.map((member) => member.id),
        ),
        eq(userNotificationPreferences.typeNotification, typeNotification),
      ),
    );
  return members.filter((member) =>
    wantsNotificationEmail(
      preferences.filter((preference) => preference.userId === member.id),
      typeNotification,
    ),
  );
}
