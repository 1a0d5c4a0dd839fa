import { defineEnumeration } from './enumeration';

/**
 * The user's time zones (parts 3 and 9) with their standard offsets in minutes and the IANA zone
 * that dates are actually converted with (so daylight saving time comes out right). HST's offset
 * (-600) and the labels are ours; part 9 lists the other offsets.
 */
export const timeZoneTable = [
  { code: 'EST', label: 'Eastern', offsetMinutes: -300, iana: 'America/New_York' },
  { code: 'CST', label: 'Central', offsetMinutes: -360, iana: 'America/Chicago' },
  { code: 'MST', label: 'Mountain', offsetMinutes: -420, iana: 'America/Denver' },
  { code: 'PST', label: 'Pacific', offsetMinutes: -480, iana: 'America/Los_Angeles' },
  { code: 'HST', label: 'Hawaii', offsetMinutes: -600, iana: 'Pacific/Honolulu' },
  { code: 'JST', label: 'Japan', offsetMinutes: 540, iana: 'Asia/Tokyo' },
] as const;

export const timeZone = defineEnumeration(timeZoneTable);
export type TimeZoneCode = (typeof timeZone.codes)[number];

/** Default zone: Central (part 9). */
export const DEFAULT_TIME_ZONE = 'CST' satisfies TimeZoneCode;

/** The zones the time-zone picker offers (part 3): Eastern, Central, Mountain, Pacific, Hawaii. */
export const selectableTimeZones = ['EST', 'CST', 'MST', 'PST', 'HST'] as const satisfies readonly TimeZoneCode[];

export function timeZoneOptions(): { value: string; label: string }[] {
  return timeZone.options(selectableTimeZones);
}

/** A zone code as given (possibly unknown or missing), resolved to a known one; default Central. */
export function resolveTimeZone(zone: string | null | undefined): TimeZoneCode {
  return timeZone.has(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The IANA name of a zone code; unknown codes fall back to the default zone. */
export function ianaTimeZone(zone: string | null | undefined): string {
  const code = resolveTimeZone(zone);
  return timeZoneTable.find((entry) => entry.code === code)?.iana ?? 'America/Chicago';
}

/** The standard offset of a zone code in minutes (not daylight-adjusted). */
export function timeZoneOffsetMinutes(zone: string | null | undefined): number {
  const code = resolveTimeZone(zone);
  return timeZoneTable.find((entry) => entry.code === code)?.offsetMinutes ?? -360;
}
