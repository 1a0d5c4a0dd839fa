import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export interface TokenClaims {
  /** Session id: the token is only as good as its session row. */
  sid: string;
  sub: string;
  ver: number;
}

export async function signIdentityToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer('colophon')
    .sign(secret);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64url segment of a compact JWS read as a JSON object, or null when it is not one. */
function jsonObjectOf(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(Buffer.from(segment, 'base64url')));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A NumericDate claim: absent, or a number (jose's rule); `false` when it is something else. */
const numericDate = (value: unknown): number | undefined | false =>
  value === undefined ? undefined : typeof value === 'number' ? value : false;

/**
 * Checks an identity token: HS256 only, the HMAC compared in constant time, issuer `colophon`, `exp`
 * and `nbf` as jose's jwtVerify judges them (no clock tolerance), then the claims we issue.
 *
 * Done with node:crypto's synchronous HMAC rather than jose's jwtVerify, which runs on every request:
 * jose goes through WebCrypto (a key import and an async job per call) and its base64 decoding picks
 * up whatever `Uint8Array.fromBase64` polyfill is installed; that was a seventh of the API's CPU under
 * load. Tokens are still signed by jose (above), and the tests check both agree.
 */
export async function verifyIdentityToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const now = Math.floor(Date.now() / 1000);
  let verified = verifiedTokens.get(secret);
  const known = verified?.get(token);
  if (known) {
    if (timely(known, now)) return known.claims;
    verified?.delete(token);
    return null;
  }
  const checked = checkToken(secret, token);
  if (!checked || !timely(checked, now)) return null;
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  verified.set(token, checked);
  // A Map iterates in insertion order: the first key is the oldest entry.
  if (verified.size > MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value ?? '');
  return checked.claims;
}

interface CheckedToken {
  claims: TokenClaims;
  notBefore: number | undefined;
  expires: number | undefined;
}

/** `exp` and `nbf` as jose's jwtVerify judges them, with no clock tolerance. */
const timely = (token: CheckedToken, now: number) =>
  (token.notBefore === undefined || token.notBefore <= now) && (token.expires === undefined || token.expires > now);

/**
 * Tokens whose signature and claims were already checked, by secret: each caller sends the same token
 * on every request, so the HMAC and the JSON are read once (its times are still judged on each use).
 * Only tokens with a valid signature get here, so nobody without the secret can fill it; at most
 * MAX_VERIFIED_TOKENS per secret, the oldest out first.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, CheckedToken>>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The signature and the claims of a token, its times not yet judged; null when anything is wrong. */
function checkToken(secret: Uint8Array, token: string): CheckedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedHeader = '', encodedPayload = '', encodedSignature = ''] = parts;
  if (!BASE64URL.test(encodedHeader) || !BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) {
    return null;
  }
  const header = jsonObjectOf(encodedHeader);
  // We sign with { alg: 'HS256' } alone: any other algorithm, or a `crit`/`b64` extension, is not ours.
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const signature = Buffer.from(encodedSignature, 'base64url');
  // Only the canonical encoding of a 32-byte MAC (no padding bits set, nothing trailing).
  if (signature.length !== SIGNATURE_BYTES || signature.toString('base64url') !== encodedSignature) return null;
  const expected = createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  if (!timingSafeEqual(expected, signature)) return null;
  const payload = jsonObjectOf(encodedPayload);
  if (payload?.iss !== 'colophon') return null;
  const notBefore = numericDate(payload.nbf);
  const expires = numericDate(payload.exp);
  const issuedAt = numericDate(payload.iat);
  if (notBefore === false || expires === false || issuedAt === false) return null;
  if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
    return null;
  }
  // Frozen: the same claims are handed to every request that sends this token.
  return { claims: Object.freeze({ sid: payload.sid, sub: payload.sub, ver: payload.ver }), notBefore, expires };
}
