import { crc32 } from 'node:zlib';
import { deflateSync } from 'fflate';

/** Where the archive's bytes go, in order, as they are made. */
export type ZipSink = (chunk: Uint8Array) => void | Promise<void>;

export interface ZipEntryOptions {
  /** Deflate the entry (text); false stores it as it is (JPEG is already compressed; `mimetype` must be). */
  compress: boolean;
}

interface CentralRecord {
  name: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** Without ZIP64 an archive holds at most this many entries and bytes; a 480-page book is far below both. */
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/**
 * A ZIP archive written entry by entry to a sink, each entry whole: its CRC and sizes are known before
 * its header is written, so every local header carries them and no entry needs a data descriptor.
 * fflate's streaming `Zip` writes every entry with a data descriptor, and streaming readers (Java's
 * ZipInputStream among them) refuse a stored entry that has one — and most of an EPUB is stored JPEGs.
 * Only the central directory records stay in memory until `finish()`.
 */
export class ZipWriter {
  private readonly records: CentralRecord[] = [];
  private offset = 0;
  private finished = false;
  private readonly dosTime: number;
  private readonly dosDate: number;

  /** `modified` is every entry's time stamp (one date, so the same book gives the same bytes). */
  constructor(
    private readonly sink: ZipSink,
    modified: Date,
  ) {
    const year = Math.min(2107, Math.max(1980, modified.getUTCFullYear()));
    this.dosDate = ((year - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate();
    this.dosTime =
      (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | Math.floor(modified.getUTCSeconds() / 2);
  }

  get bytesWritten(): number {
    return this.offset;
  }

  async add(name: string, data: Uint8Array, options: ZipEntryOptions): Promise<void> {
    if (this.finished) throw new Error('The archive is already finished.');
    if (this.records.length >= MAX_ENTRIES) throw new Error('Too many entries for a ZIP archive without ZIP64.');
    if (!/^[\x20-\x7e]+$/.test(name)) throw new Error(`Entry names are plain ASCII: ${name}`);
    const nameBytes = new TextEncoder().encode(name);
    const body = options.compress ? deflateSync(data, { level: 6 }) : data;
    const record: CentralRecord = {
      name: nameBytes,
      method: options.compress ? DEFLATED : STORED,
      crc: crc32(data) >>> 0,
      compressedSize: body.length,
      size: data.length,
      offset: this.offset,
    };
    if (record.offset + 30 + nameBytes.length + body.length > MAX_OFFSET)
      throw new Error('The archive would pass 4 GB, which needs ZIP64.');
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, LOCAL_HEADER, true);
    header.setUint16(4, 20, true); // version needed: 2.0 (deflate)
    header.setUint16(6, 0, true); // flags: no data descriptor, no encryption
    header.setUint16(8, record.method, true);
    header.setUint16(10, this.dosTime, true);
    header.setUint16(12, this.dosDate, true);
    header.setUint32(14, record.crc, true);
    header.setUint32(18, record.compressedSize, true);
    header.setUint32(22, record.size, true);
    header.setUint16(26, nameBytes.length, true);
    header.setUint16(28, 0, true); // no extra field (OCF forbids one on `mimetype`)
    await this.write(new Uint8Array(header.buffer));
    await this.write(nameBytes);
    await this.write(body);
    this.records.push(record);
  }

  /** Writes the central directory and the end record; the archive is complete after this. */
  async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const start = this.offset;
    for (const record of this.records) {
      const header = new DataView(new ArrayBuffer(46));
      header.setUint32(0, CENTRAL_HEADER, true);
      header.setUint16(4, 20, true); // made by: MS-DOS attributes, version 2.0
      header.setUint16(6, 20, true);
      header.setUint16(8, 0, true);
      header.setUint16(10, record.method, true);
      header.setUint16(12, this.dosTime, true);
      header.setUint16(14, this.dosDate, true);
      header.setUint32(16, record.crc, true);
      header.setUint32(20, record.compressedSize, true);
      header.setUint32(24, record.size, true);
      header.setUint16(28, record.name.length, true);
      // extra, comment, disk number, internal and external attributes: all zero
      header.setUint32(42, record.offset, true);
      await this.write(new Uint8Array(header.buffer));
      await this.write(record.name);
    }
    const size = this.offset - start;
    if (this.offset > MAX_OFFSET) throw new Error('The archive would pass 4 GB, which needs ZIP64.');
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, END_OF_CENTRAL_DIRECTORY, true);
    end.setUint16(8, this.records.length, true);
    end.setUint16(10, this.records.length, true);
    end.setUint32(12, size, true);
    end.setUint32(16, start, true);
    await this.write(new Uint8Array(end.buffer));
  }

  private async write(chunk: Uint8Array) {
    this.offset += chunk.length;
    await this.sink(chunk);
  }
}
