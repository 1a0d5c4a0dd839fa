import {
  accountManufacturerRelationshipCreateSchema,
  accountManufacturerRelationshipListQuerySchema,
  accountManufacturerRelationshipSchema,
  accountManufacturerRelationshipUpdateSchema,
} from '@colophon/contract';
import { accountManufacturerRelationships, accounts, manufacturers } from '@colophon/db';
import { bookType } from '@colophon/domain';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { defineResource } from '../../engine/resource';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { requireReferencedAccount } from './tree';

const table = accountManufacturerRelationships;
describeConstraint(
  'account_manufacturer_relationships_key',
  'manufacturerId',
  'This manufacturer already prints this book type for the account.',
);
describeConstraint(
  'account_manufacturer_relationships_manufacturer_id_manufacturers_id_fk',
  'manufacturerId',
  'No manufacturer has this id.',
);

/**
 * Account–manufacturer relationships: which manufacturer prints an account's books, for every book
 * type (typeBook null) or for one. Studio and school staff read their own; the plant side edits.
 */
export const accountManufacturerRelationshipsResource = defineResource({
  name: 'account_manufacturer_relationships',
  label: 'Account-manufacturer relationship',
  table,
  item: accountManufacturerRelationshipSchema,
  listQuery: accountManufacturerRelationshipListQuerySchema,
  createBody: accountManufacturerRelationshipCreateSchema,
  updateBody: accountManufacturerRelationshipUpdateSchema,
  access: { read: 'accounts.view', write: 'super.plants' },
  sorts: { createdAt: table.createdAt, typeBook: table.typeBook },
  defaultSort: 'createdAt',
  scope: (context) => accountVisible(context.auth, table.accountId),
  filters: (query: z.output<typeof accountManufacturerRelationshipListQuerySchema>) => [
    query.accountId?.length ? inArray(table.accountId, query.accountId) : undefined,
    query.manufacturerId?.length ? inArray(table.manufacturerId, query.manufacturerId) : undefined,
  ],
  async validate(input, context) {
    if (input.accountId !== undefined) await requireReferencedAccount(context, input.accountId, 'accountId');
    if (input.manufacturerId !== undefined) {
      const [manufacturer] = await context.db
        .select({ id: manufacturers.id })
        .from(manufacturers)
        .where(eq(manufacturers.id, input.manufacturerId));
      if (!manufacturer) throw invalidField('manufacturerId', `No manufacturer has the id ${input.manufacturerId}.`);
    }
  },
  includes: {
    async account(rows, context) {
      const ids = [...new Set(rows.map((row) => row.accountId as number))];
      const found = ids.length
        ? await context.db
            .select({ id: accounts.id, code: accounts.code, name: accounts.name })
            .from(accounts)
            .where(inArray(accounts.id, ids))
        : [];
      for (const row of rows) row.account = found.find((account) => account.id === row.accountId);
    },
    async manufacturer(rows, context) {
      const ids = [...new Set(rows.map((row) => row.manufacturerId as number))];
      const found = ids.length
        ? await context.db
            .select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name })
            .from(manufacturers)
            .where(inArray(manufacturers.id, ids))
        : [];
      for (const row of rows) row.manufacturer = found.find((manufacturer) => manufacturer.id === row.manufacturerId);
    },
  },
  csv: [
    { header: 'Account', value: (row) => (row.account as { name: string } | undefined)?.name ?? String(row.accountId) },
    {
      header: 'Manufacturer',
      value: (row) => (row.manufacturer as { name: string } | undefined)?.name ?? String(row.manufacturerId),
    },
    { header: 'Book type', value: (row) => (row.typeBook === null ? 'All' : bookType.label(row.typeBook as number)) },
    { header: 'Notes', value: (row) => row.notes as string | null },
  ],
});
