/**
 * The first rows of a CSV, for the upload's preview only (the API reads and checks the whole file):
 * fields split on commas, double-quoted fields may hold commas, quotes ("") and line breaks.
 */
export function csvPreview(text: string, maxRows = 10): { header: string[]; rows: string[][]; total: number } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let total = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    const blank = record.length === 1 && record[0] === '';
    if (!blank) {
      total++;
      if (records.length <= maxRows) records.push(record);
    }
    record = [];
  };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index++;
      endRecord();
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  const [header = [], ...rows] = records;
  return { header, rows: rows.slice(0, maxRows), total: Math.max(0, total - 1) };
}

/** The order number a file's name starts with (`ORD-26-00012.csv`, `ORD-26-00012 names.csv`), if any. */
export function orderNumberOfFile(filename: string): string | null {
  return /^([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*?)(?:[ _.].*)?\.csv$/i.exec(filename)?.[1] ?? null;
}
