/**
 * A OneRoster CSV bundle, read safely from the zip the import route spooled to disk. Opening it
 * checks the archive (size, entry count, declared sizes and ratios, paths, layout, manifest) without
 * inflating more than the manifest; each CSV file is then read as a stream of records, the inflated
 * bytes counted as they come, so a bundle whose directory lies about its sizes is stopped after at
 * most its declared size. Nothing is ever written to disk: a refused bundle leaves no trace.
 *
 * Inflating is Node's zlib (`inflateRaw`), native and with stream back-pressure; fflate makes the
 * test and fixture zips.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import {
  isPassedOverOneRosterFile,
  MANIFEST_FILE,
  ONEROSTER_FILES,
  type OneRosterFileName,
  oneRosterFileOf,
} from '@colophon/domain';
import { CsvRecordSplitter, type CsvRow, CsvSyntaxError } from './csv-records';
import { RosterBundleError } from './roster-bundle-error';
import { readZipDirectory, type ZipEntry } from './zip-directory';

const MiB = 1024 * 1024;

export interface RosterBundleLimits {
  /** The upload itself; the route caps its multipart body at the same size. */
  maxBundleBytes: number;
  maxEntries: number;
  /** Declared, and counted as inflated, over every entry. */
  maxUncompressedBytes: number;
  /** Uncompressed to compressed, for an entry past `ratioCheckedAfterBytes` (CSV deflates 5–20:1). */
  maxCompressionRatio: number;
  ratioCheckedAfterBytes: number;
  /** manifest.csv is read whole; a real one is a few hundred bytes. */
  maxManifestBytes: number;
  /** One CSV record, in characters (a quote never closed would otherwise read the rest of the file). */
  maxRecordChars: number;
}

export const ROSTER_BUNDLE_LIMITS: RosterBundleLimits = {
  maxBundleBytes: 512 * MiB,
  maxEntries: 64,
  maxUncompressedBytes: 2048 * MiB,
  maxCompressionRatio: 200,
  ratioCheckedAfterBytes: MiB,
  maxManifestBytes: 64 * 1024,
  maxRecordChars: MiB,
};

/** The largest upload the import route accepts (its multipart `fileSize` limit). */
export const MAX_ROSTER_BUNDLE_BYTES = ROSTER_BUNDLE_LIMITS.maxBundleBytes;

