/**
 * A zip archive's directory, read from the end of the file (APPNOTE 6.3: the end-of-central-directory
 * record, its ZIP64 form, the central directory and each entry's local header), without inflating
 * anything. Reading the directory ourselves, rather than walking local headers from the start as a
 * streaming unzip does, gives every entry's declared sizes before one byte is inflated, lets one
 * file be read alone (a byte range of the upload) as often as needed, and catches the archives that
 * lie: a local header naming another file than the directory, or entries whose data overlap.
 */
import type { FileHandle } from 'node:fs/promises';
import { RosterBundleError } from './roster-bundle-error';

export interface ZipEntry {
  name: string;
  /** The compression method: 0 stored, 8 deflate (nothing else is read). */
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataOffset: number;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
const UNIX_HOST = 3;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const notAZip = (why: string) => new RosterBundleError('not_a_zip', `The file is not a zip archive (${why}).`);
const corrupt = (message: string, entry?: string) =>
  new RosterBundleError('corrupt', message, entry === undefined ? {} : { entry });

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw notAZip('it ends early');
  return buffer;
}

/** A 64-bit size or offset; ours are far below 2^53 (the upload is capped well under it). */
function uint64(buffer: Buffer, at: number): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw notAZip('a size beyond any file');
  return Number(value);
}

interface DirectoryLocation {
  entryCount: number;
  offset: number;
  size: number;
  /** Where the directory must end: the end record, or the ZIP64 end record before it. */
  end: number;
}

async function locateDirectory(file: FileHandle, fileSize: number): Promise<DirectoryLocation> {
  if (fileSize < END_SIZE) throw notAZip('too short');
  const tailLength = Math.min(fileSize, END_SIZE + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(file, tailStart, tailLength);
  let at = -1;
  for (let index = tailLength - END_SIZE; index >= 0; index--) {
    // The record's comment length must reach exactly to the end of the file.
    if (tail.readUInt32LE(index) === END_SIGNATURE && index + END_SIZE + tail.readUInt16LE(index + 20) === tailLength) {
      at = index;
      break;
    }
  }
  if (at < 0) throw notAZip('no end-of-directory record');
  const endOffset = tailStart + at;
  const disk = tail.readUInt16LE(at + 4);
  const directoryDisk = tail.readUInt16LE(at + 6);
  let entryCount = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  let end = endOffset;
  if (disk !== 0 || directoryDisk !== 0) {
    throw new RosterBundleError('unsupported_entry', 'The zip is split over several disks; send it as one file.');
  }
  if (endOffset >= 20) {
    const locator = await readAt(file, endOffset - 20, 20);
    if (locator.readUInt32LE(0) === ZIP64_LOCATOR_SIGNATURE) {
      const zip64EndOffset = uint64(locator, 8);
      if (zip64EndOffset + 56 > endOffset - 20) throw notAZip('a ZIP64 record out of place');
      const zip64End = await readAt(file, zip64EndOffset, 56);
      if (zip64End.readUInt32LE(0) !== ZIP64_END_SIGNATURE) throw notAZip('a ZIP64 record out of place');
      entryCount = uint64(zip64End, 32);
      size = uint64(zip64End, 40);
      offset = uint64(zip64End, 48);
      end = zip64EndOffset;
    }
  }
  if (offset + size !== end) throw notAZip('its directory is not where its end record says');
  return { entryCount, offset, size, end };
}

/** The ZIP64 extra field holds, in order, the sizes and offset whose 32-bit fields are all ones. */
function applyZip64(extra: Buffer, sizes: { uncompressed: number; compressed: number; offset: number }, name: string) {
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw corrupt(`${name}: its ZIP64 sizes are cut short.`, name);
        const value = uint64(extra, field);
        field += 8;
        return value;
      };
      if (sizes.uncompressed === 0xffffffff) sizes.uncompressed = next();
      if (sizes.compressed === 0xffffffff) sizes.compressed = next();
      if (sizes.offset === 0xffffffff) sizes.offset = next();
      return;
    }
    at += 4 + length;
  }
}

