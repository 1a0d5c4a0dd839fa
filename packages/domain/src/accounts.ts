import { defineEnumeration } from './enumeration';

/** Account type (part 3): what kind of organisation an account is. */
export const accountType = defineEnumeration([
  { code: 1, label: 'Preschool' },
  { code: 2, label: 'Elementary' },
  { code: 3, label: 'Middle' },
  { code: 4, label: 'K-8' },
  { code: 5, label: 'K-12' },
  { code: 6, label: 'High School' },
  { code: 7, label: 'Church' },
  { code: 8, label: 'Team' },
  { code: 9, label: 'Studio' },
  { code: 10, label: 'Sales Rep / Branch Office' },
  { code: 11, label: 'University' },
  { code: 12, label: 'Dance' },
  { code: 13, label: 'Other' },
] as const);
export type AccountTypeCode = (typeof accountType.codes)[number];

/** Where an account was created (part 3, `typeWhereCreated`). */
export const whereCreated = defineEnumeration([
  { code: 1, label: 'School' },
  { code: 2, label: 'Studio' },
] as const);
export type WhereCreatedCode = (typeof whereCreated.codes)[number];

/** The house account (part 6): a user whose first immediate account is this one counts as super. */
export const HOUSE_ACCOUNT_CODE = 'S00001';
