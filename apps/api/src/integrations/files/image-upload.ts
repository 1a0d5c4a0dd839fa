import { stripDataUrlPrefix } from '@colophon/domain';
import { AppError, invalidField } from '../../errors';

/** The image kinds an upload may be, known by their first bytes rather than by what the client claims. */
function imageKindOf(bytes: Buffer): { extension: string; contentType: string } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { extension: 'jpg', contentType: 'image/jpeg' };
  if (bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  if (bytes.subarray(0, 6).toString('ascii').startsWith('GIF8')) return { extension: 'gif', contentType: 'image/gif' };
  return null;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * An uploaded image sent as base64 (the data-URL prefix stripped, or stripped here), checked the
 * same way for avatars, brands and account images: real base64, at most 2 MB, and a PNG, JPEG, WebP or GIF by its first bytes.
 */
export function decodeImageUpload(data: string, path = 'data') {
  const base64 = stripDataUrlPrefix(data);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw invalidField(path, 'This is not base64 image data.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', 'The image is larger than 2 MB.', {
      errors: [{ path, message: 'The image is larger than 2 MB.' }],
    });
  }
  const kind = imageKindOf(bytes);
  if (!kind) throw invalidField(path, 'Use a PNG, JPEG, WebP or GIF image.');
  return { bytes, ...kind };
}