/**
 * Every entry of the archive, checked for what can be checked without inflating: the directory is
 * where the end record says, each local header names the same file, no two entries share bytes.
 * `maxEntries` is checked on the end record's count, before the directory is read.
 */
export async function readZipDirectory(file: FileHandle, fileSize: number, maxEntries: number): Promise<ZipEntry[]> {
  const location = await locateDirectory(file, fileSize);
  if (location.entryCount > maxEntries) {
    throw new RosterBundleError(
      'too_many_entries',
      `The zip holds ${location.entryCount} entries; a OneRoster bundle has at most ${maxEntries}.`,
    );
  }
  // Each directory record is at most 46 bytes and three 64 KiB fields.
  if (location.size > location.entryCount * (46 + 3 * 0xffff)) throw notAZip('a directory larger than its entries');
  const directory = await readAt(file, location.offset, location.size);
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < location.entryCount; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw notAZip('its directory is cut short');
    }
    const madeBy = directory.readUInt16LE(at + 4);
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const crc32 = directory.readUInt32LE(at + 16);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const externalAttributes = directory.readUInt32LE(at + 38);
    const sizes = {
      compressed: directory.readUInt32LE(at + 20),
      uncompressed: directory.readUInt32LE(at + 24),
      offset: directory.readUInt32LE(at + 42),
    };
    const nameStart = at + 46;
    if (nameStart + nameLength + extraLength + commentLength > directory.length) {
      throw notAZip('its directory is cut short');
    }
    // Names are UTF-8 when flag bit 11 says so; the others are read the same way, as ASCII mostly is.
    const name = decoder.decode(directory.subarray(nameStart, nameStart + nameLength));
    applyZip64(directory.subarray(nameStart + nameLength, nameStart + nameLength + extraLength), sizes, name);
    const unixMode = madeBy >> 8 === UNIX_HOST ? externalAttributes >>> 16 : 0;
    entries.push({
      name,
      method,
      flags,
      crc32,
      compressedSize: sizes.compressed,
      uncompressedSize: sizes.uncompressed,
      localHeaderOffset: sizes.offset,
      dataOffset: 0,
      isDirectory: name.endsWith('/'),
      isSymbolicLink: (unixMode & S_IFMT) === S_IFLNK,
    });
    at = nameStart + nameLength + extraLength + commentLength;
  }
  await locateData(file, entries, location.offset);
  return entries;
}

async function locateData(file: FileHandle, entries: ZipEntry[], directoryOffset: number): Promise<void> {
  const decoder = new TextDecoder('utf-8');
  for (const entry of entries) {
    if (entry.localHeaderOffset + 30 > directoryOffset)
      throw corrupt(`${entry.name}: its data is missing.`, entry.name);
    const header = await readAt(file, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw corrupt(`${entry.name}: its data is missing.`, entry.name);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const localName = decoder.decode(await readAt(file, entry.localHeaderOffset + 30, nameLength));
    if (localName !== entry.name) {
      throw corrupt(`${entry.name}: its data is stored under another name (${localName}).`, entry.name);
    }
    entry.dataOffset = entry.localHeaderOffset + 30 + nameLength + extraLength;
    if (entry.dataOffset + entry.compressedSize > directoryOffset) {
      throw corrupt(`${entry.name}: its data runs past the end of the archive.`, entry.name);
    }
  }
  // Entries sharing bytes are how a small archive inflates to terabytes (a "non-recursive" bomb).
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let index = 1; index < byOffset.length; index++) {
    const previous = byOffset[index - 1];
    const entry = byOffset[index];
    if (previous && entry && previous.dataOffset + previous.compressedSize > entry.localHeaderOffset) {
      throw new RosterBundleError(
        'zip_bomb',
        `The zip's entries ${previous.name} and ${entry.name} share their data, as zip bombs do.`,
        { entry: entry.name },
      );
    }
  }
}
