import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { FileStore } from '../../integrations/files/file-store';
import type { PageManifest, ProofManifest } from '../render/index';
import {
  type BookMetadata,
  type BookPage,
  type CoverImage,
  containerXml,
  EPUB_MIMETYPE,
  navigationDocument,
  PACKAGE_PATH,
  packageDocument,
  pageDocument,
  stylesheet,
} from './documents';
import { ZipWriter } from './zip';

export { type BookMetadata, type BookPage, spreadOf } from './documents';
export { type ZipSink, ZipWriter } from './zip';

export interface BuildEpubOptions {
  files: FileStore;
  /** The processed proof's page manifest: its viewer images become the pages. */
  manifest: ProofManifest;
  metadata: BookMetadata;
  /** A cover image chosen for the proof (file-store key); without one, page 1 is the cover. */
  coverImageKey?: string | null | undefined;
  signal?: AbortSignal | undefined;
}

export interface BuildEpubResult {
  pages: number;
  /** Pages that went in as a text page because they have no image. */
  missingPages: number[];
  bytes: number;
}

const ROOT = PACKAGE_PATH.slice(0, PACKAGE_PATH.lastIndexOf('/') + 1);
const STYLESHEET = 'style.css';
const text = (value: string) => new TextEncoder().encode(value);

/** The book's width when no page has an image to take it from (the viewer images are 1600 px wide). */
const FALLBACK_WIDTH = 1600;

/**
 * A fixed-layout EPUB 3 of a processed proof, as the archive's bytes in order: `mimetype` first and
 * stored, then the container, then each page (its viewer JPEG, stored: it is already compressed, and
 * its XHTML) read from the file store one at a time, then the stylesheet, navigation and package
 * documents (deflated). Pulled by its reader, so only one page image and the archive's directory are
 * held at once. Returns (and passes to `onDone`, for readers that drop the return value) what it made.
 */
export async function* proofEpubChunks(
  options: BuildEpubOptions,
  onDone?: (result: BuildEpubResult) => void,
): AsyncGenerator<Buffer, BuildEpubResult, undefined> {
  const { files, manifest, metadata } = options;
  const pending: Buffer[] = [];
  const zip = new ZipWriter((chunk) => {
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }, metadata.modified);
  const add = async function* (name: string, data: Uint8Array, compress: boolean) {
    await zip.add(name, data, { compress });
    yield* pending.splice(0);
  };
  yield* add('mimetype', text(EPUB_MIMETYPE), false);
  yield* add('META-INF/container.xml', text(containerXml), true);

  const digits = Math.max(3, String(manifest.pageCount).length);
  const bookWidth = manifest.pages.find((page) => page.viewer)?.viewer?.width ?? FALLBACK_WIDTH;
  const pages: BookPage[] = [];
  const missingPages: number[] = [];
  for (const entry of [...manifest.pages].sort((a, b) => a.page - b.page)) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('The EPUB build was stopped.');
    const name = `page-${String(entry.page).padStart(digits, '0')}`;
    const image = entry.viewer ? await files.get(entry.viewer.key) : null;
    const page: BookPage = image
      ? {
          page: entry.page,
          href: `pages/${name}.xhtml`,
          width: entry.viewer!.width,
          height: entry.viewer!.height,
          image: {
            href: `images/${name}.${manifest.format === 'jpeg' ? 'jpg' : 'webp'}`,
            mediaType: mediaTypeOf(manifest),
          },
        }
      : {
          page: entry.page,
          href: `pages/${name}.xhtml`,
          ...shapeOf(entry, bookWidth),
          image: null,
          missingReason: entry.error ?? (entry.viewer ? 'Its picture is missing from the file store.' : undefined),
        };
    if (image && page.image) yield* add(ROOT + page.image.href, image, false);
    else missingPages.push(entry.page);
    yield* add(ROOT + page.href, text(pageDocument(metadata, page, STYLESHEET)), true);
    pages.push(page);
  }
  if (pages.length === 0) throw new Error('The proof has no pages to put in an EPUB.');

  const cover = options.coverImageKey ? await coverImage(files, options.coverImageKey) : null;
  if (cover) yield* add(ROOT + cover.href, cover.bytes, false);
  yield* add(ROOT + STYLESHEET, text(stylesheet), true);
  yield* add(`${ROOT}nav.xhtml`, text(navigationDocument(metadata, pages)), true);
  yield* add(PACKAGE_PATH, text(packageDocument(metadata, pages, cover, STYLESHEET)), true);
  await zip.finish();
  yield* pending.splice(0);
  const result = { pages: pages.length, missingPages, bytes: zip.bytesWritten };
  onDone?.(result);
  return result;
}

/**
 * Streams the EPUB into the file store at `key` (written whole or not at all, so a rebuild replaces
 * the old file in one step).
 */
export async function storeProofEpub(options: BuildEpubOptions & { key: string }): Promise<BuildEpubResult> {
  let result: BuildEpubResult | null = null;
  const chunks = proofEpubChunks(options, (done) => {
    result = done;
  });
  await options.files.putStream(options.key, Readable.from(chunks, { objectMode: false }), EPUB_MIMETYPE);
  if (!result) throw new Error('The EPUB was not finished.');
  return result;
}

/** The whole EPUB in one buffer (for a caller that wants the bytes, such as a test). */
export async function buildProofEpub(options: BuildEpubOptions): Promise<BuildEpubResult & { data: Buffer }> {
  const chunks: Buffer[] = [];
  const generator = proofEpubChunks(options);
  for (;;) {
    const next = await generator.next();
    if (next.done) return { ...next.value, data: Buffer.concat(chunks, next.value.bytes) };
    chunks.push(next.value);
  }
}

/** `urn:uuid:` of a name (UUID version 5 layout over SHA-1): the same proof gets the same identifier. */
export function stableBookIdentifier(name: string): string {
  const hash = createHash('sha1').update(`colophon:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const mediaTypeOf = (manifest: ProofManifest) => (manifest.format === 'jpeg' ? 'image/jpeg' : 'image/webp');

/** A page without an image keeps its printed shape at the book's width, so spreads still line up. */
function shapeOf(entry: PageManifest, bookWidth: number) {
  const ratio = entry.widthPts > 0 && entry.heightPts > 0 ? entry.heightPts / entry.widthPts : 11 / 8.5;
  return { width: bookWidth, height: Math.round(bookWidth * ratio) };
}

/** The chosen cover as a JPEG or PNG (the image types every reading system shows); anything else is converted. */
async function coverImage(files: FileStore, key: string): Promise<(CoverImage & { bytes: Uint8Array }) | null> {
  const stored = await files.get(key);
  if (!stored) return null;
  if (stored[0] === 0xff && stored[1] === 0xd8 && stored[2] === 0xff)
    return { href: 'images/cover.jpg', mediaType: 'image/jpeg', bytes: stored };
  if (stored.subarray(1, 4).toString('ascii') === 'PNG')
    return { href: 'images/cover.png', mediaType: 'image/png', bytes: stored };
  try {
    const bytes = await sharp(stored).jpeg({ quality: 85 }).toBuffer();
    return { href: 'images/cover.jpg', mediaType: 'image/jpeg', bytes };
  } catch {
    return null; // not an image we can read: page 1 stays the cover
  }
}
