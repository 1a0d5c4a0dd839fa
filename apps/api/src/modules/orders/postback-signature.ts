import { createHmac, timingSafeEqual } from 'node:crypto';
import { POSTBACK_TOLERANCE_SECONDS } from '@colophon/contract';

/**
 * A plant's postback is signed like a webhook: `sha256=` and the hex HMAC-SHA256, keyed with the
 * manufacturer's `postbackSecret`, of `<timestamp>.<raw body>`. The timestamp (unix seconds) is
 * inside what is signed, so an old postback cannot be sent again with a fresh timestamp; the raw
 * bytes (not the parsed JSON) are signed, so nothing about key order or spacing has to be agreed.
 */
const PREFIX = 'sha256=';

/** The `X-Colophon-Signature` value of a postback: the plants' side (and the tests, e2e and bench). */
export function signPostback(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return `${PREFIX}${hmac.digest('hex')}`;
}

export interface PostbackSignatureInput {
  secret: string | null | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  /** Unix seconds now (injected by tests). */
  nowSeconds: number;
  toleranceSeconds?: number;
}

/**
 * Whether a postback is signed with the secret and recent: false for no secret, a missing or
 * malformed header, a timestamp outside ±tolerance, or a wrong signature (compared in constant time).
 * One answer for every failure, so a caller learns nothing about which part was wrong.
 */
export function verifyPostbackSignature(input: PostbackSignatureInput): boolean {
  const { secret, timestamp, signature, rawBody, nowSeconds } = input;
  const tolerance = input.toleranceSeconds ?? POSTBACK_TOLERANCE_SECONDS;
  if (!secret || !timestamp || !signature) return false;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return false;
  if (!signature.startsWith(PREFIX) || !/^[0-9a-f]{64}$/i.test(signature.slice(PREFIX.length))) return false;
  const expected = Buffer.from(signPostback(secret, timestamp, rawBody).slice(PREFIX.length), 'hex');
  const given = Buffer.from(signature.slice(PREFIX.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
