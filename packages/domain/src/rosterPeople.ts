import { defineEnumeration } from './enumeration';

/**
 * A roster person's role (issue 16: "role (student, teacher, staff)"). OneRoster's other roles
 * (administrator, aide, guardian …) are mapped to these by the import and the sync.
 */
export const rosterRole = defineEnumeration([
  { code: 'student', label: 'Student' },
  { code: 'teacher', label: 'Teacher' },
  { code: 'staff', label: 'Staff' },
]);
export type RosterRoleCode = (typeof rosterRole.codes)[number];

/**
 * Whether a roster person is in the book. Removing only marks them (a later sync or import may
 * bring them back, keeping their portrait and relations).
 */
export const rosterPersonStatus = defineEnumeration([
  { code: 'active', label: 'Active' },
  { code: 'removed', label: 'Removed' },
]);
export type RosterPersonStatusCode = (typeof rosterPersonStatus.codes)[number];

/** Where a roster person was last written from: an uploaded bundle, a REST sync, or by hand. */
export const rosterPersonSource = defineEnumeration([
  { code: 'import', label: 'Import' },
  { code: 'sync', label: 'Sync' },
  { code: 'manual', label: 'Entered by hand', name: 'Manual' },
]);
export type RosterPersonSourceCode = (typeof rosterPersonSource.codes)[number];

/**
 * How one roster person relates to another of the same school, read "<individual> is <kind> of
 * <related>": a guardian of a student, a sibling of a student, the teacher of a student.
 */
export const rosterRelationKind = defineEnumeration([
  { code: 'guardian', label: 'Guardian' },
  { code: 'sibling', label: 'Sibling' },
  { code: 'teacherOf', label: 'Teacher of', name: 'TeacherOf' },
]);
export type RosterRelationKindCode = (typeof rosterRelationKind.codes)[number];
