import { signInAttempts } from '@colophon/db';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Services } from '../../context';
import { AppError } from '../../errors';

export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

/** Refuses a sign-in after too many recent failures for the same e-mail or from the same address. */
export async function assertSignInAllowed(services: Services, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MINUTES * 60_000);
  const [byEmail] = await services.db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(
      and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)),
    );
  const [byIp] = await services.db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  const headers = { 'retry-after': String(THROTTLE_WINDOW_MINUTES * 60) };
  if (Number(byEmail?.failures ?? 0) >= MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError(
      'too_many_requests',
      `Too many failed sign-ins for this account. Try again in ${THROTTLE_WINDOW_MINUTES} minutes, or reset your password.`,
      { headers },
    );
  }
  if (Number(byIp?.failures ?? 0) >= MAX_FAILURES_PER_IP) {
    throw new AppError(
      'too_many_requests',
      `Too many failed sign-ins from your network. Try again in ${THROTTLE_WINDOW_MINUTES} minutes.`,
      { headers },
    );
  }
}

export async function recordSignInAttempt(services: Services, email: string, ip: string, succeeded: boolean) {
  await services.db.insert(signInAttempts).values({ email, ip, succeeded });
}
