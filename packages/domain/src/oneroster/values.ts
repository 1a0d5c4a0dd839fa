import { ONEROSTER_GRADES, type OneRosterField, type OneRosterGrade } from './fields';

/** A parsed cell: blank is null; lists are arrays (empty when blank). */
export type OneRosterValue = string | boolean | readonly string[] | null;

export type ParsedCell =
  | { readonly ok: true; readonly value: OneRosterValue }
  | { readonly ok: false; readonly message: string };

const LIST_TYPES = new Set(['guidList', 'stringList', 'gradeList']);

/** `TRUE`, `true` and `True` are all true: producers spell booleans as they please. */
export function parseOneRosterBoolean(raw: string): boolean | undefined {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return undefined;
}

const gradeByUpper = new Map<string, OneRosterGrade>(ONEROSTER_GRADES.map((grade) => [grade.toUpperCase(), grade]));

/** A grade as the standard spells it: `9` → `09`, `kg` → `KG`, `other` → `Other`; undefined when not a grade. */
export function normalizeGrade(raw: string): OneRosterGrade | undefined {
  const upper = raw.trim().toUpperCase();
  const padded = /^\d$/.test(upper) ? `0${upper}` : upper;
  return gradeByUpper.get(padded);
}

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export function parseOneRosterDate(raw: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? raw : undefined;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date and time, as UTC (`2026-09-01T08:00:00.000Z`). A time without a zone is read as
 * UTC: the standard writes UTC, and some producers leave the `Z` off.
 */
export function parseOneRosterDateTime(raw: string): string | undefined {
  const match = DATETIME.exec(raw);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((index) => Number(match[index])) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(match[6] ?? '0');
  const millisecond = Number((match[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  if (!parseOneRosterDate(`${match[1]}-${match[2]}-${match[3]}`)) return undefined;
  const zone = match[8] ?? 'Z';
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond) - offsetMinutes * 60_000;
  return new Date(utc).toISOString();
}

function listItems(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * One cell checked against its field. The value is trimmed first (producers pad cells); blank is
 * null, and a blank required field is a fault. Enumeration values match without regard to case and
 * come back as the standard spells them (`Student` → `student`).
 */
export function parseOneRosterCell(field: OneRosterField, rawValue: string): ParsedCell {
  const raw = rawValue.trim();
  if (raw === '') {
    if (field.required) return { ok: false, message: `${field.name} is required` };
    return { ok: true, value: LIST_TYPES.has(field.type) ? [] : null };
  }
  switch (field.type) {
    case 'guid':
    case 'string':
      return { ok: true, value: raw };
    case 'enum': {
      const values = field.values ?? [];
      const value = values.find((candidate) => candidate.toLowerCase() === raw.toLowerCase());
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, message: `${field.name} '${raw}' is not one of ${values.join(', ')}` };
    }
    case 'boolean': {
      const value = parseOneRosterBoolean(raw);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, message: `${field.name} '${raw}' is not true or false` };
    }
    case 'date': {
      const value = parseOneRosterDate(raw);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, message: `${field.name} '${raw}' is not a date (YYYY-MM-DD)` };
    }
    case 'datetime': {
      const value = parseOneRosterDateTime(raw);
      return value !== undefined
        ? { ok: true, value }
        : { ok: false, message: `${field.name} '${raw}' is not an ISO 8601 date and time` };
    }
    case 'year':
      return /^\d{4}$/.test(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: `${field.name} '${raw}' is not a year (YYYY)` };
    case 'guidList':
    case 'stringList': {
      const items = listItems(raw);
      if (field.required && items.length === 0) return { ok: false, message: `${field.name} is required` };
      return { ok: true, value: items };
    }
    case 'gradeList': {
      const grades: string[] = [];
      for (const item of listItems(raw)) {
        const grade = normalizeGrade(item);
        if (grade === undefined) return { ok: false, message: `${field.name} '${item}' is not a grade level` };
        grades.push(grade);
      }
      return { ok: true, value: grades };
    }
  }
}
