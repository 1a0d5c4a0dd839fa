import { constants, inflateSync } from 'node:zlib';

/** A file read in pieces: the whole of a 2 GB upload never has to be in memory to be checked. */
export interface RandomAccessFile {
  readonly size: number;
  /** `length` bytes from `start` (fewer at the end of the file). */
  read(start: number, length: number): Promise<Buffer>;
}

export function bytesFile(bytes: Uint8Array): RandomAccessFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    read: async (start, length) => buffer.subarray(start, Math.min(buffer.length, start + length)),
  };
}

/** The file's structure cannot be followed from its cross-reference data (damaged, or unusual). */
export class PdfStructureError extends Error {
  override name = 'PdfStructureError';
}

export interface PdfStructure {
  /** The trailer names an /Encrypt dictionary (a user or only an owner password: both are refused). */
  encrypted: boolean;
  /** /Count of the page tree's root. */
  pageCount: number;
}

/** Where the structure reader stops and says it cannot tell (the caller then decides what to do). */
const LIMITS = {
  tail: 64 * 1024,
  objectWindow: 4 * 1024 * 1024,
  streamBytes: 64 * 1024 * 1024,
  inflatedBytes: 256 * 1024 * 1024,
  sections: 100,
  depth: 50,
};

type PdfValue = number | boolean | null | PdfName | PdfRef | PdfDict | PdfArray | PdfText;
interface PdfName {
  kind: 'name';
  name: string;
}
interface PdfRef {
  kind: 'ref';
  num: number;
  gen: number;
}
interface PdfDict {
  kind: 'dict';
  entries: Map<string, PdfValue>;
}
interface PdfArray {
  kind: 'array';
  items: PdfValue[];
}
interface PdfText {
  kind: 'text';
}

const isObject = (value: PdfValue): value is PdfName | PdfRef | PdfDict | PdfArray | PdfText =>
  typeof value === 'object' && value !== null;
const isDict = (value: PdfValue | undefined): value is PdfDict =>
  value !== undefined && isObject(value) && value.kind === 'dict';
const isRef = (value: PdfValue | undefined): value is PdfRef =>
  value !== undefined && isObject(value) && value.kind === 'ref';
const isArray = (value: PdfValue | undefined): value is PdfArray =>
  value !== undefined && isObject(value) && value.kind === 'array';
const isName = (value: PdfValue | undefined, name?: string): value is PdfName =>
  value !== undefined && isObject(value) && value.kind === 'name' && (name === undefined || value.name === name);

/** The parser ran off the end of the bytes it was given: read more and try again. */
class NeedMoreBytes extends Error {}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** A small PDF object parser (ISO 32000 §7.3): enough to read dictionaries, arrays, names and numbers. */
class Lexer {
  constructor(
    readonly bytes: Buffer,
    public pos = 0,
    /** True when `bytes` ends before the file does (running off the end means: read more). */
    readonly truncated = true,
  ) {}

  private fail(message: string): never {
    if (this.pos >= this.bytes.length && this.truncated) throw new NeedMoreBytes();
    throw new PdfStructureError(message);
  }

  private byte(offset = 0): number {
    const value = this.bytes[this.pos + offset];
    if (value === undefined) this.fail('unexpected end of data');
    return value;
  }

  skipSpace(): void {
    for (;;) {
      if (this.pos >= this.bytes.length) return;
      const value = this.bytes[this.pos] ?? 0;
      if (WHITESPACE.has(value)) this.pos += 1;
      else if (value === 0x25) {
        while (this.pos < this.bytes.length && this.bytes[this.pos] !== 0x0a && this.bytes[this.pos] !== 0x0d)
          this.pos += 1;
      } else return;
    }
  }

  /** A run of regular characters (a keyword or a number). */
  token(): string {
    this.skipSpace();
    return this.regularRun();
  }

