import type { BookSpecificationInput } from '@colophon/contract';
import type { Db } from '@colophon/db';
import {
  type BookSpecification,
  bookSpecViolations,
  bookType,
  bookTypesOfferedTo,
  projectSoftwareViolation,
  withProjectDefaults,
} from '@colophon/domain';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { type AccountRow, lineageOf } from '../accounts/tree';
import { settingsOf } from '../settings/service';

/**
 * A new project's specification: what was given, then the account's defaults for new projects (its
 * own settings, then its parent's and grandparent's), then the account's own software.
 */
export async function withAccountDefaults<Spec extends BookSpecificationInput>(
  db: Db,
  account: AccountRow,
  given: Spec,
): Promise<Spec> {
  const lineage = await lineageOf({ db }, account.id);
  const stored = await settingsOf(
    db,
    lineage.map((node) => node.id),
  );
  const merged = withProjectDefaults(
    given,
    lineage.map((node) => stored.get(node.id)?.projectDefaults as BookSpecification | undefined),
  );
  if (merged.typeSoftware === undefined) Object.assign(merged, { typeSoftware: account.typeSoftware });
  return merged;
}

/**
 * The rules of a project's specification the schema cannot see: a book type is chosen, a sales rep
 * chooses only among 1, 2, 3, 5, 9 and 10 (a type already on the project may stay), the book's
 * cross-field rules, and the Store Only rule. `prefix` names fields inside a larger body.
 */
export function checkProjectSpec(
  context: ResourceContext,
  account: AccountRow,
  spec: BookSpecification,
  options: { existingTypeBook?: number; prefix?: string } = {},
) {
  const prefix = options.prefix ?? '';
  if (spec.typeBook === null || spec.typeBook === undefined) {
    throw invalidField(`${prefix}typeBook`, 'Choose the book type.');
  }
  const offered = bookTypesOfferedTo(context.auth.user.role, context.auth.user.bSuperAdmin);
  if (!offered.includes(spec.typeBook) && spec.typeBook !== options.existingTypeBook) {
    throw invalidField(
      `${prefix}typeBook`,
      `Sales reps offer only ${offered.map((code) => bookType.label(code)).join(', ')}.`,
    );
  }
  const [violation] = bookSpecViolations(spec);
  if (violation) throw invalidField(`${prefix}${violation.path}`, violation.message);
  const software = projectSoftwareViolation({
    accountTypeSoftware: account.typeSoftware,
    typeSoftware: spec.typeSoftware ?? null,
    typeCredentialsDestination: spec.typeCredentialsDestination ?? null,
  });
  if (software) throw invalidField(`${prefix}${software.path}`, software.message);
}
