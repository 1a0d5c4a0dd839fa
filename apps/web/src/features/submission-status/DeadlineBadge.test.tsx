import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DeadlineBadge, DeadlineBadgeFor } from './DeadlineBadge';
import { daysLeftText, deadlineStyle } from './deadlineStyle';

describe('deadline colours', () => {
  it.each([
    [-12, 'overdue', 'red'],
    [-1, 'overdue', 'red'],
    [0, 'due', 'orange'],
    [7, 'due', 'orange'],
    [8, 'soon', 'yellow'],
    [30, 'soon', 'yellow'],
    [31, 'later', 'green'],
  ])('shows a deadline %i days away as %s, in %s', (days, warning, color) => {
    expect(deadlineStyle(days)).toMatchObject({ warning, color });
  });

  it('says how many days are left, or how late it is', () => {
    expect(daysLeftText(-3)).toBe('3 days overdue');
    expect(daysLeftText(-1)).toBe('1 day overdue');
    expect(daysLeftText(0)).toBe('Due today');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(12)).toBe('12 days left');
  });

  it('names the warning in the badge, so colour is not the only signal', () => {
    renderWithProviders(<DeadlineBadge daysLeft={-2} />);
    const badge = screen.getByLabelText('2 days overdue (Overdue)');
    expect(badge.getAttribute('data-warning')).toBe('overdue');
    expect(badge.textContent).toBe('2 days overdue');
  });

  it('counts the days to a YYYY-MM-DD deadline from today', () => {
    renderWithProviders(<DeadlineBadgeFor deadline="2026-03-10" today="2026-03-05" />);
    const badge = screen.getByLabelText('5 days left (Due within 7 days)');
    expect(badge.getAttribute('data-warning')).toBe('due');
  });
});
