import { ianaTimeZone } from '@colophon/domain';

const DAY_MS = 86_400_000;

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(instant: number, iana: string): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: iana,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in the user's zone (daylight saving time included). */
export function zonedDayStart(date: string, zone: string | null | undefined): Date {
  const iana = ianaTimeZone(zone);
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - zoneOffsetMs(midnightUtc, iana);
  return new Date(midnightUtc - zoneOffsetMs(first, iana));
}

/** The last millisecond of a calendar day in the user's zone (an inclusive `dateTo`). */
export function zonedDayEnd(date: string, zone: string | null | undefined): Date {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return new Date(zonedDayStart(next, zone).getTime() - 1);
}
