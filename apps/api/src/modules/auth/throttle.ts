import { signInAttempts, users } from '@colophon/db';
import {
  describeWait,
  SIGN_IN_ALERT_AFTER_FAILURES,
  SIGN_IN_ALERT_INTERVAL_MINUTES,
  SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MINUTES,
  signInBackoffSeconds,
} from '@colophon/domain';
import { and, count, desc, eq, gt, isNull, lt, max, or, type SQL } from 'drizzle-orm';
import type { Services, UserRow } from '../../context';
import { AppError } from '../../errors';

const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

/** Why a sign-in is refused before its password is even checked, and for how long. */
export interface SignInRefusal {
  retryAfterSeconds: number;
  message: string;
}

export function tooManySignIns(refusal: SignInRefusal, headers: Record<string, string> = {}): AppError {
  return new AppError('too_many_requests', refusal.message, {
    headers: { ...headers, 'retry-after': String(refusal.retryAfterSeconds) },
  });
}

/** The failed sign-ins within the sliding window before `now` that also match `matching`. */
const failedWithinWindow = (matching: SQL | undefined, now: Date) =>
  and(matching, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, new Date(now.getTime() - WINDOW_MS)));

const secondsUntil = (instant: number, now: Date) => Math.max(1, Math.ceil((instant - now.getTime()) / 1000));

/**
 * A hard limit over the sliding window: with `limit` failures matching, the answer is "wait until the
 * oldest of the latest `limit` leaves the window", which is exactly when one more try is allowed.
 */
async function hardLimitRefusal(
  services: Services,
  matching: SQL | undefined,
  limit: number,
  now: Date,
): Promise<number | null> {
  const latest = await services.db
    .select({ createdAt: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(failedWithinWindow(matching, now))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(limit);
  const oldest = latest[limit - 1];
  return oldest ? secondsUntil(oldest.createdAt.getTime() + WINDOW_MS, now) : null;
}

/**
 * The limits a sign-in meets before its password is checked (OWASP: slow down, don't lock out):
 * - from one address, whatever the e-mail (password spraying): refused for the window;
 * - for one account from one address: refused for the window, from that address only;
 * - for one account from anywhere: a wait after the latest failure that doubles up to a minute, so
 *   an attacker elsewhere slows the owner down but never keeps them out for long.
 * Known devices with the right password go past all three (see the login route).
 */
export async function signInRefusalOf(services: Services, email: string, ip: string): Promise<SignInRefusal | null> {
  const now = services.clock.now();
  const byIp = await hardLimitRefusal(services, eq(signInAttempts.ip, ip), SIGN_IN_FAILURES_PER_IP, now);
  if (byIp !== null) {
    return {
      retryAfterSeconds: byIp,
      message: `Too many failed sign-ins from your network. Try again in ${describeWait(byIp)}.`,
    };
  }
  const byAccountAndIp = await hardLimitRefusal(
    services,
    and(eq(signInAttempts.email, email), eq(signInAttempts.ip, ip)),
    SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
    now,
  );
  if (byAccountAndIp !== null) {
    return {
      retryAfterSeconds: byAccountAndIp,
      message: `Too many failed sign-ins for this account from your network. Try again in ${describeWait(byAccountAndIp)}, or reset your password.`,
    };
  }
  const [byAccount] = await services.db
    .select({ failures: count(), latest: max(signInAttempts.createdAt) })
    .from(signInAttempts)
    .where(failedWithinWindow(eq(signInAttempts.email, email), now));
  const waitSeconds = signInBackoffSeconds(Number(byAccount?.failures ?? 0));
  const latest = byAccount?.latest ? new Date(byAccount.latest).getTime() : null;
  if (waitSeconds > 0 && latest !== null && latest + waitSeconds * 1000 > now.getTime()) {
    const retryAfterSeconds = secondsUntil(latest + waitSeconds * 1000, now);
    return {
      retryAfterSeconds,
      message: `Sign-ins to this account are slowed down after failed attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
    };
  }
  return null;
}

export async function recordSignInAttempt(services: Services, email: string, ip: string, succeeded: boolean) {
  await services.db.insert(signInAttempts).values({ email, ip, succeeded, createdAt: services.clock.now() });
}

/**
 * Marks the owner as warned unless they were within the hour; true when this caller is to send the
 * e-mail. One conditional update, so two processes failing at once still send a single e-mail.
 */
export async function claimFailedSignInAlert(services: Services, userId: number): Promise<boolean> {
  const now = services.clock.now();
  const quietSince = new Date(now.getTime() - SIGN_IN_ALERT_INTERVAL_MINUTES * 60_000);
  const claimed = await services.db
    .update(users)
    .set({ failedSignInAlertAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.failedSignInAlertAt), lt(users.failedSignInAlertAt, quietSince))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** The advice every alert ends with: where to choose a new password. */
export const resetAdviceOf = (services: Services) =>
  `If it was not you, someone may know or be guessing your password: choose a new one at ${services.config.publicUrl}/new-password`;

/** After repeated failures for an account, tells its owner when and from where (at most once an hour). */
export async function alertOwnerOfFailures(services: Services, user: UserRow, email: string): Promise<void> {
  const now = services.clock.now();
  const failures = await services.db
    .select({ ip: signInAttempts.ip, createdAt: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(failedWithinWindow(eq(signInAttempts.email, email), now))
    .orderBy(desc(signInAttempts.createdAt));
  if (failures.length < SIGN_IN_ALERT_AFTER_FAILURES) return;
  if (!(await claimFailedSignInAlert(services, user.id))) return;
  const perIp = new Map<string, number>();
  for (const failure of failures) perIp.set(failure.ip, (perIp.get(failure.ip) ?? 0) + 1);
  const addresses = [...perIp]
    .slice(0, 10)
    .map(([ip, times]) => `  ${ip} (${times} ${times === 1 ? 'time' : 'times'})`)
    .join('\n');
  const oldest = failures[failures.length - 1]?.createdAt ?? now;
  const latest = failures[0]?.createdAt ?? now;
  await services.mailer.send({
    to: user.email,
    subject: 'Failed sign-ins to your Colophon account',
    text:
      `Hello ${user.firstName},\n\n` +
      `There were ${failures.length} failed attempts to sign in to your Colophon account (${user.email}) ` +
      `between ${oldest.toISOString()} and ${latest.toISOString()} (UTC), from:\n${addresses}\n\n` +
      `If it was you, there is nothing to do. ${resetAdviceOf(services)}\n\n` +
      'While this goes on, sign-ins are slowed down; a browser you have signed in with before still gets in with the right password.\n',
  });
}
