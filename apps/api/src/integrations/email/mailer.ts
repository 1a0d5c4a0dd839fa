import type { Db } from '@colophon/db';
import { outboxEmails } from '@colophon/db';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /**
   * Deliver this message at most once under this key (a queue job that runs again after a crash or a
   * lost lease must not e-mail twice). The outbox row carries the key; a key already sent is skipped.
   */
  idempotencyKey?: string;
}

/** E-mail behind one small interface: the outbox by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(email: OutgoingEmail): Promise<void>;
}

/**
 * The embedded default: every message is kept in the outbox table, where a super admin reads it
 * (and the demo shows MFA codes and set-password links) — nothing leaves the machine.
 */
export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(email) {
      // Keeping the row is the delivery, so a key already kept is simply not kept again.
      await db
        .insert(outboxEmails)
        .values({
          toAddress: email.to,
          subject: email.subject,
          text: email.text,
          transport: 'outbox',
          sentAt: new Date(),
          idempotencyKey: email.idempotencyKey ?? null,
        })
        .onConflictDoNothing({ target: outboxEmails.idempotencyKey });
    },
  };
}

/** The real adapter: SMTP through nodemailer; the outbox keeps a copy and the delivery outcome. */
export function createSmtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(email) {
      let [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: email.to,
          subject: email.subject,
          text: email.text,
          transport: 'smtp',
          idempotencyKey: email.idempotencyKey ?? null,
        })
        .onConflictDoNothing({ target: outboxEmails.idempotencyKey })
        .returning({ id: outboxEmails.id });
      if (!row && email.idempotencyKey) {
        // Tried before under this key: skip it when it went out, else try again on the same row.
        const [earlier] = await db
          .select({ id: outboxEmails.id, sentAt: outboxEmails.sentAt })
          .from(outboxEmails)
          .where(eq(outboxEmails.idempotencyKey, email.idempotencyKey));
        if (earlier?.sentAt) return;
        row = earlier;
      }
      try {
        await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
        if (row)
          await db.update(outboxEmails).set({ sentAt: new Date(), error: null }).where(eq(outboxEmails.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (row) await db.update(outboxEmails).set({ error: message }).where(eq(outboxEmails.id, row.id));
        throw error;
      }
    },
  };
}
