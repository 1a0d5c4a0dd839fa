import {
  bindingPriceCreateSchema,
  customerPricingCreateSchema,
  directSchoolPricingsContract,
  type PricingImportKind,
  pricingAdjustmentCreateSchema,
  pricingItemCreateSchema,
  shippingPriceCreateSchema,
  shipToHomePricesContract,
  shipToHomeShippingPricesContract,
} from '@colophon/contract';
import {
  accounts,
  bindingPrices,
  customerPricings,
  type Db,
  directSchoolPricings,
  pricingAdjustments,
  pricingItems,
  shippingPrices,
  shipToHomePrices,
  shipToHomeShippingPrices,
} from '@colophon/db';
import { parseCsv, parseCurrencyInput } from '@colophon/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../errors';

/*
 * CSV import of the price lists: the columns of the list's own CSV export (other columns, such as
 * the names beside the codes, are ignored), so an exported file edited in a spreadsheet comes back
 * in. Every bad row is named by its line (the header is line 1) and field, and nothing is written
 * unless every row is good.
 */

interface Column {
  header: string;
  field: string;
  kind: 'text' | 'integer' | 'money' | 'optionalText' | 'optionalInteger' | 'optionalMoney';
}

const columnsOf: Record<PricingImportKind, Column[]> = {
  binding_prices: [
    { header: 'Designation', field: 'designation', kind: 'text' },
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Book type', field: 'typeBook', kind: 'integer' },
    { header: 'Size', field: 'typeSize', kind: 'integer' },
    { header: 'Pages from', field: 'pageMin', kind: 'integer' },
    { header: 'Pages to', field: 'pageMax', kind: 'integer' },
    { header: 'Per book', field: 'perBookCents', kind: 'money' },
  ],
  customer_pricings: [
    { header: 'Account code', field: 'accountCode', kind: 'text' },
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Designation', field: 'designation', kind: 'text' },
    { header: 'Notes', field: 'notes', kind: 'optionalText' },
  ],
  pricing_adjustments: [
    { header: 'Account code', field: 'accountCode', kind: 'text' },
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Type', field: 'typeAdjustment', kind: 'integer' },
    { header: 'Amount', field: 'amountCents', kind: 'optionalMoney' },
    { header: 'Basis points', field: 'basisPoints', kind: 'optionalInteger' },
    { header: 'Free books', field: 'freeBooks', kind: 'optionalInteger' },
    { header: 'Commission percent', field: 'commissionPercent', kind: 'optionalInteger' },
    { header: 'Reason', field: 'reason', kind: 'optionalText' },
  ],
  pricing_items: [
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Type', field: 'typeItems', kind: 'integer' },
    { header: 'Code', field: 'code', kind: 'integer' },
    { header: 'Label', field: 'label', kind: 'text' },
    { header: 'Price', field: 'unitCents', kind: 'money' },
    { header: 'Per', field: 'per', kind: 'text' },
  ],
  shipping_prices: [
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Size', field: 'typeSize', kind: 'integer' },
    { header: 'Copies from', field: 'copiesMin', kind: 'integer' },
    { header: 'Copies to', field: 'copiesMax', kind: 'integer' },
    { header: 'Per book', field: 'perBookCents', kind: 'money' },
  ],
  ship_to_home_prices: [
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Product', field: 'product', kind: 'text' },
    { header: 'Label', field: 'label', kind: 'text' },
    { header: 'Price', field: 'cents', kind: 'money' },
  ],
  ship_to_home_shipping_prices: [
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Book type', field: 'typeBook', kind: 'integer' },
    { header: 'Size', field: 'typeSize', kind: 'integer' },
    { header: 'Pages from', field: 'pageMin', kind: 'integer' },
    { header: 'Pages to', field: 'pageMax', kind: 'integer' },
    { header: 'Postage', field: 'cents', kind: 'money' },
  ],
  direct_school_pricings: [
    { header: 'Year', field: 'year', kind: 'integer' },
    { header: 'Designation', field: 'designation', kind: 'text' },
  ],
};

