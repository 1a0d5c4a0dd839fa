import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed upload URLs of the local store: the signature binds the file key, the part (0 for the
 * whole file), the most bytes the PUT may send and when it expires, so the PUT route needs no
 * session (the browser sends the file straight to the store, as it would to S3). A separate purpose
 * prefix keeps an upload signature from opening the file for reading.
 */
export interface UploadGrant {
  key: string;
  /** 0: the whole file in one PUT; 1…10000: one part of a resumable upload. */
  part: number;
  maxBytes: number;
  expires: number;
}

const message = (grant: UploadGrant) =>
  grant.part === 0
    ? `upload-put\n${grant.key}\n${grant.maxBytes}\n${grant.expires}`
    : `upload-part\n${grant.key}\n${grant.part}\n${grant.maxBytes}\n${grant.expires}`;

export function signUpload(secret: Uint8Array, grant: UploadGrant): string {
  return createHmac('sha256', secret).update(message(grant)).digest('base64url');
}

export function verifyUpload(secret: Uint8Array, grant: UploadGrant, signature: string): boolean {
  if (!Number.isFinite(grant.expires) || grant.expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signUpload(secret, grant));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The API path a browser PUTs the file (or one part of it) to. */
export function uploadUrl(secret: Uint8Array, grant: UploadGrant): string {
  const query = new URLSearchParams({
    ...(grant.part === 0 ? {} : { part: String(grant.part) }),
    maxBytes: String(grant.maxBytes),
    expires: String(grant.expires),
    signature: signUpload(secret, grant),
  });
  return `/api/files/upload/${grant.key}?${query}`;
}