export interface RosterBundleEntry {
  /** As named in the zip, folder included. */
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Something in the bundle that is not read (a gradebook file, a stray folder), told to the user. */
export interface RosterBundleWarning {
  entry: string;
  message: string;
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

/**
 * One CSV file of the bundle: its header, and its records after the header. `rows` may be iterated
 * more than once (a validating pass, then a writing pass), each time from the zip; leaving a loop
 * early closes its stream. Iterating throws a RosterBundleError for a fault of the file itself.
 */
export interface RosterCsvFile {
  name: OneRosterFileName;
  entry: string;
  header: string[];
  /** The physical line of the header (1 unless blank lines come first). */
  headerLine: number;
  rows: AsyncIterable<CsvRow>;
}

export interface RosterBundle {
  /** Every file of the zip (folders left out), as the archive declares them. */
  entries: RosterBundleEntry[];
  /** The folder the bundle's files are in ('' at the top of the zip, or 'name/'). */
  folder: string;
  /**
   * The rostering files present besides the manifest, in the domain's reference order (feed them to
   * the bundle validator in this order and each reference is checked as its row arrives).
   */
  files: OneRosterFileName[];
  manifest: CsvTable;
  warnings: RosterBundleWarning[];
  /** A OneRoster file of the bundle, or undefined when the bundle has none. */
  file(name: OneRosterFileName): Promise<RosterCsvFile | undefined>;
}

/** What archivers add on their own (macOS resource forks, Finder and Explorer caches): skipped with a warning. */
function isArchiverLitter(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.startsWith('__MACOSX/') || base === '.DS_Store' || base === 'Thumbs.db' || base.startsWith('._');
}

function unsafePath(name: string): string | undefined {
  if (name.includes('\\')) return 'a backslash';
  if (name.includes('\0')) return 'a NUL character';
  if (name.startsWith('/')) return 'an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'a drive letter';
  if (name.split('/').some((segment) => segment === '..')) return 'a parent folder (..)';
  return undefined;
}

/**
 * Opens the bundle at `path` or throws a RosterBundleError saying why it is refused. `limits` are
 * ROSTER_BUNDLE_LIMITS unless a test narrows them.
 */
export async function openRosterBundle(path: string, limits: Partial<RosterBundleLimits> = {}): Promise<RosterBundle> {
  const limit: RosterBundleLimits = { ...ROSTER_BUNDLE_LIMITS, ...limits };
  const handle = await open(path, 'r');
  let zipEntries: ZipEntry[];
  try {
    const { size } = await handle.stat();
    if (size > limit.maxBundleBytes) {
      throw new RosterBundleError(
        'too_large',
        `The file is ${formatBytes(size)}; a OneRoster bundle may be at most ${formatBytes(limit.maxBundleBytes)}.`,
      );
    }
    zipEntries = await readZipDirectory(handle, size, limit.maxEntries);
  } finally {
    await handle.close();
  }

  checkDeclaredSizes(zipEntries, limit);
  const files = zipEntries.filter((entry) => !entry.isDirectory);
  for (const entry of zipEntries) {
    const why = unsafePath(entry.name);
    if (why) {
      throw new RosterBundleError('unsafe_path', `The entry ${entry.name} has ${why}; the bundle is refused.`, {
        entry: entry.name,
      });
    }
    if (entry.isSymbolicLink) {
      throw new RosterBundleError('unsafe_path', `The entry ${entry.name} is a link; the bundle is refused.`, {
        entry: entry.name,
      });
    }
  }

  const { folder, manifestEntry, bundleFiles, warnings } = layOut(files);
  checkReadable(manifestEntry);
  for (const entry of bundleFiles.values()) checkReadable(entry);

  const read = (entry: ZipEntry) => recordsOf(path, entry, limit);
  if (manifestEntry.uncompressedSize > limit.maxManifestBytes) {
    throw new RosterBundleError(
      'too_large',
      `${manifestEntry.name} is ${formatBytes(manifestEntry.uncompressedSize)}; a manifest is at most ${formatBytes(limit.maxManifestBytes)}.`,
      { entry: manifestEntry.name },
    );
  }
  const manifestRows: CsvRow[] = [];
  for await (const row of read(manifestEntry)) manifestRows.push(row);
  const [manifestHeader, ...manifestBody] = manifestRows;

  return {
    entries: files.map(({ name, compressedSize, uncompressedSize }) => ({ name, compressedSize, uncompressedSize })),
    folder,
    files: ONEROSTER_FILES.filter((name) => bundleFiles.has(name)),
    manifest: { header: manifestHeader?.values ?? [], rows: manifestBody },
    warnings,
    async file(name) {
      const entry = bundleFiles.get(name);
      if (!entry) return undefined;
      let header: CsvRow | undefined;
      for await (const row of read(entry)) {
        header = row;
        break;
      }
      return {
        name,
        entry: entry.name,
        header: header?.values ?? [],
        headerLine: header?.line ?? 1,
        rows: { [Symbol.asyncIterator]: () => afterHeader(read(entry)) },
      };
    },
  };
}

function checkDeclaredSizes(entries: ZipEntry[], limit: RosterBundleLimits): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (
      entry.uncompressedSize > limit.ratioCheckedAfterBytes &&
      entry.uncompressedSize > entry.compressedSize * limit.maxCompressionRatio
    ) {
      throw new RosterBundleError(
        'zip_bomb',
        `The entry ${entry.name} inflates ${formatRatio(entry.uncompressedSize, entry.compressedSize)} times; more than ${limit.maxCompressionRatio}:1 is refused as a zip bomb.`,
        { entry: entry.name },
      );
    }
  }
  if (total > limit.maxUncompressedBytes) {
    throw new RosterBundleError(
      'zip_bomb',
      `The zip inflates to ${formatBytes(total)}; a OneRoster bundle may hold at most ${formatBytes(limit.maxUncompressedBytes)}.`,
    );
  }
}