/** The headers a kind's file needs (the web shows them). */
export const importHeaders = (kind: PricingImportKind) => columnsOf[kind].map((column) => column.header);

const MAX_REPORTED = 100;
const BATCH = 500;

interface LineProblem {
  path: string;
  message: string;
}

function cellValue(column: Column, raw: string): { value: unknown } | { problem: string } {
  const text = raw.trim();
  const optional = column.kind.startsWith('optional');
  if (text === '') return optional ? { value: null } : { problem: 'Required' };
  if (column.kind === 'text' || column.kind === 'optionalText') return { value: text };
  if (column.kind === 'money' || column.kind === 'optionalMoney') {
    const cents = parseCurrencyInput(text);
    return cents === null
      ? { problem: `"${text}" is not an amount in dollars and cents (e.g. 15.25)` }
      : { value: cents };
  }
  if (!/^-?\d+$/.test(text)) return { problem: `"${text}" is not a whole number` };
  return { value: Number(text) };
}

/** A row's cells as values; `unreadable` when a cell could not be read (already reported). */
type Parsed = { line: number; values: Record<string, unknown>; unreadable: boolean };

function readRows(kind: PricingImportKind, csv: string): { rows: Parsed[]; problems: LineProblem[] } {
  const parsed = parseCsv(csv);
  if (!parsed.ok) {
    return {
      rows: [],
      problems: [{ path: `lines.${parsed.line}`, message: `Line ${parsed.line}: ${parsed.message}` }],
    };
  }
  const [header, ...records] = parsed.records;
  const headers = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const columns = columnsOf[kind];
  const missing = columns.filter(
    (column) => !column.kind.startsWith('optional') && !headers.includes(column.header.toLowerCase()),
  );
  if (!header || missing.length) {
    return {
      rows: [],
      problems: [
        {
          path: 'lines.1',
          message: `Line 1: the header needs the columns ${missing.map((column) => column.header).join(', ') || columns.map((column) => column.header).join(', ')}`,
        },
      ],
    };
  }
  if (records.length === 0)
    return { rows: [], problems: [{ path: 'csv', message: 'The file has no rows under its header.' }] };
  const rows: Parsed[] = [];
  const problems: LineProblem[] = [];
  for (const record of records) {
    const values: Record<string, unknown> = {};
    let unreadable = false;
    for (const column of columns) {
      const index = headers.indexOf(column.header.toLowerCase());
      const result = cellValue(column, index < 0 ? '' : (record.cells[index] ?? ''));
      if ('problem' in result) {
        unreadable = true;
        problems.push({
          path: `lines.${record.line}.${column.field}`,
          message: `Line ${record.line}, ${column.header}: ${result.problem}`,
        });
      } else {
        values[column.field] = result.value;
      }
    }
    rows.push({ line: record.line, values, unreadable });
  }
  return { rows, problems };
}

/** A row through the resource's own create schema: the same rules as the form and the API. */
function checkRow<Schema extends z.ZodType>(
  schema: Schema,
  row: Parsed,
  columns: Column[],
  problems: LineProblem[],
): z.output<Schema> | undefined {
  if (row.unreadable) return undefined;
  const result = schema.safeParse(row.values);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const header = columns.find((column) => column.field === field)?.header ?? field;
    problems.push({ path: `lines.${row.line}.${field}`, message: `Line ${row.line}, ${header}: ${issue.message}` });
  }
  return undefined;
}

const lineOf = (problem: LineProblem) => Number(/^lines\.(\d+)/.exec(problem.path)?.[1] ?? 0);

function refuse(problems: LineProblem[]): never {
  // In the file's order, whichever check found them (a cell that is no number, a rule of the schema).
  const shown = [...problems].sort((a, b) => lineOf(a) - lineOf(b)).slice(0, MAX_REPORTED);
  const more = problems.length > shown.length ? ` (the first ${MAX_REPORTED} of ${problems.length} are listed)` : '';
  throw new AppError(
    'validation',
    `${problems.length} problem${problems.length === 1 ? '' : 's'} in the file, nothing was imported${more}.`,
    {
      errors: shown,
    },
  );
}