  /** The regular characters from here to the next white space or delimiter (a token, a name's text). */
  private regularRun(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length) {
      const value = this.bytes[this.pos] ?? 0;
      if (WHITESPACE.has(value) || DELIMITERS.has(value)) break;
      this.pos += 1;
    }
    if (this.pos === this.bytes.length && this.truncated) throw new NeedMoreBytes();
    return this.bytes.toString('latin1', start, this.pos);
  }

  startsWith(text: string): boolean {
    this.skipSpace();
    if (this.pos + text.length > this.bytes.length) {
      if (this.truncated) throw new NeedMoreBytes();
      return false;
    }
    return this.bytes.toString('latin1', this.pos, this.pos + text.length) === text;
  }

  integer(): number {
    const text = this.token();
    if (!/^\d+$/.test(text)) this.fail(`expected an integer, found '${text.slice(0, 20)}'`);
    return Number(text);
  }

  keyword(expected: string): void {
    const text = this.token();
    if (text !== expected) this.fail(`expected '${expected}', found '${text.slice(0, 20)}'`);
  }

  value(depth = 0): PdfValue {
    if (depth > LIMITS.depth) this.fail('objects nested too deep');
    this.skipSpace();
    const first = this.byte();
    if (first === 0x3c && this.byte(1) === 0x3c) {
      this.pos += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipSpace();
        if (this.byte() === 0x3e && this.byte(1) === 0x3e) {
          this.pos += 2;
          return { kind: 'dict', entries };
        }
        const key = this.value(depth + 1);
        if (!isName(key)) this.fail('a dictionary key is not a name');
        entries.set(key.name, this.value(depth + 1));
      }
    }
    if (first === 0x3c) {
      const end = this.bytes.indexOf(0x3e, this.pos);
      if (end < 0) {
        this.pos = this.bytes.length;
        this.fail('unterminated hex string');
      }
      this.pos = end + 1;
      return { kind: 'text' };
    }
    if (first === 0x28) {
      this.pos += 1;
      let open = 1;
      while (open > 0) {
        const value = this.byte();
        this.pos += value === 0x5c ? 2 : 1;
        if (value === 0x28) open += 1;
        else if (value === 0x29) open -= 1;
      }
      return { kind: 'text' };
    }
    if (first === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.byte() === 0x5d) {
          this.pos += 1;
          return { kind: 'array', items };
        }
        items.push(this.value(depth + 1));
      }
    }
    if (first === 0x2f) {
      this.pos += 1;
      const raw = this.regularRun();
      return {
        kind: 'name',
        name: raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      };
    }
    const text = this.token();
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (text === 'null') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) this.fail(`unexpected '${text.slice(0, 20)}'`);
    const number = Number(text);
    if (/^\d+$/.test(text)) {
      // `12 0 R` is a reference: look ahead, and step back when it is just two numbers.
      const mark = this.pos;
      const generation = this.token();
      if (/^\d+$/.test(generation)) {
        const keyword = this.token();
        if (keyword === 'R') return { kind: 'ref', num: number, gen: Number(generation) };
      }
      this.pos = mark;
    }
    return number;
  }
}

interface XrefEntry {
  /** 1: at a byte offset; 2: inside an object stream. */
  type: 1 | 2;
  field2: number;
  field3: number;
}

interface XrefSection {
  trailer: PdfDict;
  lookup(num: number): Promise<XrefEntry | null>;
}

