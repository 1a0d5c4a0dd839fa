import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** Files behind one interface: local disk with HMAC-signed, expiring URLs by default. */
export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** A URL that opens the file until it expires. */
  signedUrl(key: string, expiresInSeconds?: number): string;
  verify(key: string, expires: number, signature: string): boolean;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;

export function createLocalFileStore(root: string, secret: Uint8Array): FileStore {
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid file key ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`Invalid file key ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return null;
      }
    },
    signedUrl(key, expiresInSeconds = 3600) {
      // Rounded to the hour so the same file keeps the same URL for a while (browser caching).
      const expires = Math.ceil((Date.now() / 1000 + expiresInSeconds) / 3600) * 3600;
      return `/api/files/signed/${key}?expires=${expires}&signature=${sign(key, expires)}`;
    },
    verify(key, expires, signature) {
      if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
