import { describe, expect, it } from 'vitest';
import { rosterPersonSource, rosterPersonStatus, rosterRelationKind, rosterRole } from './rosterPeople';

describe('roster people', () => {
  it.each<[string, { has(code: unknown): boolean; label(code: string): string }, string, string]>([
    ['a student', rosterRole, 'student', 'Student'],
    ['a teacher', rosterRole, 'teacher', 'Teacher'],
    ['a member of staff', rosterRole, 'staff', 'Staff'],
    ['someone in the book', rosterPersonStatus, 'active', 'Active'],
    ['someone taken out, until a sync brings them back', rosterPersonStatus, 'removed', 'Removed'],
    ['written by an uploaded bundle', rosterPersonSource, 'import', 'Import'],
    ['written by a REST sync', rosterPersonSource, 'sync', 'Sync'],
    ['entered by hand', rosterPersonSource, 'manual', 'Entered by hand'],
    ['a guardian of a student', rosterRelationKind, 'guardian', 'Guardian'],
    ['a sibling', rosterRelationKind, 'sibling', 'Sibling'],
    ["a student's teacher", rosterRelationKind, 'teacherOf', 'Teacher of'],
  ])('%s is %s, shown as %s', (_name, enumeration, code, label) => {
    expect(enumeration.has(code)).toBe(true);
    expect(enumeration.label(code)).toBe(label);
  });

  it('has exactly the roles, statuses, sources and relation kinds of issue 16', () => {
    expect(rosterRole.codes).toEqual(['student', 'teacher', 'staff']);
    expect(rosterPersonStatus.codes).toEqual(['active', 'removed']);
    expect(rosterPersonSource.codes).toEqual(['import', 'sync', 'manual']);
    expect(rosterRelationKind.codes).toEqual(['guardian', 'sibling', 'teacherOf']);
    expect(rosterRelationKind.TeacherOf).toBe('teacherOf');
    expect(rosterPersonSource.Manual).toBe('manual');
    expect(rosterRole.has('administrator')).toBe(false);
  });
});