const numberOf = (value: PdfValue | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Follows a PDF's cross-reference data from `startxref` to its page tree, reading only what it needs. */
class StructureReader {
  private readonly objectStreams = new Map<number, { first: number; offsets: Map<number, number>; data: Buffer }>();

  constructor(private readonly file: RandomAccessFile) {}

  /** Parses with a growing window at `offset` until the parser has all it needs. */
  private async parseAt<T>(offset: number, parse: (lexer: Lexer) => T): Promise<T> {
    let window = 4096;
    for (;;) {
      const bytes = await this.file.read(offset, window);
      const truncated = offset + bytes.length < this.file.size;
      try {
        return parse(new Lexer(bytes, 0, truncated));
      } catch (error) {
        if (!(error instanceof NeedMoreBytes)) throw error;
        if (window >= LIMITS.objectWindow) throw new PdfStructureError(`an object at ${offset} is too large`);
        window *= 4;
      }
    }
  }

  private async readStartXref(): Promise<number> {
    const length = Math.min(this.file.size, LIMITS.tail);
    const tail = (await this.file.read(this.file.size - length, length)).toString('latin1');
    const at = tail.lastIndexOf('startxref');
    const match = at >= 0 ? /^startxref\s+(\d+)/.exec(tail.slice(at)) : null;
    if (!match) throw new PdfStructureError('no startxref');
    return Number(match[1]);
  }

  /** An indirect object at a byte offset: its value, and where its stream data starts. */
  private objectAt(offset: number, num?: number) {
    return this.parseAt(offset, (lexer) => {
      const found = lexer.integer();
      lexer.integer();
      lexer.keyword('obj');
      if (num !== undefined && found !== num) throw new PdfStructureError(`object ${num} is not at ${offset}`);
      const value = lexer.value();
      let streamStart: number | null = null;
      if (isDict(value) && lexer.startsWith('stream')) {
        lexer.pos += 'stream'.length;
        if (lexer.bytes[lexer.pos] === 0x0d) lexer.pos += 1;
        if (lexer.bytes[lexer.pos] === 0x0a) lexer.pos += 1;
        streamStart = offset + lexer.pos;
      }
      return { num: found, value, streamStart };
    });
  }

  private async streamData(dict: PdfDict, start: number): Promise<Buffer> {
    const length = numberOf(await this.resolve(dict.entries.get('Length')));
    if (length === null || length < 0 || length > LIMITS.streamBytes) throw new PdfStructureError('stream length');
    if (start + length > this.file.size) throw new PdfStructureError('stream runs past the end of the file');
    let data = await this.file.read(start, length);
    const filter = dict.entries.get('Filter');
    const filters = isArray(filter) ? filter.items : filter ? [filter] : [];
    for (const each of filters) {
      if (!isName(each, 'FlateDecode')) throw new PdfStructureError('an unsupported stream filter');
      try {
        data = inflateSync(data, { maxOutputLength: LIMITS.inflatedBytes, finishFlush: constants.Z_SYNC_FLUSH });
      } catch {
        throw new PdfStructureError('a stream does not inflate');
      }
    }
    const parms = dict.entries.get('DecodeParms');
    const predictor = isDict(parms) ? (numberOf(parms.entries.get('Predictor')) ?? 1) : 1;
    if (predictor >= 10 && isDict(parms)) {
      data = undoPngPredictor(data, numberOf(parms.entries.get('Columns')) ?? 1);
    } else if (predictor !== 1) {
      throw new PdfStructureError('an unsupported predictor');
    }
    return data;
  }

  private async classicSection(offset: number): Promise<XrefSection> {
    const subsections: { start: number; count: number; entriesAt: number }[] = [];
    let position = offset;
    // `xref`, then subsection headers each followed by count × 20 bytes, then `trailer << … >>`.
    position = await this.parseAt(position, (lexer) => {
      lexer.keyword('xref');
      return position + lexer.pos;
    });
    for (;;) {
      const next = await this.parseAt(position, (lexer) => {
        if (lexer.startsWith('trailer')) {
          lexer.keyword('trailer');
          return { trailer: lexer.value() };
        }
        const start = lexer.integer();
        const count = lexer.integer();
        while (
          lexer.pos < lexer.bytes.length &&
          WHITESPACE.has(lexer.bytes[lexer.pos] ?? 0) &&
          lexer.bytes[lexer.pos] !== 0x0a
        ) {
          lexer.pos += 1;
        }
        if (lexer.bytes[lexer.pos] === 0x0a) lexer.pos += 1;
        return { start, count, entriesAt: position + lexer.pos };
      });
      if ('trailer' in next) {
        if (!isDict(next.trailer)) throw new PdfStructureError('the trailer is not a dictionary');
        const trailer = next.trailer;
        return {
          trailer,
          lookup: async (num) => {
            const sub = subsections.find((each) => num >= each.start && num < each.start + each.count);
            if (!sub) return null;
            const entry = (await this.file.read(sub.entriesAt + (num - sub.start) * 20, 20)).toString('latin1');
            const match = /^(\d{10}) (\d{5}) ([nf])/.exec(entry);
            if (!match) throw new PdfStructureError('a cross-reference entry is not 20 bytes');
            return match[3] === 'n' ? { type: 1, field2: Number(match[1]), field3: Number(match[2]) } : null;
          },
        };
      }
      // Entries are exactly 20 bytes (§7.5.4); check the first, then jump over the rest.
      if (next.count > 0) {
        const first = (await this.file.read(next.entriesAt, 20)).toString('latin1');
        if (!/^\d{10} \d{5} [nf][\r\n ]{2}$/.test(first))
          throw new PdfStructureError('cross-reference entries are not 20 bytes');
      }
      subsections.push(next);
      position = next.entriesAt + next.count * 20;
      if (position > this.file.size) throw new PdfStructureError('the cross-reference table runs past the end');
    }
  }

  private async streamSection(offset: number): Promise<XrefSection> {
    const object = await this.objectAt(offset);
    const dict = object.value;
    if (!isDict(dict) || !isName(dict.entries.get('Type'), 'XRef') || object.streamStart === null) {
      throw new PdfStructureError('startxref points at neither a table nor a cross-reference stream');
    }
    const widths = dict.entries.get('W');
    const w = isArray(widths) ? widths.items.map(numberOf) : [];
    if (w.length !== 3 || w.some((width) => width === null || width < 0 || width > 8))
      throw new PdfStructureError('/W');
    const [w1, w2, w3] = w as [number, number, number];
    const rowLength = w1 + w2 + w3;
    const size = numberOf(dict.entries.get('Size')) ?? 0;
    const index = dict.entries.get('Index');
    const pairs = isArray(index) ? index.items.map(numberOf) : [0, size];
    const data = await this.streamData(dict, object.streamStart);
    const ranges: { start: number; count: number; row: number }[] = [];
    let row = 0;
    for (let at = 0; at + 1 < pairs.length; at += 2) {
      const start = pairs[at];
      const count = pairs[at + 1];
      if (start === null || start === undefined || count === null || count === undefined)
        throw new PdfStructureError('/Index');
      ranges.push({ start, count, row });
      row += count;
    }
    const field = (from: number, width: number, fallback: number) => {
      if (width === 0) return fallback;
      let value = 0;
      for (let byte = 0; byte < width; byte += 1) value = value * 256 + (data[from + byte] ?? 0);
      return value;
    };
    return {
      trailer: dict,
      lookup: async (num) => {
        const range = ranges.find((each) => num >= each.start && num < each.start + each.count);
        if (!range) return null;
        const at = (range.row + num - range.start) * rowLength;
        if (at + rowLength > data.length) throw new PdfStructureError('the cross-reference stream is short');
        const type = field(at, w1, 1);
        if (type !== 1 && type !== 2) return null;
        return { type, field2: field(at + w1, w2, 0), field3: field(at + w1 + w2, w3, 0) };
      },
    };
  }

  private async sectionAt(offset: number): Promise<XrefSection> {
    if (offset >= this.file.size) throw new PdfStructureError('startxref points past the end of the file');
    const isTable = await this.parseAt(offset, (lexer) => lexer.startsWith('xref'));
    return isTable ? this.classicSection(offset) : this.streamSection(offset);
  }

  private sections: XrefSection[] = [];

  async load(): Promise<void> {
    const seen = new Set<number>();
    let offset: number | null = await this.readStartXref();
    while (offset !== null && !seen.has(offset)) {
      if (seen.size >= LIMITS.sections) throw new PdfStructureError('too many cross-reference sections');
      seen.add(offset);
      const section = await this.sectionAt(offset);
      this.sections.push(section);
      // A hybrid file keeps its compressed objects in a stream named by the table's trailer.
      const hybrid = numberOf(section.trailer.entries.get('XRefStm'));
      if (hybrid !== null && !seen.has(hybrid)) {
        seen.add(hybrid);
        this.sections.push(await this.streamSection(hybrid));
      }
      offset = numberOf(section.trailer.entries.get('Prev'));
    }
  }

  trailerValue(name: string): PdfValue | undefined {
    for (const section of this.sections) {
      const value = section.trailer.entries.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  get anyTrailerEncrypted(): boolean {
    return this.sections.some((section) => section.trailer.entries.has('Encrypt'));
  }

  private async entryOf(num: number): Promise<XrefEntry | null> {
    for (const section of this.sections) {
      const entry = await section.lookup(num);
      if (entry) return entry;
    }
    return null;
  }

  private async objectStream(num: number) {
    const cached = this.objectStreams.get(num);
    if (cached) return cached;
    const entry = await this.entryOf(num);
    if (entry?.type !== 1) throw new PdfStructureError(`object stream ${num} not found`);
    const object = await this.objectAt(entry.field2, num);
    if (!isDict(object.value) || object.streamStart === null)
      throw new PdfStructureError(`object ${num} is not a stream`);
    const data = await this.streamData(object.value, object.streamStart);
    const count = numberOf(object.value.entries.get('N')) ?? 0;
    const first = numberOf(object.value.entries.get('First')) ?? 0;
    const header = new Lexer(data.subarray(0, first), 0, false);
    const offsets = new Map<number, number>();
    for (let index = 0; index < count; index += 1) offsets.set(header.integer(), header.integer());
    const parsed = { first, offsets, data };
    this.objectStreams.set(num, parsed);
    return parsed;
  }

  /** The value a reference points to (a direct value is its own value). */
  async resolve(value: PdfValue | undefined, depth = 0): Promise<PdfValue | undefined> {
    if (!isRef(value)) return value;
    if (depth > 8) throw new PdfStructureError('a chain of references');
    const entry = await this.entryOf(value.num);
    if (!entry) return null;
    if (entry.type === 1) return this.resolve((await this.objectAt(entry.field2, value.num)).value, depth + 1);
    const stream = await this.objectStream(entry.field2);
    const at = stream.offsets.get(value.num);
    if (at === undefined) throw new PdfStructureError(`object ${value.num} is not in its object stream`);
    return this.resolve(new Lexer(stream.data, stream.first + at, false).value(), depth + 1);
  }
}

/** PNG predictors (§7.4.4.4) as cross-reference streams use them: one filter byte per row. */
function undoPngPredictor(data: Buffer, columns: number): Buffer {
  const rowLength = columns + 1;
  const rows = Math.floor(data.length / rowLength);
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * rowLength] ?? 0;
    for (let column = 0; column < columns; column += 1) {
      const raw = data[row * rowLength + 1 + column] ?? 0;
      const left = column > 0 ? (out[row * columns + column - 1] ?? 0) : 0;
      const up = row > 0 ? (out[(row - 1) * columns + column] ?? 0) : 0;
      const upLeft = row > 0 && column > 0 ? (out[(row - 1) * columns + column - 1] ?? 0) : 0;
      let value: number;
      if (filter === 0) value = raw;
      else if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + Math.floor((left + up) / 2);
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        value = raw + (a <= b && a <= c ? left : b <= c ? up : upLeft);
      } else throw new PdfStructureError('an unknown PNG predictor');
      out[row * columns + column] = value & 0xff;
    }
  }
  return out;
}

