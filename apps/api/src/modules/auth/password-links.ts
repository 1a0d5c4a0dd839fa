import { createHash, randomBytes } from 'node:crypto';
import { passwordResetTokens } from '@colophon/db';
import type { FastifyInstance } from 'fastify';

const RESET_LINK_HOURS = 24;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Creates a single-use set-password link and e-mails it (reset, and the welcome of a new user). */
export async function sendSetPasswordLink(
  app: FastifyInstance,
  user: { id: number; email: string; firstName: string },
  purpose: 'reset' | 'welcome',
) {
  const token = randomBytes(32).toString('base64url');
  await app.services.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + (purpose === 'welcome' ? 7 * 24 : RESET_LINK_HOURS) * 3_600_000),
  });
  const link = `${app.services.config.publicUrl}/new-password?token=${token}`;
  const text =
    purpose === 'welcome'
      ? `Hello ${user.firstName},\n\nAn account was created for you on Colophon. Choose your password here (the link works for 7 days):\n${link}\n`
      : `Hello ${user.firstName},\n\nSomeone asked to reset your Colophon password. Choose a new one here (the link works for ${RESET_LINK_HOURS} hours):\n${link}\n\nIf it was not you, ignore this e-mail.\n`;
  await app.services.mailer.send({
    to: user.email,
    subject: purpose === 'welcome' ? 'Welcome to Colophon' : 'Reset your Colophon password',
    text,
  });
}
