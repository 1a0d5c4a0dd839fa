import { describe, expect, it } from 'vitest';
import { keepRosterJobFaults, ROSTER_JOB_FAULTS_KEPT, rosterJobKind, rosterJobProgress } from './rosterJobs';

describe('roster job kinds', () => {
  it.each([
    ['import', 'Import'],
    ['sync', 'Sync'],
    ['export', 'Export'],
  ] as const)('%s reads %s', (code, label) => {
    expect(rosterJobKind.has(code)).toBe(true);
    expect(rosterJobKind.label(code)).toBe(label);
  });

  it('knows no other kind', () => {
    expect(rosterJobKind.codes).toEqual(['import', 'sync', 'export']);
    expect(rosterJobKind.has('delete')).toBe(false);
  });
});

describe('the faults a roster job keeps', () => {
  const fault = (line: number) => ({ file: 'users.csv', line, message: 'Unknown role' });

  it.each([
    [0, 0],
    [1, 1],
    [ROSTER_JOB_FAULTS_KEPT, ROSTER_JOB_FAULTS_KEPT],
    [ROSTER_JOB_FAULTS_KEPT + 1, ROSTER_JOB_FAULTS_KEPT],
    [5_000, ROSTER_JOB_FAULTS_KEPT],
  ])('of %i faults keeps %i, and counts them all', (count, kept) => {
    const faults = Array.from({ length: count }, (_, index) => fault(index + 2));
    const result = keepRosterJobFaults(faults);
    expect(result.items).toHaveLength(kept);
    expect(result.total).toBe(count);
    expect(result.items[0]?.line).toBe(count ? 2 : undefined);
  });

  it('keeps a total counted beyond the faults it was handed', () => {
    expect(keepRosterJobFaults([fault(2)], 40_000).total).toBe(40_000);
  });
});

describe('a roster job’s progress', () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [50, 100, 50],
    [100, 100, 100],
    [120, 100, 100],
    [5, 0, 0],
    [-1, 10, 0],
    [Number.NaN, 10, 0],
  ])('%d of %d is %d %%', (done, of, percent) => {
    expect(rosterJobProgress(done, of)).toBe(percent);
  });
});
