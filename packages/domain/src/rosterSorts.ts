/**
 * The orders the roster's lists are read in (`sort`): declared apart from the roster's contract and
 * from the roster's other rules, so the web's route table (in the login page's first script) reads
 * them without pulling either in.
 */

/** A list of people (`GET /roster/individuals`). */
export const individualSorts = [
  'familyName',
  '-familyName',
  'givenName',
  '-givenName',
  'grade',
  '-grade',
  'homeroom',
  '-homeroom',
  'updatedAt',
  '-updatedAt',
] as const;

/** The export presets' list. */
export const exportPresetSorts = ['name', '-name', 'updatedAt', '-updatedAt'] as const;
