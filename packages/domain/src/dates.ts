import { ianaTimeZone } from './timeZones';

/**
 * Dates (part 5). The legacy API kept timestamps in London time; we store every timestamp as a UTC
 * instant (timestamptz), which is what "London time" amounts to once the zone travels with the
 * value. Display converts the instant to the user's zone through Intl with the zone's IANA name, so
 * daylight saving time comes out right (EST shows as EDT in summer, and so on).
 */
export type DateInput = Date | string | number | null | undefined;

export const NONE_PROVIDED = 'None provided';
/** Dates before this year show None provided (part 5). */
export const EARLIEST_DISPLAYED_YEAR = 1990;

const NAIVE_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** A UTC instant from calendar fields, or null when the fields do not name a real moment. */
function utcInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date | null {
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  if (year < 100) instant.setUTCFullYear(year);
  const exact =
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second;
  return exact ? instant : null;
}

/**
 * The instant a stored value stands for: Dates and epoch milliseconds as they are, ISO strings
 * with a zone as they say, and zone-less timestamps ('2024-05-01 14:00:00') as UTC. Null when
 * missing or unreadable.
 */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  const naive = NAIVE_TIMESTAMP.exec(text);
  if (naive) {
    const [, year, month, day, hour, minute, second, ms] = naive;
    return utcInstant(
      Number(year),
      Number(month),
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
      Number((ms ?? '0').padEnd(3, '0')),
    );
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'dateTime', iana: string): Intl.DateTimeFormat {
  const key = `${kind}|${iana}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone: iana,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(kind === 'dateTime' ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
    });
    formatters.set(key, cached);
  }
  return cached;
}

function zonedParts(kind: 'date' | 'dateTime', value: DateInput, zone: string | null | undefined) {
  const instant = toInstant(value);
  if (!instant) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(kind, ianaTimeZone(zone)).formatToParts(instant)) parts[part.type] = part.value;
  if (Number(parts.year) < EARLIEST_DISPLAYED_YEAR) return null;
  return parts;
}

/** MM/DD/YYYY in the user's zone (default Central); before 1990, missing or invalid: None provided. */
export function formatDate(value: DateInput, zone?: string | null): string {
  const parts = zonedParts('date', value, zone);
  return parts ? `${parts.month}/${parts.day}/${parts.year}` : NONE_PROVIDED;
}

/** MM/DD/YYYY h:mm AM/PM in the user's zone; the same None provided rule as formatDate. */
export function formatDateTime(value: DateInput, zone?: string | null): string {
  const parts = zonedParts('dateTime', value, zone);
  return parts
    ? `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`
    : NONE_PROVIDED;
}

/**
 * Marketing touchpoint dates are parsed as YYYY-MM-DD (part 5): the Date at UTC midnight of that
 * day, or null when the text is not exactly such a date or names no real day (2026-02-30).
 */
export function parseTouchpointDate(text: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  return utcInstant(Number(year), Number(month), Number(day));
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date (YYYY-MM-DD: a deadline, an in-home date) as MM/DD/YYYY. It names a day, not an
 * instant, so no time zone may move it to the day before; the 1990 rule still applies.
 */
export function formatCalendarDate(date: string | null | undefined): string {
  const match = CALENDAR_DATE.exec(date ?? '');
  if (!match) return NONE_PROVIDED;
  const [, year, month, day] = match;
  if (Number(year) < EARLIEST_DISPLAYED_YEAR) return NONE_PROVIDED;
  return `${month}/${day}/${year}`;
}
