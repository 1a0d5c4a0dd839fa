import type { accountAddressInputSchema, accountContactInputSchema } from '@colophon/contract';
import { accountAddresses, accountContacts, accounts, type Db, projects, rowsOf } from '@colophon/db';
import {
  BRAZIL,
  canMoveSubtreeUnder,
  canNestUnder,
  formatAccountCode,
  isHouseAccount,
  isParentAccountType,
  isStoreOnlySoftware,
  isStudioRole,
  MAX_ACCOUNT_DEPTH,
  softwareType,
  userRole,
  type WhereCreatedCode,
  whereCreated,
} from '@colophon/domain';
import { and, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResourceContext } from '../../engine/resource';
import { invalidField } from '../../errors';
import { type AccountRow, callerCanSeeBrazil, requireReferencedAccount, subtreeHeight, subtreeIdsSql } from './tree';

type AddressInput = z.output<typeof accountAddressInputSchema>;
type ContactInput = z.output<typeof accountContactInputSchema>;

export interface NewAccountInput {
  name: string;
  type: number;
  typeSoftware: number;
  typeWhereCreated?: number | undefined;
  country: string;
  parentAccountId: number | null;
  mfaRequired: boolean;
  isActive?: boolean;
  bMustPayBeforeProduction?: boolean;
  addresses: AddressInput[];
  contacts: ContactInput[];
}

/** Studio staff, sales reps and super administrators create accounts "at the studio"; school staff "at the school". */
export function defaultWhereCreated(context: ResourceContext): WhereCreatedCode {
  const { user } = context.auth;
  return user.bSuperAdmin || isStudioRole(user.role) || user.role === userRole.SalesRep
    ? whereCreated.Studio
    : whereCreated.School;
}

async function checkParent(context: ResourceContext, parentAccountId: number, path: string): Promise<AccountRow> {
  const parent = await requireReferencedAccount(context, parentAccountId, path);
  if (!isParentAccountType(parent.type)) {
    throw invalidField(path, `${parent.name} is not a studio or branch office, so it cannot hold other accounts.`);
  }
  if (!canNestUnder(parent.depth)) {
    throw invalidField(
      path,
      `Accounts nest at most ${MAX_ACCOUNT_DEPTH} levels deep; ${parent.name} is already at the bottom.`,
    );
  }
  return parent;
}

async function checkCountry(context: ResourceContext, country: string, path: string) {
  if (country === BRAZIL && !(await callerCanSeeBrazil(context))) {
    throw invalidField(path, 'Brazil is available only to accounts in Brazil.');
  }
}

/**
 * Checks a new account against the rules the schema cannot see (parent in the caller's tree and
 * able to hold it, two levels at most, Brazil only when permitted) and works out its depth.
 * `prefix` names the fields inside a larger body ('account.').
 */
export async function prepareNewAccount(context: ResourceContext, input: NewAccountInput, prefix = '') {
  if (input.parentAccountId === null && !context.auth.user.bSuperAdmin) {
    throw invalidField(`${prefix}parentAccountId`, 'Choose the studio or branch office this account belongs to.');
  }
  const parent =
    input.parentAccountId === null
      ? null
      : await checkParent(context, input.parentAccountId, `${prefix}parentAccountId`);
  await checkCountry(context, input.country, `${prefix}country`);
  return {
    depth: parent ? parent.depth + 1 : 0,
    typeWhereCreated: input.typeWhereCreated ?? defaultWhereCreated(context),
  };
}

/** Inserts an account with its code, addresses and contacts (inside the caller's transaction). */
export async function insertAccount(
  tx: Db,
  input: NewAccountInput,
  prepared: { depth: number; typeWhereCreated: number },
): Promise<AccountRow> {
  const [sequence] = await rowsOf<{ n: number }>(tx.execute(sql`select nextval('account_code_seq')::int as n`));
  if (!sequence) throw new Error('account code sequence returned nothing');
  const [row] = await tx
    .insert(accounts)
    .values({
      code: formatAccountCode(input.type, Number(sequence.n)),
      name: input.name,
      type: input.type,
      typeSoftware: input.typeSoftware,
      typeWhereCreated: prepared.typeWhereCreated,
      country: input.country,
      parentAccountId: input.parentAccountId,
      depth: prepared.depth,
      mfaRequired: input.mfaRequired,
      isActive: input.isActive ?? true,
      bMustPayBeforeProduction: input.bMustPayBeforeProduction ?? false,
    })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  await replaceAddressesAndContacts(tx, row.id, input.addresses, input.contacts);
  return row;
}

