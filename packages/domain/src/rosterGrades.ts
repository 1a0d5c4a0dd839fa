import { defineEnumeration } from './enumeration';

/**
 * The grades a roster groups people by (issue 16): OneRoster's CEDS codes as schools' systems send
 * them, pre-kindergarten to grade 13. The codes are what is stored; the labels are what screens show.
 * The list's order is the school's order (PK first), which a sort by grade follows.
 */
export const rosterGrade = defineEnumeration([
  { code: 'PK', label: 'Pre-kindergarten' },
  { code: 'KG', label: 'Kindergarten' },
  { code: '01', label: 'Grade 1' },
  { code: '02', label: 'Grade 2' },
  { code: '03', label: 'Grade 3' },
  { code: '04', label: 'Grade 4' },
  { code: '05', label: 'Grade 5' },
  { code: '06', label: 'Grade 6' },
  { code: '07', label: 'Grade 7' },
  { code: '08', label: 'Grade 8' },
  { code: '09', label: 'Grade 9' },
  { code: '10', label: 'Grade 10' },
  { code: '11', label: 'Grade 11' },
  { code: '12', label: 'Grade 12' },
  { code: '13', label: 'Grade 13' },
  { code: 'Other', label: 'Other' },
]);
export type RosterGradeCode = (typeof rosterGrade.codes)[number];

/**
 * OneRoster grades this list folds into 'Other': infant/toddler, preschool, transitional
 * kindergarten, postsecondary and ungraded. A yearbook pages them together, after grade 13.
 */
const OTHER_ONE_ROSTER_GRADES = new Set(['IT', 'PR', 'PS', 'TK', 'UG', 'OTHER']);

/** Spellings producers send for the two early grades. */
const EARLY_GRADES: Readonly<Record<string, RosterGradeCode>> = {
  PK: 'PK',
  'PRE-K': 'PK',
  PREK: 'PK',
  K: 'KG',
  KG: 'KG',
  KINDERGARTEN: 'KG',
};

/**
 * A grade as a school's system writes it (`9`, `09`, `K`, `KG`, `Pre-K`, `TK`, ` 10 `) as one of
 * the roster's codes; null for an empty value or one that names no grade (a typo, `14`), which
 * the caller reports rather than guesses.
 */
export function rosterGradeOf(value: string | null | undefined): RosterGradeCode | null {
  const text = (value ?? '').trim().toUpperCase();
  if (text === '') return null;
  const early = EARLY_GRADES[text];
  if (early) return early;
  if (OTHER_ONE_ROSTER_GRADES.has(text)) return 'Other';
  if (/^\d{1,2}$/.test(text)) {
    const code = text.padStart(2, '0');
    return rosterGrade.has(code) ? code : null;
  }
  return null;
}

/** The position of a grade in the school's order (PK = 0 … Other = 15): sorts and groups by grade. */
export function rosterGradeRank(code: RosterGradeCode): number {
  return rosterGrade.codes.indexOf(code);
}

/**
 * Where a teacher/grade count came from: the roster's sync (replaced by the next one) or a person
 * (kept until they change it, so a school can count a class its system does not hold).
 */
export const teacherGradeSources = ['roster', 'manual'] as const;
export type TeacherGradeSource = (typeof teacherGradeSources)[number];