/**
 * Whether a PDF is encrypted, and how many pages it has, from its cross-reference data: the tail
 * (`startxref`), each cross-reference section (tables are jumped over, 20 bytes an entry), the
 * catalog and the page tree's root. A 2 GB file costs a few reads of kilobytes to a few megabytes.
 * Throws `PdfStructureError` when the structure cannot be followed (damaged offsets, unusual filters).
 */
export async function readPdfStructure(file: RandomAccessFile): Promise<PdfStructure> {
  const reader = new StructureReader(file);
  try {
    await reader.load();
    if (reader.anyTrailerEncrypted) return { encrypted: true, pageCount: 0 };
    const catalog = await reader.resolve(reader.trailerValue('Root'));
    if (!isDict(catalog)) throw new PdfStructureError('no catalog');
    const pages = await reader.resolve(catalog.entries.get('Pages'));
    if (!isDict(pages)) throw new PdfStructureError('no page tree');
    const count = numberOf(await reader.resolve(pages.entries.get('Count')));
    if (count === null || !Number.isInteger(count) || count < 0) throw new PdfStructureError('no page count');
    return { encrypted: false, pageCount: count };
  } catch (error) {
    if (error instanceof PdfStructureError) throw error;
    if (error instanceof NeedMoreBytes) throw new PdfStructureError('the file ends too early');
    throw error;
  }
}
