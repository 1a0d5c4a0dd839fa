import { copyPricingYear, getCustomerPricingBases, getProjectQuote, importPricingCsv } from '@colophon/contract';
import { bindingPrices, customerPricings, type Db, rowsOf } from '@colophon/db';
import { activePricingDesignations, commissionOfDesignation, pricingDesignation } from '@colophon/domain';
import { count, eq, max, min, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError, invalidField } from '../../errors';
import { visibleProject } from '../projects/resource';
import { importPricingRows } from './csv-import';
import { quoteForProject } from './quote-project';

/** The tables a year's copy carries, with the columns copied besides the year (ids and times are new). */
const copyTables: Record<'price_lists' | 'adjustments', { name: string; columns: string[] }[]> = {
  price_lists: [
    {
      name: 'binding_prices',
      columns: ['designation', 'type_book', 'type_size', 'page_min', 'page_max', 'per_book_cents'],
    },
    { name: 'pricing_items', columns: ['type_items', 'code', 'label', 'unit_cents', 'per'] },
    { name: 'shipping_prices', columns: ['type_size', 'copies_min', 'copies_max', 'per_book_cents'] },
    { name: 'ship_to_home_prices', columns: ['product', 'label', 'cents'] },
    {
      name: 'ship_to_home_shipping_prices',
      columns: ['type_book', 'type_size', 'page_min', 'page_max', 'cents'],
    },
    { name: 'direct_school_pricings', columns: ['designation'] },
    { name: 'customer_pricings', columns: ['account_id', 'designation', 'notes'] },
  ],
  adjustments: [
    {
      name: 'pricing_adjustments',
      columns: [
        'account_id',
        'type_adjustment',
        'amount_cents',
        'basis_points',
        'free_books',
        'commission_percent',
        'reason',
      ],
    },
  ],
};

const rowCount = async (db: Db, name: string, year: number) => {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from ${sql.identifier(name)} where year = ${year}`),
  );
  return Number(row?.n ?? 0);
};

/**
 * Copies a year's lists to another year in one transaction. A target year that has rows is refused
 * (409) unless `replace`, which deletes them first; two copies at once wait for each other (a
 * transaction lock), so the second sees the first's rows.
 */
export async function copyYear(
  db: Db,
  body: { from: number; to: number; what: 'price_lists' | 'adjustments'; replace: boolean },
) {
  const tables = copyTables[body.what];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pricing_copy_year'))`);
    const sourceRows = await Promise.all(tables.map((entry) => rowCount(tx, entry.name, body.from)));
    if (sourceRows.every((n) => n === 0)) throw invalidField('from', `There is nothing to copy in ${body.from}.`);
    const targetRows = await Promise.all(tables.map((entry) => rowCount(tx, entry.name, body.to)));
    if (!body.replace && targetRows.some((n) => n > 0)) {
      const filled = tables.filter((_, index) => (targetRows[index] ?? 0) > 0).map((entry) => entry.name);
      throw new AppError('conflict', `${body.to} already has rows (${filled.join(', ')}); ask to replace them.`, {
        errors: [{ path: 'to', message: `${body.to} already has price lists; ask to replace them.` }],
      });
    }
    const copied: Record<string, number> = {};
    for (const entry of tables) {
      const table = sql.identifier(entry.name);
      const columns = sql.join(
        entry.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      await tx.execute(sql`delete from ${table} where year = ${body.to}`);
      const [inserted] = await rowsOf<{ n: number }>(
        tx.execute(
          sql`with copied as (insert into ${table} (year, ${columns}) select ${body.to}, ${columns} from ${table} where year = ${body.from} order by id returning 1) select count(*)::int as n from copied`,
        ),
      );
      copied[entry.name] = Number(inserted?.n ?? 0);
    }
    return { to: body.to, copied };
  });
}

/** Price lists' calls beside the resources: the bases, the quote, the copy and the import. */
export async function registerPricingRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);
  const db = () => app.services.db;
  const thisYear = () => app.services.clock.now().getUTCFullYear();

  implement(app, getCustomerPricingBases, async function customerPricingBases(request) {
    const year = request.query.year ?? thisYear();
    const [prices, accountsPriced] = await Promise.all([
      db()
        .select({
          designation: bindingPrices.designation,
          n: count(),
          lowest: min(bindingPrices.perBookCents),
          highest: max(bindingPrices.perBookCents),
        })
        .from(bindingPrices)
        .where(eq(bindingPrices.year, year))
        .groupBy(bindingPrices.designation),
      db()
        .select({ designation: customerPricings.designation, n: count() })
        .from(customerPricings)
        .where(eq(customerPricings.year, year))
        .groupBy(customerPricings.designation),
    ]);
    return {
      data: activePricingDesignations.map((designation) => {
        const list = prices.find((row) => row.designation === designation);
        return {
          designation,
          label: pricingDesignation.label(designation),
          commissionPercent: commissionOfDesignation(designation) ?? null,
          year,
          bindingPriceCount: list?.n ?? 0,
          lowestCents: list?.lowest ?? null,
          highestCents: list?.highest ?? null,
          accountCount: accountsPriced.find((row) => row.designation === designation)?.n ?? 0,
        };
      }),
    };
  });

  implement(app, getProjectQuote, async function projectQuote(request) {
    const project = await visibleProject(contextOf(request), request.params.id);
    return quoteForProject(app.services, project.id, {
      copies: request.query.copies,
      shipToHomeCopies: request.query.shipToHomeCopies,
      taxBasisPoints: request.query.taxBasisPoints,
    });
  });

  implement(app, copyPricingYear, async function copyPricingYearForward(request) {
    return copyYear(db(), request.body);
  });

  implement(app, importPricingCsv, async function importPricing(request) {
    return importPricingRows(db(), request.body.kind, request.body.csv);
  });
}
