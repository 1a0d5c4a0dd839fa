import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type UploadGrant, uploadUrl, verifyUpload } from './upload-signing';

/** Where a browser sends bytes: a PUT with these headers, until `expiresAt`. */
export interface SignedTarget {
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

/** One part of a resumable upload the store holds. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** Bytes `start` to `end`, both included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A large file sent in numbered parts, kept by the store until `complete` joins them in order
 * (S3 multipart uploads; on disk, part files joined by streaming). `uploadId` is the store's own
 * id of the upload (S3 `UploadId`), null on disk where the file key alone names the parts.
 */
export interface MultipartUploads {
  create(key: string, contentType: string): Promise<string | null>;
  /** A PUT URL for one part of exactly `size` bytes. */
  presignPart(
    key: string,
    uploadId: string | null,
    partNumber: number,
    options: { size: number; expiresInSeconds: number },
  ): Promise<SignedTarget>;
  listParts(key: string, uploadId: string | null): Promise<StoredPart[]>;
  /** Joins the parts, in this order, into the file at `key`; throws `MissingPartsError` for parts it lacks. */
  complete(
    key: string,
    uploadId: string | null,
    parts: readonly { partNumber: number; etag: string }[],
  ): Promise<{ size: number }>;
  abort(key: string, uploadId: string | null): Promise<void>;
}

/** One entry of a folder of the store: a file, or a folder holding more. */
export interface StoredEntry {
  name: string;
  kind: 'file' | 'folder';
  /** Files only. */
  size: number | null;
  modifiedAt: Date | null;
}

/** The most entries one `list` answers (a folder of an order holds a few dozen). */
export const MAX_LIST_ENTRIES = 5_000;

export interface SignedUrlOptions {
  downloadName?: string;
}

interface FileStoreBase {
  /** 'local' for the server's disk; the S3 bucket's name otherwise. */
  readonly bucket: string;
  /** The origin browsers upload to when it is not the app's own (for the content security policy). */
  readonly uploadOrigin: string | null;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /**
   * A URL that opens the file until it expires; with a `downloadName` the browser saves it under that
   * name (a download link on another origin cannot name the file itself).
   */
  signedUrl(key: string, expiresInSeconds?: number, options?: SignedUrlOptions): string;
  verify(key: string, expires: number, signature: string, downloadName?: string): boolean;
  /** Stores a stream of unknown length without holding it in memory; nothing is stored if it fails. */
  putStream(
    key: string,
    body: Readable,
    contentType: string,
    options?: { maxBytes?: number },
  ): Promise<{ size: number }>;
  /** The file (or a range of it) as a stream; null when there is no such file. */
  getStream(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * The files and folders directly under `prefix` (a folder key ending in '/'), by name; empty when
   * there is no such folder. Never leaves the store: symbolic links on disk are not followed.
   */
  list(prefix: string): Promise<StoredEntry[]>;
  /** A PUT URL for the whole file, of at most `maxBytes` (exactly, on S3). */
  presignPut(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<SignedTarget>;
  multipart: MultipartUploads;
}

/** The server's disk also receives the uploads its signed URLs point at (S3 does that itself). */
export interface LocalFileStore extends FileStoreBase {
  readonly kind: 'local';
  /** Checks the signature of an upload URL's query. */
  verifyUpload(grant: UploadGrant, signature: string): boolean;
  /** Streams one part of a resumable upload to its part file; the ETag is the part's MD5. */
  writePart(key: string, partNumber: number, body: Readable, maxBytes: number): Promise<StoredPart>;
}

export interface S3FileStore extends FileStoreBase {
  readonly kind: 's3';
}

/** Files behind one interface: local disk with HMAC-signed, expiring URLs by default, or S3. */
export type FileStore = LocalFileStore | S3FileStore;

/** The body passed the most bytes allowed; nothing was stored. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly limit: number) {
    super(`The file is larger than the ${limit} bytes announced.`);
  }
}

/** `complete` was asked to join parts the store does not hold (or holds with another ETag). */
export class MissingPartsError extends Error {
  override name = 'MissingPartsError';
  constructor(readonly partNumbers: number[]) {
    super(`Parts ${partNumbers.join(', ')} have not been received.`);
  }
}

/** A pass-through that counts bytes and fails as soon as they pass `limit`. */
export function byteLimit(limit: number, counted: (size: number) => void = () => {}): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      counted(size);
      if (size > limit) callback(new FileTooLargeError(limit));
      else callback(null, chunk);
    },
  });
}

