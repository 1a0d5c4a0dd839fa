/**
 * The names for an order's personalized covers (issue 11): a CSV the plant prints one cover per row
 * from. The rules are ours (the spec names the upload, not its columns): a header with
 * `first_name,last_name` or `name`, optional `grade`, `cover_name` (default: first and last name)
 * and `icons`; every cover name 1 to 40 printable characters; a grade K or 1 to 12.
 */

/** One record of a CSV and the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * RFC 4180: fields separated by commas, records by CRLF or LF, a field in double quotes may hold
 * commas, line breaks and doubled quotes. A leading byte-order mark is dropped; blank lines are
 * skipped. A quote inside an unquoted field, or text after a closing quote, is an error (read two
 * ways by two programs otherwise).
 */
export function parseCsv(text: string): CsvParse {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  let cellStarted = false;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    cellStarted = false;
    afterQuote = false;
  };
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = false;
      afterQuote = false;
    } else if (char === '\r' && source[index + 1] === '\n') {
      // CRLF: the LF ends the record.
    } else if (char === '\n') {
      endRecord();
      line++;
      recordLine = line;
    } else if (char === '"') {
      if (cellStarted || afterQuote) return { ok: false, line, message: 'a quote in the middle of a field' };
      quoted = true;
      cellStarted = true;
    } else {
      if (afterQuote) return { ok: false, line, message: 'text after a closing quote' };
      cell += char;
      cellStarted = true;
    }
  }
  if (quoted) return { ok: false, line: recordLine, message: 'a quoted field is not closed' };
  endRecord();
  return { ok: true, records };
}

export const PERSONALIZATION_NAME_MAX = 40;
export const PERSONALIZATION_GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
const COLUMNS = ['first_name', 'last_name', 'name', 'grade', 'cover_name', 'icons'] as const;
type Column = (typeof COLUMNS)[number];

/** One cover to print. */
export interface PersonalizationName {
  line: number;
  coverName: string;
  firstName: string | null;
  lastName: string | null;
  grade: string | null;
  icons: string | null;
}

export interface PersonalizationProblem {
  line: number;
  message: string;
}

export type PersonalizationParse =
  | { ok: true; names: PersonalizationName[] }
  | { ok: false; problems: PersonalizationProblem[] };

/** At most this many problems are told at once (a file of wrong columns would give one per row). */
export const MAX_PERSONALIZATION_PROBLEMS = 50;

// Letters, marks, digits, punctuation, symbols and spaces; no control or invisible format characters.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u;
/** A spreadsheet would run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+@-]/;

function checkText(value: string, what: string, max: number): string | null {
  if (value.length > max) return `${what} longer than ${max} characters`;
  if (!PRINTABLE.test(value)) return `${what} has characters that cannot be printed`;
  if (FORMULA_START.test(value)) return `${what} may not start with =, +, - or @`;
  return null;
}

/** The covers of a personalization CSV, or every problem (up to 50) with its line. */
export function parsePersonalizationNames(text: string): PersonalizationParse {
  const csv = parseCsv(text);
  if (!csv.ok) return { ok: false, problems: [{ line: csv.line, message: csv.message }] };
  const [header, ...rows] = csv.records;
  if (!header) return { ok: false, problems: [{ line: 1, message: 'the file is empty' }] };
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const unknown = columns.find((column) => !(COLUMNS as readonly string[]).includes(column));
  if (unknown !== undefined) {
    return {
      ok: false,
      problems: [
        { line: header.line, message: `unknown column "${unknown.slice(0, 40)}" (columns: ${COLUMNS.join(', ')})` },
      ],
    };
  }
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) return { ok: false, problems: [{ line: header.line, message: `column "${repeated}" appears twice` }] };
  const has = (column: Column) => columns.includes(column);
  if (!has('name') && !(has('first_name') && has('last_name'))) {
    return {
      ok: false,
      problems: [{ line: header.line, message: 'the header needs first_name and last_name, or name' }],
    };
  }
  if (rows.length === 0) return { ok: false, problems: [{ line: 2, message: 'no names after the header' }] };

  const names: PersonalizationName[] = [];
  const problems: PersonalizationProblem[] = [];
  for (const row of rows) {
    if (problems.length >= MAX_PERSONALIZATION_PROBLEMS) break;
    const problem = (message: string) => problems.push({ line: row.line, message });
    if (row.cells.length !== columns.length) {
      problem(`${row.cells.length} fields where the header has ${columns.length}`);
      continue;
    }
    const value = (column: Column) => {
      const index = columns.indexOf(column);
      const cell = index < 0 ? '' : (row.cells[index] ?? '').trim();
      return cell === '' ? null : cell;
    };
    const firstName = value('first_name');
    const lastName = value('last_name');
    const fullName = value('name') ?? ([firstName, lastName].filter(Boolean).join(' ') || null);
    const coverName = value('cover_name') ?? fullName;
    if (!coverName) {
      problem('no name');
      continue;
    }
    const checks: [string | null, string, number][] = [
      [firstName, 'first name', PERSONALIZATION_NAME_MAX],
      [lastName, 'last name', PERSONALIZATION_NAME_MAX],
      [value('name'), 'name', PERSONALIZATION_NAME_MAX],
      [coverName, 'cover name', PERSONALIZATION_NAME_MAX],
      [value('icons'), 'icons', 200],
    ];
    const wrong = checks
      .map(([text, what, max]) => (text === null ? null : checkText(text, what, max)))
      .find((message) => message !== null);
    if (wrong) {
      problem(wrong);
      continue;
    }
    const grade = value('grade');
    const normalGrade = grade === null ? null : grade.toUpperCase().replace(/^0+(?=\d)/, '');
    if (normalGrade !== null && !(PERSONALIZATION_GRADES as readonly string[]).includes(normalGrade)) {
      problem(`grade "${grade?.slice(0, 10)}" is not K or 1 to 12`);
      continue;
    }
    names.push({ line: row.line, coverName, firstName, lastName, grade: normalGrade, icons: value('icons') });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, names };
}
