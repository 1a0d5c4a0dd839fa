import { stripDataUrlPrefix } from '@colophon/domain';

/** The contract's limit on an image's base64 body (about 2 MB of image). */
const MAX_BASE64_LENGTH = 3_000_000;

/** The image types the uploads take, for the file chooser's `accept`. */
export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A chosen image as the API takes it (an account's logo and image, a user's picture): its base64
 * without the data-URL prefix (part 5), or, in the person's words, why it is not sent. A file that
 * cannot be read rejects.
 */
export async function readImageForUpload(file: File): Promise<{ data: string } | { refusal: string }> {
  if (!file.type.startsWith('image/')) return { refusal: 'Choose an image file (PNG, JPEG, WebP or GIF).' };
  const data = stripDataUrlPrefix(await readAsDataUrl(file));
  if (data.length > MAX_BASE64_LENGTH) return { refusal: 'Choose an image smaller than 2 MB.' };
  return { data };
}
