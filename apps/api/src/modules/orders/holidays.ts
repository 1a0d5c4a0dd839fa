import Holidays from 'date-holidays';

/**
 * US federal holidays, as the plants and carriers keep them: `date-holidays`' public US days, with
 * the observed day when one falls on a weekend (New Year 2028, a Saturday, is observed on Friday
 * 2027-12-31). Its observances and optional days (Christmas Eve, the day after Thanksgiving) are
 * working days here.
 */
let calendar: Holidays | undefined;
const years = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  let days = years.get(year);
  if (!days) {
    calendar ??= new Holidays('US');
    days = new Map();
    for (const holiday of calendar.getHolidays(year)) {
      if (holiday.type !== 'public') continue;
      const date = holiday.date.slice(0, 10);
      // The observed day of next year's New Year falls in this year: keep the first name met.
      if (!days.has(date)) days.set(date, holiday.name);
    }
    years.set(year, days);
  }
  return days;
}

/** The federal holiday on this date (YYYY-MM-DD), or null. */
export function federalHoliday(date: string): string | null {
  return holidaysOf(Number(date.slice(0, 4))).get(date) ?? null;
}