/** Writes the given lists in place of the stored ones (undefined leaves a list alone). */
export async function replaceAddressesAndContacts(
  tx: Db,
  accountId: number,
  addresses: AddressInput[] | undefined,
  contacts: ContactInput[] | undefined,
) {
  if (addresses) {
    await tx.delete(accountAddresses).where(eq(accountAddresses.accountId, accountId));
    if (addresses.length > 0) {
      await tx.insert(accountAddresses).values(addresses.map((address) => ({ ...address, accountId })));
    }
  }
  if (contacts) {
    await tx.delete(accountContacts).where(eq(accountContacts.accountId, accountId));
    if (contacts.length > 0) {
      await tx.insert(accountContacts).values(contacts.map((contact) => ({ ...contact, accountId })));
    }
  }
}

export interface AccountChanges {
  name?: string | undefined;
  type?: number | undefined;
  typeSoftware?: number | undefined;
  typeWhereCreated?: number | undefined;
  country?: string | undefined;
  parentAccountId?: number | null | undefined;
  mfaRequired?: boolean | undefined;
  isActive?: boolean | undefined;
  bMustPayBeforeProduction?: boolean | undefined;
}

/**
 * Checks changes to an account: the house account stays a top-level, active account; a move keeps
 * the whole subtree within two levels and never under itself; an account holding others stays a
 * studio or branch office; Brazil only when permitted; Store Only only without books in layout
 * software. Returns the new depth when the account moves.
 */
export async function checkAccountChanges(
  context: ResourceContext,
  existing: AccountRow,
  changes: AccountChanges,
): Promise<{ depth?: number }> {
  const house = isHouseAccount(existing);
  if (house && changes.isActive === false) throw invalidField('isActive', 'The house account stays active.');
  if (house && changes.type !== undefined && changes.type !== existing.type) {
    throw invalidField('type', 'The house account keeps its type.');
  }
  const result: { depth?: number } = {};
  if (changes.parentAccountId !== undefined && changes.parentAccountId !== existing.parentAccountId) {
    if (house) throw invalidField('parentAccountId', 'The house account stays at the top of the tree.');
    const height = await subtreeHeight(context, existing.id);
    if (changes.parentAccountId === null) {
      if (!context.auth.user.bSuperAdmin) {
        throw invalidField('parentAccountId', 'Only super administrators make an account top-level.');
      }
      result.depth = 0;
    } else {
      if (changes.parentAccountId === existing.id) {
        throw invalidField('parentAccountId', 'An account cannot belong to itself.');
      }
      const parent = await checkParent(context, changes.parentAccountId, 'parentAccountId');
      const [inside] = await rowsOf<{ inside: boolean }>(
        context.db.execute(sql`select ${parent.id} in ${subtreeIdsSql(existing.id)} as inside`),
      );
      if (inside?.inside)
        throw invalidField('parentAccountId', 'An account cannot move under one of its own accounts.');
      if (!canMoveSubtreeUnder(parent.depth, height)) {
        throw invalidField(
          'parentAccountId',
          `Moving ${existing.name} under ${parent.name} would nest accounts more than ${MAX_ACCOUNT_DEPTH} levels deep.`,
        );
      }
      result.depth = parent.depth + 1;
    }
  }
  if (changes.type !== undefined && !isParentAccountType(changes.type) && isParentAccountType(existing.type)) {
    if ((await subtreeHeight(context, existing.id)) > 0) {
      throw invalidField('type', 'This account holds other accounts, so it stays a studio or branch office.');
    }
  }
  if (changes.country !== undefined && changes.country !== existing.country) {
    await checkCountry(context, changes.country, 'country');
  }
  if (
    changes.typeSoftware !== undefined &&
    isStoreOnlySoftware(changes.typeSoftware) &&
    !isStoreOnlySoftware(existing.typeSoftware)
  ) {
    const books = await context.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.accountId, existing.id),
          eq(projects.isActive, true),
          isNotNull(projects.typeSoftware),
          ne(projects.typeSoftware, softwareType.StoreOnly),
        ),
      )
      .limit(1);
    if (books.length > 0) {
      throw invalidField(
        'typeSoftware',
        'This account has projects built in layout software; change or close them before making it Store Only.',
      );
    }
  }
  return result;
}

/** After a move, the accounts below keep their place relative to the moved one. */
export async function redepthChildren(tx: Db, accountId: number, depth: number) {
  const children = await tx
    .update(accounts)
    .set({ depth: depth + 1, updatedAt: new Date() })
    .where(eq(accounts.parentAccountId, accountId))
    .returning({ id: accounts.id });
  if (children.length > 0) {
    await tx
      .update(accounts)
      .set({ depth: depth + 2, updatedAt: new Date() })
      .where(
        inArray(
          accounts.parentAccountId,
          children.map((child) => child.id),
        ),
      );
  }
}

/** When an account leaves Store Only, its Store Only projects take the account's new software. */
export async function followSoftwareChange(tx: Db, accountId: number, typeSoftware: number) {
  await tx
    .update(projects)
    .set({ typeSoftware, updatedAt: new Date() })
    .where(
      and(
        eq(projects.accountId, accountId),
        eq(projects.typeSoftware, softwareType.StoreOnly),
        notInArray(projects.typeSoftware, [typeSoftware]),
      ),
    );
}
