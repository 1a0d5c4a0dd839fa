import type { Db } from '@colophon/db';
import { outboxEmails } from '@colophon/db';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
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
      await db.insert(outboxEmails).values({
        toAddress: email.to,
        subject: email.subject,
        text: email.text,
        transport: 'outbox',
        sentAt: new Date(),
      });
    },
  };
}

/** The real adapter: SMTP through nodemailer; the outbox keeps a copy and the delivery outcome. */
export function createSmtpMailer(db: Db, smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(email) {
      const [row] = await db
        .insert(outboxEmails)
        .values({ toAddress: email.to, subject: email.subject, text: email.text, transport: 'smtp' })
        .returning({ id: outboxEmails.id });
      try {
        await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
        if (row) await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (row) await db.update(outboxEmails).set({ error: message }).where(eq(outboxEmails.id, row.id));
        throw error;
      }
    },
  };
}