/** Reads `length` bytes from `start` (fewer at the end of the file); null when the file is missing. */
export async function readRange(store: FileStore, key: string, start: number, length: number): Promise<Buffer | null> {
  if (length <= 0) return Buffer.alloc(0);
  const stream = await store.getStream(key, { start, end: start + length - 1 });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export const stripEtagQuotes = (etag: string) => etag.replaceAll('"', '');

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;
const PART_FILE = /^(\d+)\.([0-9a-f]{32})\.part$/;

export function createLocalFileStore(root: string, secret: Uint8Array): LocalFileStore {
  // A download name is signed with the key, so a link cannot be renamed; without one the text signed
  // is what it always was, and links already handed out stay valid.
  const sign = (key: string, expires: number, downloadName?: string) =>
    createHmac('sha256', secret)
      .update(downloadName === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${downloadName}`)
      .digest('base64url');
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`Invalid file key ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`Invalid file key ${key}`);
    return full;
  };
  // Parts wait under a folder no file key can name (keys start with a letter or digit).
  const partsDirOf = (key: string) =>
    join(normalize(root), '.multipart', pathOf(key).slice(normalize(root).length + 1));
  const expiry = (seconds: number) => {
    const expiresAt = new Date(Date.now() + seconds * 1000);
    return { expiresAt, expires: Math.floor(expiresAt.getTime() / 1000) };
  };

  /** Writes the stream to a temporary file beside `target` and moves it into place only when whole. */
  const writeWhole = async (target: string, body: Readable, transforms: Transform[]) => {
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline([body, ...transforms, createWriteStream(partial)]);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  };

  const listParts = async (key: string): Promise<StoredPart[]> => {
    const dir = partsDirOf(key);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const parts: StoredPart[] = [];
    for (const name of names) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      const { size } = await stat(join(dir, name));
      parts.push({ partNumber: Number(match[1]), etag: match[2] ?? '', size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };

  return {
    kind: 'local',
    bucket: 'local',
    uploadOrigin: null,
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
    signedUrl(key, expiresInSeconds = 3600, options = {}) {
      // Rounded to the hour so the same file keeps the same URL for a while (browser caching).
      const expires = Math.ceil((Date.now() / 1000 + expiresInSeconds) / 3600) * 3600;
      const { downloadName } = options;
      const download = downloadName === undefined ? '' : `&download=${encodeURIComponent(downloadName)}`;
      return `/api/files/signed/${key}?expires=${expires}${download}&signature=${sign(key, expires, downloadName)}`;
    },
    verify(key, expires, signature, downloadName) {
      if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
      const expected = Buffer.from(sign(key, expires, downloadName));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async putStream(key, body, _contentType, options = {}) {
      let size = 0;
      const counter = byteLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, (counted) => {
        size = counted;
      });
      await writeWhole(pathOf(key), body, [counter]);
      return { size };
    },
    async getStream(key, range) {
      const full = pathOf(key);
      try {
        const info = await stat(full);
        if (!info.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(full, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`Invalid folder key ${prefix}`);
      const dir = pathOf(prefix.slice(0, -1));
      let realRoot: string;
      let realDir: string;
      try {
        [realRoot, realDir] = await Promise.all([realpath(root), realpath(dir)]);
      } catch {
        return [];
      }
      // A folder reached through a link that points outside the store lists nothing.
      if (!realDir.startsWith(realRoot + sep)) return [];
      let dirents: Dirent[];
      try {
        dirents = await readdir(dir, { withFileTypes: true });
      } catch {
        return [];
      }
      const entries: StoredEntry[] = [];
      for (const dirent of dirents) {
        // Links are never followed; files being written (`*.partial`) are not there yet.
        if (dirent.isSymbolicLink() || dirent.name.endsWith('.partial') || !KEY_PATTERN.test(dirent.name)) continue;
        if (dirent.isDirectory()) {
          entries.push({ name: dirent.name, kind: 'folder', size: null, modifiedAt: null });
        } else if (dirent.isFile()) {
          const info = await lstat(join(dir, dirent.name));
          entries.push({ name: dirent.name, kind: 'file', size: info.size, modifiedAt: info.mtime });
        }
        if (entries.length >= MAX_LIST_ENTRIES) break;
      }
      return entries.sort((a, b) => a.name.localeCompare(b.name));
    },
    async presignPut(key, { maxBytes, contentType, expiresInSeconds }) {
      pathOf(key);
      const { expiresAt, expires } = expiry(expiresInSeconds);
      return {
        url: uploadUrl(secret, { key, part: 0, maxBytes, expires }),
        headers: { 'content-type': contentType },
        expiresAt,
      };
    },
    verifyUpload: (grant, signature) => verifyUpload(secret, grant, signature),
    async writePart(key, partNumber, body, maxBytes) {
      const dir = partsDirOf(key);
      await mkdir(dir, { recursive: true });
      const hash = createHash('md5');
      let size = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const staging = join(dir, `${partNumber}.${randomUUID()}.partial`);
      await writeWhole(staging, body, [byteLimit(maxBytes), hashing]);
      const etag = hash.digest('hex');
      // A part sent again replaces the earlier one (as on S3).
      for (const earlier of await listParts(key)) {
        if (earlier.partNumber === partNumber)
          await rm(join(dir, `${partNumber}.${earlier.etag}.part`), { force: true });
      }
      await rename(staging, join(dir, `${partNumber}.${etag}.part`));
      return { partNumber, size, etag };
    },
    multipart: {
      async create(key) {
        await mkdir(partsDirOf(key), { recursive: true });
        return null;
      },
      async presignPart(key, _uploadId, partNumber, { size, expiresInSeconds }) {
        pathOf(key);
        const { expiresAt, expires } = expiry(expiresInSeconds);
        return {
          url: uploadUrl(secret, { key, part: partNumber, maxBytes: size, expires }),
          headers: { 'content-type': 'application/octet-stream' },
          expiresAt,
        };
      },
      listParts: (key) => listParts(key),
      async complete(key, _uploadId, parts) {
        const dir = partsDirOf(key);
        const held = new Map((await listParts(key)).map((part) => [part.partNumber, part]));
        const missing = parts
          .filter((part) => held.get(part.partNumber)?.etag !== stripEtagQuotes(part.etag))
          .map((part) => part.partNumber);
        if (missing.length > 0 || parts.length === 0) throw new MissingPartsError(missing);
        let size = 0;
        const target = pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        const partial = `${target}.${randomUUID()}.partial`;
        const out = createWriteStream(partial);
        try {
          // One part at a time through one write stream: memory stays at a stream buffer whatever the size.
          for (const part of parts) {
            await pipeline(createReadStream(join(dir, `${part.partNumber}.${stripEtagQuotes(part.etag)}.part`)), out, {
              end: false,
            });
            size += held.get(part.partNumber)?.size ?? 0;
          }
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          await rename(partial, target);
        } catch (error) {
          out.destroy();
          await rm(partial, { force: true });
          throw error;
        }
        await rm(dir, { recursive: true, force: true });
        return { size };
      },
      async abort(key) {
        await rm(partsDirOf(key), { recursive: true, force: true });
      },
    },
  };
}
