import { accountManufacturerRelationshipsContract } from '@colophon/contract';
import { accountManufacturerRelationships, manufacturers } from '@colophon/db';
import { bookType } from '@colophon/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { readForPage } from '../../engine/search-page';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { includeAccountNames, requireReferencedAccount } from './tree';

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
export function registerAccountManufacturerRelationships(app: FastifyInstance) {
  registerResource(app, accountManufacturerRelationshipsContract, {
    table,
    scope: (context) => accountVisible(context.auth, table.accountId),
    hooks: {
      async validate(input, context) {
        if (input.accountId !== undefined) await requireReferencedAccount(context, input.accountId, 'accountId');
        if (input.manufacturerId !== undefined) {
          const [manufacturer] = await context.db
            .select({ id: manufacturers.id })
            .from(manufacturers)
            .where(eq(manufacturers.id, input.manufacturerId));
          if (!manufacturer)
            throw invalidField('manufacturerId', `No manufacturer has the id ${input.manufacturerId}.`);
        }
      },
      includes: {
        account: includeAccountNames,
        async manufacturer(rows, context) {
          const found = await readForPage(
            rows.map((row) => row.manufacturerId),
            (ids) =>
              context.db
                .select({ id: manufacturers.id, code: manufacturers.code, name: manufacturers.name })
                .from(manufacturers)
                .where(inArray(manufacturers.id, ids)),
          );
          for (const row of rows)
            row.manufacturer = found.find((manufacturer) => manufacturer.id === row.manufacturerId);
        },
      },
    },
    csv: [
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      {
        header: 'Manufacturer',
        value: (row) => row.manufacturer?.name ?? String(row.manufacturerId),
      },
      { header: 'Book type', value: (row) => (row.typeBook === null ? 'All' : bookType.label(row.typeBook)) },
      { header: 'Notes', value: (row) => row.notes },
    ],
  });
}
