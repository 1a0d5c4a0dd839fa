import sharp from 'sharp';

/** The largest portrait upload taken: a phone's full-size photo fits, a stray video does not. */
export const PORTRAIT_MAX_BYTES = 20 * 1024 * 1024;
/** A portrait is fitted inside this box (never enlarged): enough for a yearbook's portrait panel proof. */
export const PORTRAIT_BOX = { width: 600, height: 800 } as const;
/** `?size=thumb`: the width of the list's and cards' small portrait. */
export const PORTRAIT_THUMB_WIDTH = 160;
export const PORTRAIT_JPEG_QUALITY = 82;
/** Decompression bombs: a 20 MB file may still claim a gigapixel canvas; 50 MP covers any camera. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The formats a portrait may arrive in, by what sharp reads in the bytes (never the client's claim). */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif']);

export class PortraitError extends Error {}

/**
 * An uploaded image → the stored portrait: EXIF orientation applied, fitted inside 600×800, JPEG q82
 * (mozjpeg), every metadata block (EXIF with its GPS position, ICC, XMP) dropped (sharp keeps none
 * unless asked). HEIC is taken only where this sharp build decodes it (its prebuilt binaries decode
 * AVIF but not HEVC), and a file it cannot read is refused with a message the person can act on.
 */
export async function makePortrait(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new PortraitError('This file is not an image. Use a JPEG, PNG, WebP or HEIC photo');
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new PortraitError(`A ${format ?? 'file of this kind'} is not taken. Use a JPEG, PNG, WebP or HEIC photo`);
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ ...PORTRAIT_BOX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PORTRAIT_JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new PortraitError(
      format === 'heif'
        ? 'This HEIC photo cannot be read here. Save it as JPEG (most phones can: "Most Compatible") and upload it again'
        : 'This image could not be read; it may be damaged or too large (over 50 megapixels)',
    );
  }
}

/** The small portrait, made on request from the stored one (a few milliseconds): nothing more to keep in step. */
export function portraitThumbnail(portrait: Buffer): Promise<Buffer> {
  return sharp(portrait)
    .resize({ width: PORTRAIT_THUMB_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: PORTRAIT_JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

/** Where a school's person's portrait is kept in the file store; a new key on every upload (caches never go stale). */
export function portraitKey(schoolId: number, individualId: number, unique: string): string {
  return `roster-portraits/${schoolId}/${individualId}-${unique}.jpg`;
}
