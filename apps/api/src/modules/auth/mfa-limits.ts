import { mfaAttempts } from '@colophon/db';
import { describeWait, MFA_FAILURES_PER_USER, MFA_WINDOW_MINUTES } from '@colophon/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import { verify } from 'otplib';
import type { AuthContext, Services } from '../../context';
import { AppError } from '../../errors';
import { claimFailedSignInAlert, resetAdviceOf } from './throttle';

const WINDOW_MS = MFA_WINDOW_MINUTES * 60_000;

/** An authenticator app's code for this secret (one step of tolerance either side). */
export async function verifyTotp(secret: string, code: string): Promise<boolean> {
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid;
}

/**
 * Wrong codes are counted per user over a sliding hour, whatever the session or method: a new sign-in
 * never buys a fresh budget, and a right code does not wipe an attacker's failures. Refused until the
 * oldest of the latest failures leaves the window.
 */
export async function mfaRefusalOf(services: Services, userId: number): Promise<AppError | null> {
  const now = services.clock.now();
  const latest = await services.db
    .select({ createdAt: mfaAttempts.createdAt })
    .from(mfaAttempts)
    .where(
      and(
        eq(mfaAttempts.userId, userId),
        eq(mfaAttempts.succeeded, false),
        gt(mfaAttempts.createdAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .orderBy(desc(mfaAttempts.createdAt))
    .limit(MFA_FAILURES_PER_USER);
  const oldest = latest[MFA_FAILURES_PER_USER - 1];
  if (!oldest) return null;
  const seconds = Math.max(1, Math.ceil((oldest.createdAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
  const message = `Too many wrong codes for this user. Try again in ${describeWait(seconds)}.`;
  return new AppError('too_many_requests', message, {
    headers: { 'retry-after': String(seconds) },
    errors: [{ path: 'code', message }],
  });
}

/** The first refusal tells the owner: whoever typed the codes knew the password. */
export async function alertOwnerOfWrongCodes(services: Services, user: AuthContext['user']): Promise<void> {
  if (!(await claimFailedSignInAlert(services, user.id))) return;
  await services.mailer.send({
    to: user.email,
    subject: 'Wrong verification codes on your Colophon account',
    text:
      `Hello ${user.firstName},\n\n` +
      `${MFA_FAILURES_PER_USER} wrong verification codes were entered for your Colophon account (${user.email}) ` +
      `within ${MFA_WINDOW_MINUTES} minutes, after signing in with your password, the latest at ` +
      `${services.clock.now().toISOString()} (UTC). Codes are refused for a while.\n\n` +
      `If it was you, there is nothing to do. ${resetAdviceOf(services)}\n`,
  });
}
