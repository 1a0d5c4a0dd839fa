import { ianaTimeZone } from './timeZones';

/**
 * Dates (part 5: "converted from London time to the chosen zone"). Two kinds of value reach us:
 * - instants: Dates, epoch milliseconds and ISO strings that carry a zone (`Z`, `+01:00`) — every
 *   timestamp we store (timestamptz) and send. They name one moment and are shown as they are.
 * - London wall-clock times: zone-less timestamps (`2026-07-01 14:00:00`) and bare dates
 *   (`2026-07-01`), as the legacy API wrote them. They are read in `Europe/London`, daylight saving
 *   time included (GMT in winter, BST = UTC+1 in summer), never as UTC.
 * Display converts the instant to the user's zone through Intl with the zone's IANA name, so
 * daylight saving time comes out right on both sides (EST shows as EDT in summer, and so on).
 */
export type DateInput = Date | string | number | null | undefined;

export const NONE_PROVIDED = 'None provided';
/** Dates before this year show None provided (part 5). */
export const EARLIEST_DISPLAYED_YEAR = 1990;
/** The zone zone-less times are written in (part 5: "converted from London time"). */
export const SOURCE_TIME_ZONE = 'Europe/London';

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

const formatters = new Map<string, Intl.DateTimeFormat>();
/** What each formatter shows after the date: the wall clock to the second (an offset), nothing, a time. */
const formatterTimes = {
  offset: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: {},
  dateTime: { hour: 'numeric', minute: '2-digit', hour12: true },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter per kind and zone, made once (making one is slow). */
function formatter(kind: keyof typeof formatterTimes, iana: string): Intl.DateTimeFormat {
  const key = `${kind}|${iana}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone: iana,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...formatterTimes[kind],
    });
    formatters.set(key, cached);
  }
  return cached;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds (Intl, so DST-aware). */
export function zoneOffsetMs(instant: number, iana: string): number {
  const format = formatter('offset', iana);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = new Date(0);
  wall.setUTCFullYear(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
  wall.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, 0);
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in `iana` stands for. `wallAsUtc` is the wall time read as if it
 * were UTC (Date.UTC of its fields). Around a clock change the rule is the usual one (RFC 5545,
 * Temporal's "compatible"): a time that happens twice (the hour repeated in autumn) is the earlier
 * one, and a time that never happens (the hour skipped in spring) is read with the offset from
 * before the change, so it lands that far after the jump (01:30 on the spring-forward day in
 * London is 01:30 UTC, shown there as 02:30 BST).
 */
export function zonedWallTimeToInstant(wallAsUtc: number, iana: string): Date {
  // The offsets in force a day either side cover any one clock change.
  const before = zoneOffsetMs(wallAsUtc - DAY_MS, iana);
  const after = zoneOffsetMs(wallAsUtc + DAY_MS, iana);
  const candidates = [before, after]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => instant + zoneOffsetMs(instant, iana) === wallAsUtc)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallAsUtc - before);
}

/** The instant a calendar day (YYYY-MM-DD) begins in `iana`, or null when it names no real day. */
export function zonedDayStart(date: string, iana: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const midnight = utcInstant(Number(match[1]), Number(match[2]), Number(match[3]));
  return midnight ? zonedWallTimeToInstant(midnight.getTime(), iana) : null;
}

/** The instant the day after `date` begins in `iana` (an exclusive end: `date` < it), or null. */
export function zonedDayEnd(date: string, iana: string): Date | null {
  const start = zonedDayStart(date, iana);
  if (!start) return null;
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return zonedDayStart(next, iana);
}

/**
 * The instant a value stands for: Dates and epoch milliseconds as they are, ISO strings with a zone
 * as they say, and zone-less timestamps ('2024-05-01 14:00:00') and bare dates as London wall-clock
 * time (part 5). Null when missing or unreadable.
 */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  const naive = NAIVE_TIMESTAMP.exec(text);
  if (naive) {
    const [, year, month, day, hour, minute, second, ms] = naive;
    const wall = utcInstant(
      Number(year),
      Number(month),
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
      Number((ms ?? '0').padEnd(3, '0')),
    );
    return wall ? zonedWallTimeToInstant(wall.getTime(), SOURCE_TIME_ZONE) : null;
  }
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
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
