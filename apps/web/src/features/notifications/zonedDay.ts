import { zonedDayStart as dayStart, ianaTimeZone, zonedDayEnd as nextDayStart } from '@colophon/domain';

/**
 * A calendar day of the notification filters in the user's zone, as the instants the API compares
 * with. The zone arithmetic (daylight saving time included) lives once, in the domain's dates.
 */

/** The instant a calendar day (YYYY-MM-DD) begins in the user's zone; undefined for no real day. */
export function zonedDayStart(date: string, zone: string | null | undefined): Date | undefined {
  return dayStart(date, ianaTimeZone(zone)) ?? undefined;
}

/** The last millisecond of a calendar day in the user's zone (an inclusive `dateTo`); undefined for no real day. */
export function zonedDayEnd(date: string, zone: string | null | undefined): Date | undefined {
  const next = nextDayStart(date, ianaTimeZone(zone));
  return next ? new Date(next.getTime() - 1) : undefined;
}
