/**
 * How sign-in resists guessing (OWASP Authentication Cheat Sheet: slow down rather than lock out).
 *
 * - Per address, across accounts (password spraying): a hard refusal after many failures.
 * - Per (account, address): a hard refusal; it only stops that address, never the owner elsewhere.
 * - Per account, whatever the address: only a short, growing wait after the last failure, so an
 *   attacker cannot keep the owner out for long, and a known device with the right password skips it.
 * - Multi-factor codes: failures per user over a sliding hour, whatever the sign-in session.
 */

/** The sliding window every password failure is counted in. */
export const SIGN_IN_WINDOW_MINUTES = 15;
/** Failures from one address, whatever the e-mail, before that address is refused for the window. */
export const SIGN_IN_FAILURES_PER_IP = 20;
/** Failures for one account from one address before that address is refused for that account. */
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP = 10;
/** Failures for one account (any address) allowed without any wait. */
export const SIGN_IN_FREE_FAILURES = 3;
/** The longest wait the per-account slowdown ever asks for. */
export const SIGN_IN_MAX_BACKOFF_SECONDS = 60;
/** Failures for one account within the window after which its owner is e-mailed. */
export const SIGN_IN_ALERT_AFTER_FAILURES = 5;
/** At most one e-mail about failed sign-ins (or codes) per user in this time. */
export const SIGN_IN_ALERT_INTERVAL_MINUTES = 60;

/** How long a browser that signed in stays a known device (its cookie's life, renewed at each sign-in). */
export const KNOWN_DEVICE_DAYS = 180;

/** The sliding window multi-factor failures and code sends are counted in, per user. */
export const MFA_WINDOW_MINUTES = 60;
/** Wrong codes per user within the window, across all sessions and methods, before codes are refused. */
export const MFA_FAILURES_PER_USER = 10;
/** Codes sent (or authenticator checks started) per user within the window. */
export const MFA_SENDS_PER_USER = 10;

/**
 * Seconds the account asks for after its latest failure, given its failures in the window:
 * none for the first few, then 1 s, 2 s, 4 s… doubling up to the cap.
 */
export function signInBackoffSeconds(accountFailures: number): number {
  if (accountFailures < SIGN_IN_FREE_FAILURES) return 0;
  const doublings = accountFailures - SIGN_IN_FREE_FAILURES;
  // 2^6 already passes the cap; avoid huge powers for large counts.
  return doublings >= 6 ? SIGN_IN_MAX_BACKOFF_SECONDS : Math.min(2 ** doublings, SIGN_IN_MAX_BACKOFF_SECONDS);
}

/** A wait in words for a refusal message: "1 second", "40 seconds", "2 minutes", "1 hour". */
export function describeWait(seconds: number): string {
  const total = Math.max(1, Math.ceil(seconds));
  if (total < 60) return total === 1 ? '1 second' : `${total} seconds`;
  const minutes = Math.ceil(total / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
