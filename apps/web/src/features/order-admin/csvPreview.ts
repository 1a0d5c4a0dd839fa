import { parseCsv } from '@colophon/domain';

export type CsvPreview =
  | { ok: true; header: string[]; rows: string[][]; total: number }
  | { ok: false; message: string };

/**
 * The first rows of a names file, read by the domain's CSV reader (the API's), for the upload's
 * preview only: the API checks every row of the whole file.
 */
export function csvPreview(text: string, maxRows = 10): CsvPreview {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, message: `Line ${parsed.line}: ${parsed.message}` };
  const [header, ...rows] = parsed.records;
  return {
    ok: true,
    header: header?.cells ?? [],
    rows: rows.slice(0, maxRows).map((row) => row.cells),
    total: rows.length,
  };
}
