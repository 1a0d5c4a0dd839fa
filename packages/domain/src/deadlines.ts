import type { SchoolYear } from './years';

/** How close a submission deadline is, for the submission-status colours (ours: 7 and 30 days). */
export type DeadlineWarning = 'overdue' | 'due' | 'soon' | 'later';
export const DEADLINE_DUE_DAYS = 7;
export const DEADLINE_SOON_DAYS = 30;

const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** Whole days from `today` to `deadline` (both YYYY-MM-DD): 0 on the day, negative once passed. */
export function daysUntil(deadline: string, today: string): number {
  return dayNumber(deadline) - dayNumber(today);
}

export function deadlineWarning(daysLeft: number): DeadlineWarning {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= DEADLINE_DUE_DAYS) return 'due';
  if (daysLeft <= DEADLINE_SOON_DAYS) return 'soon';
  return 'later';
}

/** The UTC calendar date of an instant, as YYYY-MM-DD. */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The yearbook year of a school year: the spring the book comes out ('2025-2026' → 2026). */
export function yearOfSchoolYear(schoolYear: SchoolYear | string): number {
  const match = /^(\d{4})-(\d{4})$/.exec(schoolYear);
  if (!match || Number(match[2]) !== Number(match[1]) + 1) throw new RangeError(`Not a school year: ${schoolYear}`);
  return Number(match[2]);
}
