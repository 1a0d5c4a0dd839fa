import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * The accounting provider's OAuth tokens at rest (accounting_connections): AES-256-GCM under a key
 * derived from the app's token secret, so a copy of the database alone does not open the company's
 * books. Format: 'v1.<iv>.<tag>.<ciphertext>', each base64url.
 */

const keyOf = (secret: Uint8Array) =>
  createHash('sha256').update('colophon:accounting-tokens:').update(secret).digest();

export function sealToken(plain: string, secret: Uint8Array): string {
  return sealWithKey(plain, keyOf(secret));
}

/** The token, or null when it was sealed with another secret or altered. */
export function openToken(sealed: string, secret: Uint8Array): string | null {
  return openWithKey(sealed, keyOf(secret));
}

/**
 * The same sealing under any 32-byte key, for other secrets at rest (the roster's OneRoster client
 * secrets, under ROSTER_SECRET_KEY): one format, one implementation.
 */
export function sealWithKey(plain: string, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or null when it was sealed under another key or altered. */
export function openWithKey(sealed: string, key: Uint8Array): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