function duplicateCheck(rows: { line: number; key: string }[], what: string, problems: LineProblem[]) {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.key);
    if (first !== undefined)
      problems.push({ path: `lines.${row.line}`, message: `Line ${row.line}: repeats line ${first} (${what})` });
    else seen.set(row.key, row.line);
  }
}

async function accountIdsByCode(db: Db, rows: Parsed[], problems: LineProblem[]): Promise<Map<string, number>> {
  const codes = [
    ...new Set(rows.map((row) => row.values.accountCode).filter((code): code is string => typeof code === 'string')),
  ];
  const found = codes.length
    ? await db.select({ id: accounts.id, code: accounts.code }).from(accounts).where(inArray(accounts.code, codes))
    : [];
  const byCode = new Map(found.map((account) => [account.code, account.id]));
  for (const row of rows) {
    const code = row.values.accountCode;
    if (typeof code !== 'string') continue;
    const id = byCode.get(code);
    if (id === undefined)
      problems.push({
        path: `lines.${row.line}.accountCode`,
        message: `Line ${row.line}, Account code: no account has the code ${code}`,
      });
    else row.values.accountId = id;
  }
  return byCode;
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) =>
    items.slice(index * BATCH, (index + 1) * BATCH),
  );
/** Whether an upserted row was new: PostgreSQL's xmax is 0 on a freshly inserted row version. */
const wasInserted = sql<boolean>`(xmax = 0)`;

type Imported = { created: number; updated: number };

/**
 * The good rows of a list without accounts: each through its create schema, then no two rows with
 * the same key (the table's unique key, which the upsert matches).
 */
function checkedRows<Schema extends z.ZodType>(
  schema: Schema,
  rows: Parsed[],
  columns: Column[],
  problems: LineProblem[],
  duplicate: { key: (value: z.output<Schema>) => string; what: string },
): z.output<Schema>[] {
  const good = rows.flatMap((row) => {
    const value = checkRow(schema, row, columns, problems);
    return value ? [{ line: row.line, value }] : [];
  });
  duplicateCheck(
    good.map(({ line, value }) => ({ line, key: duplicate.key(value) })),
    duplicate.what,
    problems,
  );
  return good.map((row) => row.value);
}

/** Writes the rows in batches in one transaction; `write` upserts a batch and tells which rows were new. */
function writeInBatches<T>(
  db: Db,
  values: T[],
  write: (tx: Db, batch: T[]) => Promise<{ inserted: boolean }[]>,
): Promise<Imported> {
  return db.transaction(async (tx) => {
    let created = 0;
    for (const batch of chunks(values)) created += (await write(tx, batch)).filter((row) => row.inserted).length;
    return { created, updated: values.length - created };
  });
}

