import { stripDataUrlPrefix } from '@colophon/domain';
import { AppError, invalidField } from '../../errors';
import { imageKindOf } from '../profile/routes';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * An uploaded image sent as base64 (the data-URL prefix stripped, or stripped here), checked as the
 * avatar is: real base64, at most 2 MB, and a PNG, JPEG, WebP or GIF by its first bytes.
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
