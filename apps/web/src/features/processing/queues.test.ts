import { describe, expect, it } from 'vitest';
import { canCancel, canMarkAddressed, canRetry, jobAge } from './queues';

describe('jobAge', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:15Z', '45 s'],
    ['2026-03-10T11:48:00Z', '12 min'],
    ['2026-03-10T09:00:00Z', '3 h'],
    ['2026-03-09T00:00:00Z', '36 h'],
    ['2026-03-07T12:00:00Z', '3 d'],
    ['2026-03-10T12:00:05Z', '0 s'],
  ])('%s is %s old', (createdAt, age) => {
    expect(jobAge(createdAt, now)).toBe(age);
  });
});

describe('the actions offered follow the domain’s transitions', () => {
  it.each([
    [0, false, false, true],
    [1, false, false, false],
    [2, false, false, false],
    [3, true, true, false],
    [4, true, true, false],
    [5, true, false, false],
  ])('status %i: retry %s, addressed %s, cancel %s', (status, retry, addressed, cancel) => {
    expect(canRetry(status)).toBe(retry);
    expect(canMarkAddressed(status)).toBe(addressed);
    expect(canCancel(status)).toBe(cancel);
  });
});