/** The lists without accounts: their key, and the upsert on it. */
function importReferenceList(
  db: Db,
  kind: Exclude<PricingImportKind, 'binding_prices' | 'customer_pricings' | 'pricing_adjustments'>,
  rows: Parsed[],
  problems: LineProblem[],
): Promise<Imported> {
  const columns = columnsOf[kind];
  switch (kind) {
    case 'pricing_items': {
      const good = checkedRows(pricingItemCreateSchema, rows, columns, problems, {
        key: (value) => `${value.year}|${value.typeItems}|${value.code}`,
        what: 'the same year, type and code',
      });
      if (problems.length) refuse(problems);
      return writeInBatches(db, good, (tx, batch) =>
        tx
          .insert(pricingItems)
          .values(batch)
          .onConflictDoUpdate({
            target: [pricingItems.year, pricingItems.typeItems, pricingItems.code],
            set: {
              label: sql`excluded.label`,
              unitCents: sql`excluded.unit_cents`,
              per: sql`excluded.per`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ inserted: wasInserted }),
      );
    }
    case 'shipping_prices': {
      const good = checkedRows(shippingPriceCreateSchema, rows, columns, problems, {
        key: (value) => `${value.year}|${value.typeSize}|${value.copiesMin}`,
        what: 'the same year, size and first copy',
      });
      if (problems.length) refuse(problems);
      return writeInBatches(db, good, (tx, batch) =>
        tx
          .insert(shippingPrices)
          .values(batch)
          .onConflictDoUpdate({
            target: [shippingPrices.year, shippingPrices.typeSize, shippingPrices.copiesMin],
            set: {
              copiesMax: sql`excluded.copies_max`,
              perBookCents: sql`excluded.per_book_cents`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ inserted: wasInserted }),
      );
    }
    case 'ship_to_home_prices': {
      const good = checkedRows(shipToHomePricesContract.create, rows, columns, problems, {
        key: (value) => `${value.year}|${value.product}`,
        what: 'the same year and product',
      });
      if (problems.length) refuse(problems);
      return writeInBatches(db, good, (tx, batch) =>
        tx
          .insert(shipToHomePrices)
          .values(batch)
          .onConflictDoUpdate({
            target: [shipToHomePrices.year, shipToHomePrices.product],
            set: { label: sql`excluded.label`, cents: sql`excluded.cents`, updatedAt: sql`now()` },
          })
          .returning({ inserted: wasInserted }),
      );
    }
    case 'ship_to_home_shipping_prices': {
      const good = checkedRows(shipToHomeShippingPricesContract.create, rows, columns, problems, {
        key: (value) => `${value.year}|${value.typeBook}|${value.typeSize}|${value.pageMin}`,
        what: 'the same year, book type, size and first page',
      });
      if (problems.length) refuse(problems);
      return writeInBatches(db, good, (tx, batch) =>
        tx
          .insert(shipToHomeShippingPrices)
          .values(batch)
          .onConflictDoUpdate({
            target: [
              shipToHomeShippingPrices.year,
              shipToHomeShippingPrices.typeBook,
              shipToHomeShippingPrices.typeSize,
              shipToHomeShippingPrices.pageMin,
            ],
            set: { pageMax: sql`excluded.page_max`, cents: sql`excluded.cents`, updatedAt: sql`now()` },
          })
          .returning({ inserted: wasInserted }),
      );
    }
    case 'direct_school_pricings': {
      const good = checkedRows(directSchoolPricingsContract.create, rows, columns, problems, {
        key: (value) => String(value.year),
        what: 'the same year',
      });
      if (problems.length) refuse(problems);
      return writeInBatches(db, good, (tx, batch) =>
        tx
          .insert(directSchoolPricings)
          .values(batch)
          .onConflictDoUpdate({
            target: [directSchoolPricings.year],
            set: { designation: sql`excluded.designation`, updatedAt: sql`now()` },
          })
          .returning({ inserted: wasInserted }),
      );
    }
  }
}

/** Imports a price list's CSV, all or nothing; answers how many rows were created and updated. */
export async function importPricingRows(db: Db, kind: PricingImportKind, csv: string): Promise<Imported> {
  const { rows, problems } = readRows(kind, csv);
  const columns = columnsOf[kind];
  if (kind !== 'binding_prices' && kind !== 'customer_pricings' && kind !== 'pricing_adjustments') {
    return importReferenceList(db, kind, rows, problems);
  }
  if (kind === 'binding_prices') {
    const checked = rows.map((row) => ({
      line: row.line,
      value: checkRow(bindingPriceCreateSchema, row, columns, problems),
    }));
    const good = checked.flatMap((row) => (row.value ? [{ line: row.line, value: row.value }] : []));
    duplicateCheck(
      good.map(({ line, value }) => ({
        line,
        key: `${value.designation}|${value.year}|${value.typeBook}|${value.typeSize}|${value.pageMin}`,
      })),
      'the same designation, year, book type, size and first page',
      problems,
    );
    if (problems.length) refuse(problems);
    return db.transaction(async (tx) => {
      let created = 0;
      for (const batch of chunks(good.map((row) => row.value))) {
        const written = await tx
          .insert(bindingPrices)
          .values(batch)
          .onConflictDoUpdate({
            target: [
              bindingPrices.designation,
              bindingPrices.year,
              bindingPrices.typeBook,
              bindingPrices.typeSize,
              bindingPrices.pageMin,
            ],
            set: { pageMax: sql`excluded.page_max`, perBookCents: sql`excluded.per_book_cents`, updatedAt: sql`now()` },
          })
          .returning({ inserted: wasInserted });
        created += written.filter((row) => row.inserted).length;
      }
      return { created, updated: good.length - created };
    });
  }
  await accountIdsByCode(db, rows, problems);
  if (kind === 'customer_pricings') {
    const good = rows.flatMap((row) => {
      if (row.values.accountId === undefined) return [];
      const value = checkRow(customerPricingCreateSchema, row, columns, problems);
      return value ? [{ line: row.line, value }] : [];
    });
    duplicateCheck(
      good.map(({ line, value }) => ({ line, key: `${value.accountId}|${value.year}` })),
      'the same account and year',
      problems,
    );
    if (problems.length) refuse(problems);
    return db.transaction(async (tx) => {
      let created = 0;
      for (const batch of chunks(good.map((row) => row.value))) {
        const written = await tx
          .insert(customerPricings)
          .values(batch)
          .onConflictDoUpdate({
            target: [customerPricings.accountId, customerPricings.year],
            set: { designation: sql`excluded.designation`, notes: sql`excluded.notes`, updatedAt: sql`now()` },
          })
          .returning({ inserted: wasInserted });
        created += written.filter((row) => row.inserted).length;
      }
      return { created, updated: good.length - created };
    });
  }
  const good = rows.flatMap((row) => {
    if (row.values.accountId === undefined) return [];
    const value = checkRow(pricingAdjustmentCreateSchema, row, columns, problems);
    return value ? [value] : [];
  });
  if (problems.length) refuse(problems);
  return db.transaction(async (tx) => {
    // One adjustments import at a time: the same file sent twice at once adds its rows once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pricing_adjustments_import'))`);
    const fresh = await adjustmentsNotStored(tx, good);
    for (const batch of chunks(fresh)) await tx.insert(pricingAdjustments).values(batch);
    return { created: fresh.length, updated: good.length - fresh.length };
  });
}

type AdjustmentValues = Pick<
  typeof pricingAdjustments.$inferSelect,
  'accountId' | 'year' | 'typeAdjustment' | 'amountCents' | 'basisPoints' | 'freeBooks' | 'commissionPercent' | 'reason'
>;

/** What makes two adjustments the same one (they have no key of their own); a blank reason is none. */
const adjustmentKey = (value: AdjustmentValues) =>
  JSON.stringify([
    value.accountId,
    value.year,
    value.typeAdjustment,
    value.amountCents,
    value.basisPoints,
    value.freeBooks,
    value.commissionPercent,
    value.reason?.trim() || null,
  ]);

/**
 * The file's adjustments less those already stored: adjustments have no unique key, so a line equal
 * to a stored adjustment is that adjustment (counted as updated, as an unchanged upsert of the other
 * lists is) and the export of the adjustments comes back in without doubling a discount. Counted as
 * a multiset: a file with a line three times and one such row stored adds two.
 */
async function adjustmentsNotStored<T extends AdjustmentValues>(db: Db, values: T[]): Promise<T[]> {
  const accountIds = [...new Set(values.map((value) => value.accountId))];
  const years = [...new Set(values.map((value) => value.year))];
  const stored = accountIds.length
    ? await db
        .select()
        .from(pricingAdjustments)
        .where(and(inArray(pricingAdjustments.accountId, accountIds), inArray(pricingAdjustments.year, years)))
    : [];
  const unmatched = new Map<string, number>();
  for (const row of stored) unmatched.set(adjustmentKey(row), (unmatched.get(adjustmentKey(row)) ?? 0) + 1);
  return values.filter((value) => {
    const key = adjustmentKey(value);
    const left = unmatched.get(key) ?? 0;
    if (left === 0) return true;
    unmatched.set(key, left - 1);
    return false;
  });
}
