import { randomBytes } from 'node:crypto';
import { confirmEmail } from '@colophon/contract';
import { type Db, emailChangeRequests, users } from '@colophon/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../context';
import { implement } from '../../engine/implement';
import { AppError, invalidField } from '../../errors';
import { sha256 } from '../auth/password-links';

/**
 * A change of sign-in e-mail (issue 8): the address never changes on the say-so of whoever edits the
 * user. A request is kept (`email_change_requests`, the token hashed as password links are), a link
 * goes to the new address, the old address is told; only the link sets the address, ends every
 * session of the user, and tells the old address again.
 */

export const EMAIL_CHANGE_LINK_HOURS = 24;
const TAKEN = 'Another user already has this e-mail address.';
const LINK_NOT_VALID = 'This link has expired or was already used. Change the e-mail again to get a new one.';

type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether `email` (already normalised) differs from the user's current address. */
export function isNewEmail(user: Pick<UserRow, 'email'>, email: string | undefined): email is string {
  return email !== undefined && !sameAddress(user.email, email);
}

/** 409 on `email` when another user signs in with this address. */
export async function assertEmailFree(db: Db, email: string, userId: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  if (taken) throw new AppError('conflict', `email: ${TAKEN}`, { errors: [{ path: 'email', message: TAKEN }] });
}

const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`.trim() || person.email;

/**
 * Opens a change of `user`'s e-mail to `newEmail`, asked by `requestedBy` (the user themselves, or
 * someone who may manage them): any earlier open request of the user is dropped, so only the newest
 * link works. The caller has checked that the address is free (`assertEmailFree`).
 */
export async function requestEmailChange(
  app: FastifyInstance,
  user: Person,
  newEmail: string,
  requestedBy: Person,
): Promise<void> {
  const { db, mailer, config } = app.services;
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, user.id), isNull(emailChangeRequests.usedAt)));
    await tx.insert(emailChangeRequests).values({
      userId: user.id,
      newEmail,
      requestedByUserId: requestedBy.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000),
    });
  });
  const who = requestedBy.id === user.id ? 'You' : `${nameOf(requestedBy)} (${requestedBy.email})`;
  const link = `${config.publicUrl}/confirm-email?token=${token}`;
  await mailer.send({
    to: newEmail,
    subject: 'Confirm your new Colophon e-mail address',
    text:
      `Hello ${user.firstName},\n\n${who} asked to make this address the sign-in e-mail of your Colophon ` +
      `account (now ${user.email}). Confirm it here (the link works for ${EMAIL_CHANGE_LINK_HOURS} hours):\n` +
      `${link}\n\nNothing changes until you do. If you did not expect this, ignore this e-mail.\n`,
  });
  await mailer.send({
    to: user.email,
    subject: 'A change of your Colophon e-mail address was requested',
    text:
      `Hello ${user.firstName},\n\n${who} asked to change the sign-in e-mail of your Colophon account from ` +
      `${user.email} to ${newEmail}. It changes only when the link sent to ${newEmail} is opened within ` +
      `${EMAIL_CHANGE_LINK_HOURS} hours; until then you sign in as before.\n\n` +
      'If you did not expect this, tell your administrator at once.\n',
  });
}

export async function registerEmailChangeRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, confirmEmail, async function confirmNewEmail(request) {
    const tokenHash = sha256(request.body.token);
    const now = new Date();
    const { user, newEmail } = await services.db.transaction(async (tx) => {
      // Claiming the request is the single use: of two clicks at once, one finds it taken.
      const [claimed] = await tx
        .update(emailChangeRequests)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeRequests.tokenHash, tokenHash),
            isNull(emailChangeRequests.usedAt),
            gt(emailChangeRequests.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed) throw invalidField('token', LINK_NOT_VALID);
      const [before] = await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
      if (!before) throw invalidField('token', LINK_NOT_VALID);
      // Taken since it was asked for: 409, and the link is not spent (the transaction rolls back).
      await assertEmailFree(tx, claimed.newEmail, before.id);
      // The new address, and every session of the user ends (as invalidateUserTokens does).
      await tx
        .update(users)
        .set({ email: claimed.newEmail, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, before.id));
      return { user: before, newEmail: claimed.newEmail };
    });
    await services.mailer.send({
      to: user.email,
      subject: 'Your Colophon e-mail address was changed',
      text:
        `Hello ${user.firstName},\n\nThe sign-in e-mail of your Colophon account is now ${newEmail} ` +
        `(it was ${user.email}). Every session of the account was signed out.\n\n` +
        'If you did not expect this, tell your administrator at once.\n',
    });
    return { email: newEmail };
  });
}
