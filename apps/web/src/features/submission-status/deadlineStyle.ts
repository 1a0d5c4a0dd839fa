import { DEADLINE_DUE_DAYS, DEADLINE_SOON_DAYS, type DeadlineWarning, deadlineWarning } from '@colophon/domain';

/** How each of the domain's deadline warnings looks: overdue red, due orange, soon yellow, later green. */
export const deadlineStyles: Record<DeadlineWarning, { color: string; label: string }> = {
  overdue: { color: 'red', label: 'Overdue' },
  due: { color: 'orange', label: `Due within ${DEADLINE_DUE_DAYS} days` },
  soon: { color: 'yellow', label: `Due within ${DEADLINE_SOON_DAYS} days` },
  later: { color: 'green', label: `More than ${DEADLINE_SOON_DAYS} days away` },
};

/** The warning of a deadline that many whole days away, by the domain's rule. */
export function deadlineStyle(daysLeft: number) {
  const warning = deadlineWarning(daysLeft);
  return { warning, ...deadlineStyles[warning] };
}

/** '3 days overdue', 'Due today', 'Tomorrow', '12 days left'. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < -1) return `${-daysLeft} days overdue`;
  if (daysLeft === -1) return '1 day overdue';
  if (daysLeft === 0) return 'Due today';
  if (daysLeft === 1) return '1 day left';
  return `${daysLeft} days left`;
}
