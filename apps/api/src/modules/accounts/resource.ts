import { type accountSearchBodySchema, accountsContract } from '@colophon/contract';
import { accountAddresses, accountContacts, accounts } from '@colophon/db';
import { accountType, country, isHouseAccount, notificationType, softwareType, whereCreated } from '@colophon/domain';
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { visibleAccountRows } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { deactivateRow, type ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { readForPage } from '../../engine/search-page';
import { AppError } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { notify } from '../notifications/notify';
import { refuseAccountWithProjects } from './holders';
import {
  checkAccountChanges,
  followSoftwareChange,
  insertAccount,
  prepareNewAccount,
  redepthChildren,
  replaceAddressesAndContacts,
} from './service';
import { type AccountRow, accountColumns, openableAccountIds, subtreeIdsSql } from './tree';

describeConstraint('accounts_code_key', 'code', 'Another account already has this code.');
describeConstraint('accounts_parent_account_id_accounts_id_fk', 'parentAccountId', 'No account has this id.');

type Row = Record<string, unknown> & { id: number };

/** The filters of the accounts search (`POST accounts/get/get_accounts_post`): the contract's and `ids`. */
type AccountFilters = Omit<z.output<typeof accountSearchBodySchema>, 'page' | 'perPage' | 'sort' | 'include'>;

/** Accounts anywhere below this one (children and grandchildren), not the account itself. */
const underAccount = (ancestorId: number) =>
  and(inArray(accounts.id, subtreeIdsSql(ancestorId)), ne(accounts.id, ancestorId));
/** `excludeStoreOnly=true` leaves out Store Only accounts; false is the same as absent. */
const storeOnlyExcluded = (exclude: boolean) =>
  exclude ? ne(accounts.typeSoftware, softwareType.StoreOnly) : undefined;

export function accountFilters(filters: AccountFilters): (SQL | undefined)[] {
  return [
    textSearch(filters.search, accounts.name, accounts.code),
    filters.ids?.length ? inArray(accounts.id, filters.ids) : undefined,
    filters.type?.length ? inArray(accounts.type, filters.type) : undefined,
    filters.typeSoftware?.length ? inArray(accounts.typeSoftware, filters.typeSoftware) : undefined,
    filters.typeWhereCreated?.length ? inArray(accounts.typeWhereCreated, filters.typeWhereCreated) : undefined,
    filters.country?.length ? inArray(accounts.country, filters.country) : undefined,
    filters.parentAccountId ? eq(accounts.parentAccountId, filters.parentAccountId) : undefined,
    filters.ancestorId ? underAccount(filters.ancestorId) : undefined,
    filters.depth?.length ? inArray(accounts.depth, filters.depth) : undefined,
    filters.isActive === undefined ? undefined : eq(accounts.isActive, filters.isActive),
    filters.excludeStoreOnly === undefined ? undefined : storeOnlyExcluded(filters.excludeStoreOnly),
  ];
}

/** The addresses or the contacts of a page of accounts, each account's in the order they were added. */
async function fillOwnedRows(
  rows: Row[],
  context: ResourceContext,
  table: typeof accountAddresses | typeof accountContacts,
  key: 'addresses' | 'contacts',
) {
  const found = await readForPage(
    rows.map((row) => row.id),
    (ids) => context.db.select().from(table).where(inArray(table.accountId, ids)).orderBy(asc(table.id)),
  );
  for (const row of rows) row[key] = found.filter((owned) => owned.accountId === row.id);
}

/** `include=` fills for a page of accounts at once. */
export const accountIncludeFills: Record<string, (rows: Row[], context: ResourceContext) => Promise<void>> = {
  async parent(rows, context) {
    const parents = await readForPage(
      rows.map((row) => row.parentAccountId as number | null),
      (ids) =>
        context.db
          .select(accountColumns('id', 'code', 'name', 'type', 'country', 'depth', 'parentAccountId'))
          .from(accounts)
          .where(inArray(accounts.id, ids)),
    );
    const openable = await openableAccountIds(
      context,
      parents.map((parent) => parent.id),
    );
    const byId = new Map(parents.map((parent) => [parent.id, { ...parent, canOpen: openable.has(parent.id) }]));
    for (const row of rows) row.parent = byId.get(row.parentAccountId as number) ?? null;
  },
  addresses: (rows, context) => fillOwnedRows(rows, context, accountAddresses, 'addresses'),
  contacts: (rows, context) => fillOwnedRows(rows, context, accountContacts, 'contacts'),
  async images(rows, context) {
    const files = context.request.server.services.files;
    for (const row of rows) {
      row.uriBrand = row.brandKey ? files.signedUrl(row.brandKey as string, 24 * 3600) : null;
      row.uriImage = row.imageKey ? files.signedUrl(row.imageKey as string, 24 * 3600) : null;
    }
  },
};

/**
 * Accounts (part 3): schools, churches, teams, universities, dance groups, studios and branch
 * offices, nested at most two levels. DELETE deactivates (an account keeps its history).
 */
export function registerAccountsResource(app: FastifyInstance) {
  registerResource(app, accountsContract, {
    table: accounts,
    scope: (context) => visibleAccountRows(context.auth),
    filterBy: { ancestorId: underAccount, excludeStoreOnly: storeOnlyExcluded },
    hooks: {
      includes: accountIncludeFills,
      async create(input, context) {
        const prepared = await prepareNewAccount(context, input);
        return context.db.transaction(async (tx) => insertAccount(tx, input, prepared));
      },
      async update(existing, input, context) {
        const current: AccountRow = existing;
        const { addresses, contacts, ...changes } = input;
        const { depth } = await checkAccountChanges(context, current, changes);
        const softwareChanged = changes.typeSoftware !== undefined && changes.typeSoftware !== current.typeSoftware;
        const row = await context.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(accounts)
            .set({ ...changes, ...(depth === undefined ? {} : { depth }), updatedAt: new Date() })
            .where(eq(accounts.id, current.id))
            .returning();
          if (!updated) throw new Error('account update returned nothing');
          if (depth !== undefined) await redepthChildren(tx, current.id, depth);
          if (softwareChanged && current.typeSoftware === softwareType.StoreOnly) {
            await followSoftwareChange(tx, current.id, updated.typeSoftware);
          }
          await replaceAddressesAndContacts(tx, current.id, addresses, contacts);
          if (softwareChanged) {
            await notify(tx, {
              accountId: updated.id,
              typeNotification: notificationType.AccountSoftwareChanged,
              userName: `${context.auth.user.firstName} ${context.auth.user.lastName}`,
              info: `Software changed from ${softwareType.label(current.typeSoftware)} to ${softwareType.label(updated.typeSoftware)}.`,
            });
          }
          return updated;
        });
        return row;
      },
      async remove(existing, context) {
        const current: AccountRow = existing;
        if (isHouseAccount(current)) throw new AppError('conflict', 'The house account cannot be deactivated.');
        const [children] = await context.db
          .select({ total: count() })
          .from(accounts)
          .where(and(eq(accounts.parentAccountId, current.id), eq(accounts.isActive, true)));
        if (Number(children?.total ?? 0) > 0) {
          throw new AppError(
            'conflict',
            `Deactivate the ${children?.total} active accounts under ${current.name} first.`,
          );
        }
        await refuseAccountWithProjects(context, current.id);
        return deactivateRow(context, accounts, current.id);
      },
    },
    csv: [
      { header: 'Code', value: (row) => row.code },
      { header: 'Name', value: (row) => row.name },
      { header: 'Type', value: (row) => accountType.label(row.type) },
      { header: 'Software', value: (row) => softwareType.label(row.typeSoftware) },
      { header: 'Created at', value: (row) => whereCreated.label(row.typeWhereCreated) },
      { header: 'Country', value: (row) => country.label(row.country) },
      { header: 'Parent', value: (row) => row.parent?.name ?? '' },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    ],
  });
}