/**
 * Which folder holds the bundle: the one manifest.csv is in, at the top of the zip or in one folder
 * (producers zip a folder). A OneRoster file name anywhere else makes the bundle ambiguous; other
 * files are warnings and never read.
 */
function layOut(files: ZipEntry[]) {
  const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
  const manifests = files.filter(
    (entry) => !isArchiverLitter(entry.name) && baseName(entry.name).toLowerCase() === MANIFEST_FILE,
  );
  if (manifests.length === 0) {
    throw new RosterBundleError('missing_manifest', 'The zip has no manifest.csv; every OneRoster bundle has one.');
  }
  if (manifests.length > 1) {
    throw new RosterBundleError(
      'ambiguous',
      `The zip has ${manifests.length} manifest.csv files (${manifests.map((entry) => entry.name).join(', ')}); send one bundle per zip.`,
    );
  }
  const manifest = manifests[0] as ZipEntry;
  const folder = manifest.name.slice(0, manifest.name.length - baseName(manifest.name).length);
  if (folder.split('/').length > 2) {
    throw new RosterBundleError(
      'missing_manifest',
      `manifest.csv is in ${folder}; it must be at the top of the zip or in one folder there.`,
      { entry: manifest.name },
    );
  }
  const warnings: RosterBundleWarning[] = [];
  const bundleFiles = new Map<OneRosterFileName, ZipEntry>();
  for (const entry of files) {
    if (entry === manifest) continue;
    if (isArchiverLitter(entry.name)) {
      warnings.push({ entry: entry.name, message: 'Added by the archiver; not read.' });
      continue;
    }
    const rostering = oneRosterFileOf(entry.name);
    const inFolder = entry.name.startsWith(folder) && !entry.name.slice(folder.length).includes('/');
    if (rostering && !inFolder) {
      throw new RosterBundleError(
        'ambiguous',
        `${entry.name} is outside the bundle's folder (${folder || 'the top of the zip'}); send one bundle per zip.`,
        { entry: entry.name },
      );
    }
    if (!rostering) {
      const why = !inFolder
        ? "Outside the bundle's folder"
        : isPassedOverOneRosterFile(entry.name)
          ? 'A OneRoster file the roster does not import (gradebook or resources)'
          : 'Not a OneRoster file';
      warnings.push({ entry: entry.name, message: `${why}; not read.` });
      continue;
    }
    const twin = bundleFiles.get(rostering);
    if (twin) {
      throw new RosterBundleError('ambiguous', `${twin.name} and ${entry.name} are both ${rostering}.csv.`, {
        entry: entry.name,
      });
    }
    bundleFiles.set(rostering, entry);
  }
  return { folder, manifestEntry: manifest, bundleFiles, warnings };
}

function checkReadable(entry: ZipEntry): void {
  if (entry.flags & 0x41) {
    throw new RosterBundleError(
      'unsupported_entry',
      `${entry.name} is encrypted; send the bundle without a password.`,
      {
        entry: entry.name,
      },
    );
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new RosterBundleError(
      'unsupported_entry',
      `${entry.name} is compressed with method ${entry.method}; a bundle's files are stored or deflated.`,
      { entry: entry.name },
    );
  }
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw new RosterBundleError('corrupt', `${entry.name}: its sizes disagree.`, { entry: entry.name });
  }
}

async function* afterHeader(rows: AsyncIterable<CsvRow>): AsyncGenerator<CsvRow> {
  let first = true;
  for await (const row of rows) {
    if (first) first = false;
    else yield row;
  }
}

