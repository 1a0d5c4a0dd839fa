/**
 * CSV records read in pieces, for OneRoster files of any length (a 100,000-person users.csv) with
 * the memory of one piece and one record. A small state machine rather than a library: it is the
 * fastest way here (slices, no per-character string building), and its rules are ours to state.
 *
 * The rules are those of the domain's whole-text `parseCsv` (RFC 4180): fields separated by commas,
 * records by LF or CRLF, a field in double quotes may hold commas, line breaks and doubled quotes;
 * blank lines are skipped; a quote inside an unquoted field, text after a closing quote and a quoted
 * field never closed are errors (two programs would read them two ways). A record's `line` is the
 * physical line it starts on, counting the line breaks inside quoted fields, so a fault names the
 * line a person sees in an editor.
 */

/** One record of a CSV file and the physical line it starts on (the first line is 1). */
export interface CsvRow {
  line: number;
  values: string[];
}

/** Why a piece of CSV cannot be read, and the line of the record it happened in. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** At the start of a field: a quote opens a quoted field, anything else an unquoted one. */
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** A quote inside a quoted field: a second quote is an escaped one, anything else closed it. */
const QUOTE_IN_QUOTED = 3;
type State = typeof FIELD_START | typeof UNQUOTED | typeof QUOTED | typeof QUOTE_IN_QUOTED;

export class CsvRecordSplitter {
  private readonly maxRecordChars: number;
  private state: State = FIELD_START;
  private values: string[] = [];
  private valuesChars = 0;
  /** The current field's text from earlier pieces. */
  private field = '';
  /** A CR at the end of a piece, held back until the next shows whether an LF follows. */
  private carry = '';
  private line = 1;
  private recordLine = 1;
  private first = true;

  /** `maxRecordChars` bounds the memory one record may take (a quote never closed would read the rest). */
  constructor(maxRecordChars: number) {
    this.maxRecordChars = maxRecordChars;
  }

  /** The physical line the reader is on (for messages about text that is not a record yet). */
  get currentLine(): number {
    return this.line;
  }

  /** Reads one piece of text; the records it completes are appended to `out`. */
  push(piece: string, out: CsvRow[]): void {
    let text = this.carry + piece;
    this.carry = '';
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length > 0 && text.charCodeAt(text.length - 1) === CR) {
      this.carry = '\r';
      text = text.slice(0, -1);
    }
    this.scan(text, out);
  }

  /** The end of the text: the last record may have no line break after it. */
  end(out: CsvRow[]): void {
    const text = this.carry;
    this.carry = '';
    this.scan(text, out);
    if (this.state === QUOTED) throw new CsvSyntaxError(this.recordLine, 'a quoted field is not closed');
    if (this.values.length > 0 || this.state !== FIELD_START) this.endRecord(this.field, out);
  }

  private scan(text: string, out: CsvRow[]): void {
    const length = text.length;
    let start = 0;
    let index = 0;
    while (index < length) {
      const char = text.charCodeAt(index);
      switch (this.state) {
        case FIELD_START:
          if (char === QUOTE) {
            this.state = QUOTED;
            index++;
            start = index;
          } else {
            this.state = UNQUOTED;
            start = index;
          }
          break;
        case UNQUOTED:
          if (char === COMMA) {
            this.endField(this.field + text.slice(start, index));
            index++;
          } else if (char === LF) {
            const end = index > start && text.charCodeAt(index - 1) === CR ? index - 1 : index;
            this.endRecord(this.field + text.slice(start, end), out);
            index++;
            this.nextLine();
          } else if (char === QUOTE) {
            throw new CsvSyntaxError(this.line, 'a quote in the middle of a field');
          } else {
            index++;
          }
          break;
        case QUOTED:
          if (char === QUOTE) {
            this.field += text.slice(start, index);
            this.state = QUOTE_IN_QUOTED;
          } else if (char === LF) {
            this.line++;
          }
          index++;
          break;
        case QUOTE_IN_QUOTED:
          if (char === QUOTE) {
            this.field += '"';
            this.state = QUOTED;
            index++;
            start = index;
          } else if (char === COMMA) {
            this.endField(this.field);
            index++;
          } else if (char === LF) {
            this.endRecord(this.field, out);
            index++;
            this.nextLine();
          } else if (char === CR && index + 1 < length && text.charCodeAt(index + 1) === LF) {
            index++;
          } else {
            throw new CsvSyntaxError(this.line, 'text after a closing quote');
          }
          break;
      }
    }
    if (this.state === UNQUOTED || this.state === QUOTED) this.field += text.slice(start, length);
    if (this.valuesChars + this.field.length > this.maxRecordChars) {
      throw new CsvSyntaxError(this.recordLine, `a record longer than ${this.maxRecordChars} characters`);
    }
  }

  private endField(value: string): void {
    this.values.push(value);
    this.valuesChars += value.length;
    this.field = '';
    this.state = FIELD_START;
  }

  private endRecord(value: string, out: CsvRow[]): void {
    const values = this.values;
    values.push(value);
    if (!(values.length === 1 && value === '')) out.push({ line: this.recordLine, values });
    this.values = [];
    this.valuesChars = 0;
    this.field = '';
    this.state = FIELD_START;
  }

  private nextLine(): void {
    this.line++;
    this.recordLine = this.line;
  }
}

/** Every record of a whole text (tests and small files such as the manifest). */
export function csvRecords(text: string, maxRecordChars = Number.MAX_SAFE_INTEGER): CsvRow[] {
  const splitter = new CsvRecordSplitter(maxRecordChars);
  const out: CsvRow[] = [];
  splitter.push(text, out);
  splitter.end(out);
  return out;
}
