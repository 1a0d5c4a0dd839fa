import { formatDate, NONE_PROVIDED } from '@colophon/domain';

/**
 * A calendar date (YYYY-MM-DD: a deadline, an in-home date) as MM/DD/YYYY. It names a day, not an
 * instant, so no zone may move it to the day before: it is read at noon UTC, which is the same day
 * in every zone of the app, and then goes through the domain's `formatDate` (and its 1990 rule).
 */
export function formatCalendarDate(date: string | null | undefined): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return NONE_PROVIDED;
  return formatDate(`${date}T12:00:00Z`, 'CST');
}
