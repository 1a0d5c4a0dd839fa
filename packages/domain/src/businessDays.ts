import { SOURCE_TIME_ZONE, zoneOffsetMs } from './dates';

/**
 * Business days (issue 11): turn times and transit times count working days. Weekends never count;
 * the caller says which other weekdays are closed (US federal holidays, a manufacturer's closures)
 * so this stays pure and testable without a holiday library.
 */
export type ClosedDay = (date: string) => string | null;
export interface SkippedDay {
  date: string;
  reason: string;
}
export interface BusinessDaysResult {
  date: string;
  skipped: SkippedDay[];
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of a YYYY-MM-DD date; throws on anything else (a programming error). */
function utcMidnight(date: string): number {
  const match = ISO_DATE.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  return time;
}

/** The calendar date `days` days after `date` (negative: before). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  const weekday = new Date(utcMidnight(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The longest run of closed weekdays we accept before calling the calendar broken (a year of closures). */
const MAX_CONSECUTIVE_CLOSED = 366;

/**
 * The date `days` business days after `start` (`start` itself is not counted; 0 days answers
 * `start`). Weekends are passed over silently; a closed weekday is passed over and listed with its
 * reason, in date order.
 */
export function addBusinessDays(start: string, days: number, isClosed: ClosedDay = () => null): BusinessDaysResult {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Not a count of days: ${days}`);
  let date = start;
  utcMidnight(start);
  const skipped: SkippedDay[] = [];
  let closedRun = 0;
  for (let counted = 0; counted < days; ) {
    date = addCalendarDays(date, 1);
    if (isWeekend(date)) continue;
    const reason = isClosed(date);
    if (reason !== null) {
      skipped.push({ date, reason });
      if (++closedRun > MAX_CONSECUTIVE_CLOSED) throw new RangeError('Every weekday is closed');
      continue;
    }
    closedRun = 0;
    counted++;
  }
  return { date, skipped };
}

/** Today's date in London (part 5: the system's day is London's), for an instant such as the clock's now. */
export function londonDate(now: Date): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), SOURCE_TIME_ZONE)).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date as the chosen format: itself, or MM/DD/YYYY. */
export function formatBusinessDate(date: string, format: 'YYYY-MM-DD' | 'MM/DD/YYYY'): string {
  if (format === 'YYYY-MM-DD') return date;
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}
