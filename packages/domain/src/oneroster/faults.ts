/** One thing wrong with a roster bundle, named by file and line (the header is line 1). */
export interface RosterFault {
  readonly file: string;
  readonly line: number;
  readonly field?: string;
  readonly message: string;
}

/** A data row as the CSV tokenizer hands it over: its 1-based line in the file and its cells. */
export interface RosterCsvRow {
  readonly line: number;
  readonly values: readonly string[];
}

/** A header cell without the UTF-8 byte-order mark some producers put before the first one, trimmed. */
export function cleanHeaderCell(cell: string, index: number): string {
  return (index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim();
}
