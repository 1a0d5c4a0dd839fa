import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Short-lived signed links to an invoice's PDF and status in the accounting system: opened without a
 * session (an e-mail, a new tab), so the link itself is the permission. `<expiry, unix seconds>.<HMAC>`
 * over the purpose, the invoice and the expiry, keyed by the app's token secret.
 */

export const ACCOUNTING_LINK_TTL_MS = 15 * 60_000;
export type AccountingLinkPurpose = 'pdf' | 'status';

const macOf = (secret: Uint8Array, purpose: AccountingLinkPurpose, invoiceId: number, expires: number) =>
  createHmac('sha256', secret).update(`accounting-invoice:${purpose}:${invoiceId}:${expires}`).digest();

export function signAccountingLink(
  secret: Uint8Array,
  purpose: AccountingLinkPurpose,
  invoiceId: number,
  now: Date,
  ttlMs = ACCOUNTING_LINK_TTL_MS,
): { token: string; expiresAt: Date } {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  return {
    token: `${expires}.${macOf(secret, purpose, invoiceId, expires).toString('base64url')}`,
    expiresAt: new Date(expires * 1000),
  };
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** A forged or altered token is 'invalid'; a genuine one past its time is 'expired'. */
export function checkAccountingLink(
  secret: Uint8Array,
  purpose: AccountingLinkPurpose,
  invoiceId: number,
  token: string,
  now: Date,
): LinkCheck {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const expires = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = macOf(secret, purpose, invoiceId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'valid' : 'expired';
}
