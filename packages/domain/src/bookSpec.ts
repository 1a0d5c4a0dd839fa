import type { FieldViolation } from './accountRules';
import { bookType, coverApplication, coverBoardWeight, salesRepBookTypes } from './books';
import { userRole } from './roles';

/**
 * The book specification of a project (part 3's option lists). Every field may still be open
 * (null) while the book is being planned; the rules below judge what is filled in.
 */
export interface BookSpecification {
  readonly typeBook?: number | null;
  readonly typeSize?: number | null;
  readonly pageCount?: number | null;
  readonly typeCover?: number | null;
  readonly typeCoverStyle?: number | null;
  readonly typeCoverBoardWeight?: number | null;
  readonly coverApplications?: readonly number[] | null;
  readonly typeEndsheet?: number | null;
  readonly typeFinish?: number | null;
  readonly typePersonalization?: number | null;
  readonly typeCustomPages?: number | null;
  readonly typePrinter?: number | null;
  readonly typeSoftware?: number | null;
  readonly typeCredentialsDestination?: number | null;
  readonly typeCreationKitDestination?: number | null;
  readonly typeDock?: number | null;
  readonly copies?: number | null;
  /** YYYY-MM-DD */
  readonly submissionDeadline?: string | null;
  /** YYYY-MM-DD */
  readonly inHomeDate?: string | null;
}

export const bookSpecificationKeys = [
  'typeBook',
  'typeSize',
  'pageCount',
  'typeCover',
  'typeCoverStyle',
  'typeCoverBoardWeight',
  'coverApplications',
  'typeEndsheet',
  'typeFinish',
  'typePersonalization',
  'typeCustomPages',
  'typePrinter',
  'typeSoftware',
  'typeCredentialsDestination',
  'typeCreationKitDestination',
  'typeDock',
  'copies',
  'submissionDeadline',
  'inHomeDate',
] as const satisfies readonly (keyof BookSpecification)[];

const HARD_COVERS = [
  bookType.StandardHardCover,
  bookType.HardCoverBW,
  bookType.SmythHardCover,
  bookType.SideSewnHardCover,
] as const;

/** Hard covers (5, 6, 9, 10) take a cover board (100pt or 120pt); other bindings take none (N/A). */
export function isHardCover(typeBook: number | null | undefined): boolean {
  return (HARD_COVERS as readonly number[]).includes(typeBook ?? -1);
}

export type Binding = 'saddle-stitch' | 'perfect-bound' | 'hard-cover' | 'smyth-sewn' | 'coil';

export function bindingOf(typeBook: number | null | undefined): Binding {
  if (typeBook === bookType.SaddleStitched || typeBook === bookType.SaddleStitchedBW) return 'saddle-stitch';
  if (typeBook === bookType.SoftCoverPerfectBound || typeBook === bookType.PerfectBoundBW) return 'perfect-bound';
  if (typeBook === bookType.CoilBound || typeBook === bookType.CoilBoundBW) return 'coil';
  if (typeBook === bookType.SmythHardCover) return 'smyth-sewn';
  return 'hard-cover'; // Standard, B&W and Side Sewn Hard Cover
}

export interface PageCountRule {
  min: number;
  max: number;
  multipleOf: number;
  /** Why, in words for the school. */
  reason: string;
}

/**
 * Page-count rules by binding. Saddle stitching folds sheets of four pages and a stapled spine holds
 * at most 96; perfect binding glues single leaves (so an even count) and needs 24 pages for a spine
 * the glue holds; Smyth sewing sews signatures of 16; coil and case-bound books take any even count.
 */
export function pageCountRule(typeBook: number | null | undefined): PageCountRule {
  switch (bindingOf(typeBook)) {
    case 'saddle-stitch':
      return { min: 8, max: 96, multipleOf: 4, reason: 'saddle-stitched books are made of folded sheets of 4 pages' };
    case 'perfect-bound':
      return { min: 24, max: 480, multipleOf: 2, reason: 'every leaf has two sides' };
    case 'smyth-sewn':
      return { min: 32, max: 480, multipleOf: 16, reason: 'Smyth-sewn books are sewn in signatures of 16 pages' };
    case 'coil':
      return { min: 8, max: 300, multipleOf: 2, reason: 'every leaf has two sides' };
    default:
      return { min: 24, max: 480, multipleOf: 2, reason: 'every leaf has two sides' };
  }
}

/** Spine width in inches: none for saddle stitch and coil; pages / PPI, plus the boards for hard covers. */
/** The cross-field rules of a book specification; each broken rule names its field. */
export function bookSpecViolations(spec: BookSpecification): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (spec.pageCount !== null && spec.pageCount !== undefined) {
    const { min, max, multipleOf, reason } = pageCountRule(spec.typeBook);
    const binding = spec.typeBook ? bookType.label(spec.typeBook) : 'This book';
    if (spec.pageCount % multipleOf !== 0) {
      violations.push({
        path: 'pageCount',
        message: `The page count must be a multiple of ${multipleOf}: ${reason}.`,
      });
    } else if (spec.pageCount < min || spec.pageCount > max) {
      violations.push({ path: 'pageCount', message: `${binding} takes ${min} to ${max} pages.` });
    }
  }
  const board = spec.typeCoverBoardWeight;
  if (board !== null && board !== undefined && spec.typeBook) {
    if (isHardCover(spec.typeBook) && board === coverBoardWeight.NA) {
      violations.push({ path: 'typeCoverBoardWeight', message: 'A hard cover needs a 100pt or 120pt board.' });
    }
    if (!isHardCover(spec.typeBook) && board !== coverBoardWeight.NA) {
      violations.push({ path: 'typeCoverBoardWeight', message: 'Only hard covers take a cover board (choose N/A).' });
    }
  }
  const applications = spec.coverApplications ?? [];
  if (new Set(applications).size !== applications.length) {
    violations.push({ path: 'coverApplications', message: 'Each cover application may be chosen once.' });
  } else if (applications.includes(coverApplication.None) && applications.length > 1) {
    violations.push({ path: 'coverApplications', message: 'None cannot be combined with other applications.' });
  }
  if (spec.submissionDeadline && spec.inHomeDate && spec.inHomeDate < spec.submissionDeadline) {
    violations.push({ path: 'inHomeDate', message: 'The in-home date cannot be before the submission deadline.' });
  }
  return violations;
}

/** The book types a role is offered: the sales-rep view (99) offers only 1, 2, 3, 5, 9 and 10 (part 3). */
export function bookTypesOfferedTo(role: number, bSuperAdmin = false): readonly number[] {
  if (!bSuperAdmin && role === userRole.SalesRep) return salesRepBookTypes;
  return bookType.codes;
}

/**
 * A new project's specification: what was given wins (null included: it clears a default); a field
 * left out takes the first default that has it, nearest account first (the account's own settings,
 * then its parent's, then its grandparent's).
 */
export function withProjectDefaults<Spec extends BookSpecification>(
  given: Spec,
  defaults: readonly (BookSpecification | null | undefined)[],
): Spec {
  const merged: Record<string, unknown> = { ...(given as Record<string, unknown>) };
  for (const key of bookSpecificationKeys) {
    if (merged[key] !== undefined) continue;
    const source = defaults.find((candidate) => candidate?.[key] !== undefined && candidate?.[key] !== null);
    if (source) merged[key] = source[key];
  }
  return merged as Spec;
}
