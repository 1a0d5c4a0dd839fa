import { accounts, notifications } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { Services } from '../../context';
import { type BackoffOptions, errorMessage, type JobHandler, PermanentJobError, QueueWorker } from '../../queue';
import { isReceiptJob, sendReceiptEmail } from '../stores/receipt-email';
import { type NotificationJobPayload, notificationEmail, notificationRecipients } from './notify';

/** A send that has not answered by then counts as failed (and is tried again later). */
export const NOTIFICATION_SEND_TIMEOUT_MS = 30_000;

export interface NotificationDelivery {
  notificationId: number;
  /** The addresses it went to (on this attempt or an earlier one). */
  emailed: string[];
}

export interface NotificationWorkerOptions {
  sendTimeoutMs?: number;
  onError?: (error: unknown) => void;
  idleMs?: number;
  leaseMs?: number;
  backoff?: BackoffOptions;
}

/** The key under which one notification's e-mail to one address is delivered at most once. */
export const notificationEmailKey = (notificationId: number, address: string) =>
  `notification:${notificationId}:${address.toLowerCase()}`;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `queue_notifications`: e-mails one notification to the account's active users whose preferences
 * allow its type (looked up now, so a preference turned off before the send is honoured). Each
 * address is sent under its own idempotency key, so a rerun (a retry after a failed address, a crash,
 * a lost lease) sends only what did not go out; before each send the lease is renewed and the run
 * stops if it was lost, so two runs do not send side by side. Any failed address fails the attempt:
 * the engine retries it with backoff, and after the last attempt the job shows in Error on the
 * processing page, where a person can retry it.
 */
export function notificationHandler(
  // The token secret, when given, prints the digital yearbooks' access codes on receipts.
  services: Pick<Services, 'db' | 'mailer'> & Partial<Pick<Services, 'tokenSecret'>>,
  options: Pick<NotificationWorkerOptions, 'sendTimeoutMs'> = {},
): JobHandler<NotificationJobPayload, NotificationDelivery> {
  const sendTimeoutMs = options.sendTimeoutMs ?? NOTIFICATION_SEND_TIMEOUT_MS;
  return async (job, context) => {
    const { db, mailer } = services;
    // The same queue carries the online stores' receipts to parents (stores/receipt-email.ts).
    if (isReceiptJob(job.payload)) {
      const payload = job.payload;
      const emailed = await withTimeout(sendReceiptEmail(services, payload), sendTimeoutMs, 'The mailer (receipt)');
      return { notificationId: 0, emailed };
    }
    const notificationId = Number(job.payload?.notificationId);
    const [row] = await db
      .select({ notification: notifications, accountName: accounts.name })
      .from(notifications)
      .innerJoin(accounts, eq(accounts.id, notifications.accountId))
      .where(eq(notifications.id, notificationId));
    if (!row) throw new PermanentJobError(`Notification ${job.payload?.notificationId} does not exist.`);
    const { subject, text } = notificationEmail(row.notification, row.accountName);
    const recipients = await notificationRecipients(db, row.notification.accountId, row.notification.typeNotification);
    const emailed: string[] = [];
    const failures: string[] = [];
    for (const recipient of recipients) {
      await context.heartbeat();
      if (context.signal.aborted) throw new Error('The job was taken over by another worker (lease lost).');
      try {
        await withTimeout(
          mailer.send({
            to: recipient.email,
            subject,
            text,
            idempotencyKey: notificationEmailKey(notificationId, recipient.email),
          }),
          sendTimeoutMs,
          `The mailer (to ${recipient.email})`,
        );
        emailed.push(recipient.email);
      } catch (error) {
        failures.push(`${recipient.email}: ${errorMessage(error)}`);
      }
    }
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${recipients.length} e-mails failed (${failures.join('; ')}).`);
    }
    return { notificationId, emailed };
  };
}

/** The `queue_notifications` worker (started with the others when WORKERS is on). */
export function createNotificationWorker(
  services: Pick<Services, 'db' | 'mailer'> & Partial<Pick<Services, 'tokenSecret'>>,
  options: NotificationWorkerOptions = {},
): QueueWorker<NotificationJobPayload, NotificationDelivery> {
  return new QueueWorker({
    db: services.db,
    queue: 'notifications',
    handler: notificationHandler(services, options),
    onError: options.onError,
    idleMs: options.idleMs,
    leaseMs: options.leaseMs,
    backoff: options.backoff,
  });
}