/**
 * The entry's bytes as they inflate, stopped the moment they pass the size the directory declares:
 * the declared sizes passed the total and ratio limits at opening, so counting against them bounds
 * the actual bytes by the same limits. The size and checksum are checked at the end of every read,
 * so the validating pass refuses a damaged entry before anything is written.
 */
async function* inflated(path: string, entry: ZipEntry): AsyncGenerator<Buffer> {
  // An empty stored file has no byte range to read.
  if (entry.compressedSize === 0 && entry.uncompressedSize === 0) return;
  const raw = createReadStream(path, {
    start: entry.dataOffset,
    end: entry.dataOffset + entry.compressedSize - 1,
    highWaterMark: 64 * 1024,
  });
  let source: Readable = raw;
  if (entry.method === 8) {
    const inflate = createInflateRaw();
    source = pipeline(raw, inflate, () => {});
  }
  let total = 0;
  let checksum = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > entry.uncompressedSize) {
        throw new RosterBundleError(
          'zip_bomb',
          `${entry.name} inflates past the ${formatBytes(entry.uncompressedSize)} its zip declares; refused as a zip bomb.`,
          { entry: entry.name },
        );
      }
      checksum = crc32(chunk, checksum);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof RosterBundleError) throw error;
    throw new RosterBundleError('corrupt', `${entry.name} cannot be inflated; the zip is damaged.`, {
      entry: entry.name,
    });
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (total !== entry.uncompressedSize || checksum !== entry.crc32) {
    throw new RosterBundleError('corrupt', `${entry.name} does not match its checksum; the zip is damaged.`, {
      entry: entry.name,
    });
  }
}

/** Every record of an entry, the header first; faults of the text name the entry and the line. */
async function* recordsOf(path: string, entry: ZipEntry, limit: RosterBundleLimits): AsyncGenerator<CsvRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const splitter = new CsvRecordSplitter(limit.maxRecordChars);
  const out: CsvRow[] = [];
  /**
   * Strict UTF-8; at a bad byte, the text before it still goes through the splitter, so the records
   * before it come out and the fault names the line the byte is on.
   */
  const decode = (chunk?: Buffer): { text: string; invalid: boolean } => {
    try {
      return { text: chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode(), invalid: false };
    } catch {
      const lenient = chunk ? new TextDecoder('utf-8').decode(chunk) : '';
      const bad = lenient.indexOf('\uFFFD');
      return { text: bad < 0 ? lenient : lenient.slice(0, bad), invalid: true };
    }
  };
  const notUtf8 = () =>
    new RosterBundleError(
      'not_utf8',
      `${entry.name} line ${splitter.currentLine} is not UTF-8 text; OneRoster files are UTF-8.`,
      { entry: entry.name, line: splitter.currentLine },
    );
  /** Splits a piece; the records completed before a fault still come out first, then the fault. */
  const split = (step: () => void): RosterBundleError | undefined => {
    try {
      step();
      return undefined;
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      return new RosterBundleError('malformed_csv', `${entry.name} line ${error.line}: ${error.message}.`, {
        entry: entry.name,
        line: error.line,
      });
    }
  };
  for await (const chunk of inflated(path, entry)) {
    const { text, invalid } = decode(chunk);
    const fault = split(() => splitter.push(text, out)) ?? (invalid ? notUtf8() : undefined);
    for (const row of out) yield row;
    out.length = 0;
    if (fault) throw fault;
  }
  const { text, invalid } = decode();
  const fault = split(() => splitter.push(text, out)) ?? (invalid ? notUtf8() : split(() => splitter.end(out)));
  yield* out;
  if (fault) throw fault;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${(bytes / (1024 * MiB)).toFixed(1)} GiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function formatRatio(uncompressed: number, compressed: number): string {
  return compressed === 0 ? 'endlessly' : Math.round(uncompressed / compressed).toLocaleString('en-US');
}
