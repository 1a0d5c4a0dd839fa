import { PassThrough } from 'node:stream';
import {
  bookCountsByBinding,
  dedicationAdCount,
  dedicationAdSales,
  distributionList,
  donatedBookCount,
  exportSalesReport,
  genericBookCount,
  MAX_SALES_EXPORT_ROWS,
  onlineOrdersReport,
  orderAdminPersonalizedBooks,
  ordersAndItems,
  personalizedBookCount,
  personalizedOrderNames,
  printDistributionList,
  type RevenueOverview,
  revenueOverview,
  type SalesFilter,
  type SalesListReportName,
  salesAgainstEnrollment,
  salesListReports,
  shipToHomeAddressList,
  shipToHomeCount,
  studioOverviewReport,
  textDedicationAdCount,
  textDedicationAdsList,
  totalItems,
  weeklyAccounts,
  yearToYearSalesComparison,
} from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import { onlineOrderShipping, productType } from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../../access/scope';
import { toCsv } from '../../engine/csv';
import { implement } from '../../engine/implement';
import { callerOf } from '../../plugins/authentication';
import { type SalesScope, salesScope, whole } from './reports-filter';
import { salesListPage, salesListRows } from './reports-lists';
import { distributionListHtml } from './reports-print';

/*
 * The online stores' sales reports (part 7's online_sales calls). Every number reads paid items
 * (`paid_at` set; a refund in full clears it) on the columns they copy from their order, so the
 * totals are index-only scans of online_order_items_report_idx; the money of orders (gross,
 * refunded, net) reads the orders themselves. revenue_overview and year_to_year read their weeks
 * from the weekly rollup `online_sales_weekly` (migration 0014's triggers keep it) instead, unless
 * the filter names days.
 */

const BOOK = productType.Yearbook;
const AD = productType.YearbookAd;
const TEXT = productType.TextOnlyDedication;

/** The quantity of paid items matching `where` in the caller's filter. */
async function itemQuantity(db: Db, scope: SalesScope, where: SQL): Promise<number> {
  const rows = await rowsOf<{ n: unknown }>(
    db.execute(sql`select coalesce(sum(i.quantity), 0)::bigint as n from online_order_items i
      where i.paid_at is not null and ${where} and ${scope.on('i')}`),
  );
  return whole(rows[0]?.n);
}

/**
 * The Monday (UTC) of a paid instant's week, as a number of weeks since the epoch's Monday
 * (1969-12-29): cheap arithmetic on each of a million rows; the date text is made per group only.
 */
const weekOf = (alias: 'i' | 'o') => sql.raw(`floor((date_part('epoch', ${alias}.paid_at) + 259200) / 604800)::int`);
const mondayOf = (week: number) => new Date((week * 604_800 - 259_200) * 1000).toISOString().slice(0, 10);

type WeekRow = Record<string, unknown>;

/**
 * Per week, what the paid items add up to (`cents`, `books`, …) and what the paid orders do
 * (`orders`, `gross`, `refunded`): from the weekly rollup, or from the items and orders themselves
 * when the filter names days (a week is the rollup's finest grain).
 */
async function revenueWeeks(db: Db, scope: SalesScope): Promise<{ itemWeeks: WeekRow[]; orderWeeks: WeekRow[] }> {
  if (!scope.namesDays) {
    const rows = await rowsOf<WeekRow>(
      db.execute(sql`select w.week, sum(w.item_lines)::bigint as lines, sum(w.items_cents)::bigint as cents,
          sum(w.books)::bigint as books, sum(w.personalized)::bigint as personalized, sum(w.ads)::bigint as ads,
          sum(w.text_dedications)::bigint as texts, sum(w.donated)::bigint as donated,
          sum(w.orders)::bigint as orders, sum(w.gross_cents)::bigint as gross, sum(w.refunded_cents)::bigint as refunded
        from online_sales_weekly w where ${scope.on('w')} group by w.week`),
    );
    // A week of the rollup may hold nothing any more (its items deleted or refunded in full).
    return {
      itemWeeks: rows.filter((row) => whole(row.lines) > 0),
      orderWeeks: rows.filter((row) => whole(row.orders) > 0),
    };
  }
  // One pass over the items (index-only) and one over the orders, each grouped by week.
  const [itemWeeks, orderWeeks] = await Promise.all([
    rowsOf<WeekRow>(
      db.execute(sql`select ${weekOf('i')} as week, sum(i.total_cents)::bigint as cents,
          coalesce(sum(i.quantity) filter (where i.type_product = ${BOOK}), 0)::bigint as books,
          coalesce(sum(i.quantity) filter (where i.type_product = ${BOOK} and i.type_personalization > 0), 0)::bigint as personalized,
          coalesce(sum(i.quantity) filter (where i.type_product = ${AD}), 0)::bigint as ads,
          coalesce(sum(i.quantity) filter (where i.type_product = ${TEXT}), 0)::bigint as texts,
          coalesce(sum(i.quantity) filter (where i.is_donated), 0)::bigint as donated
        from online_order_items i where i.paid_at is not null and ${scope.on('i')} group by 1`),
    ),
    rowsOf<WeekRow>(
      db.execute(sql`select ${weekOf('o')} as week, count(*)::bigint as orders,
          sum(o.total_cents)::bigint as gross, sum(o.refunded_cents)::bigint as refunded
        from online_orders o where o.paid_at is not null and ${scope.on('o')} group by 1`),
    ),
  ]);
  return { itemWeeks, orderWeeks };
}

export async function revenueOverviewOf(db: Db, scope: SalesScope): Promise<RevenueOverview> {
  // The totals are the weeks' sums.
  const { itemWeeks, orderWeeks } = await revenueWeeks(db, scope);
  const total = (rows: Record<string, unknown>[], key: string) => rows.reduce((sum, row) => sum + whole(row[key]), 0);
  const weeks = new Map<number, { week: string; orders: number; itemsCents: number }>();
  const weekEntry = (week: number) => {
    const entry = weeks.get(week) ?? { week: mondayOf(week), orders: 0, itemsCents: 0 };
    weeks.set(week, entry);
    return entry;
  };
  for (const row of itemWeeks) weekEntry(whole(row.week)).itemsCents = whole(row.cents);
  for (const row of orderWeeks) weekEntry(whole(row.week)).orders = whole(row.orders);
  const gross = total(orderWeeks, 'gross');
  const refunded = total(orderWeeks, 'refunded');
  return {
    orders: total(orderWeeks, 'orders'),
    grossCents: gross,
    refundedCents: refunded,
    netCents: gross - refunded,
    itemsCents: total(itemWeeks, 'cents'),
    books: total(itemWeeks, 'books'),
    personalized: total(itemWeeks, 'personalized'),
    ads: total(itemWeeks, 'ads'),
    textDedications: total(itemWeeks, 'texts'),
    donated: total(itemWeeks, 'donated'),
    byWeek: [...weeks.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry),
  };
}

/** How many seasons the comparison shows: the asked (or latest) year and the ones before it. */
const COMPARED_YEARS = 3;

export async function yearToYearOf(db: Db, scope: SalesScope, filter: SalesFilter) {
  // The year filter picks the latest season compared, not the only one.
  const seasons = (alias: 'i' | 'w') =>
    filter.year === undefined
      ? sql``
      : sql`and ${sql.raw(alias)}.year > ${filter.year - COMPARED_YEARS} and ${sql.raw(alias)}.year <= ${filter.year}`;
  // The weekly rollup unless the filter names days (see revenueWeeks).
  const rows = await rowsOf<{ year: number; week: number; cents: unknown }>(
    scope.namesDays
      ? db.execute(sql`select i.year, ${weekOf('i')} as week, sum(i.total_cents)::bigint as cents
          from online_order_items i
          where i.paid_at is not null and ${scope.on('i')} ${seasons('i')}
          group by 1, 2`)
      : db.execute(sql`select w.year, w.week, sum(w.items_cents)::bigint as cents
          from online_sales_weekly w where ${scope.on('w')} ${seasons('w')}
          group by 1, 2 having sum(w.item_lines) > 0`),
  );
  rows.sort((a, b) => a.year - b.year || whole(a.week) - whole(b.week));
  const byYear = new Map<number, { week: number; cents: number }[]>();
  for (const row of rows) {
    const list = byYear.get(row.year) ?? [];
    list.push({ week: whole(row.week), cents: whole(row.cents) });
    byYear.set(row.year, list);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b).slice(-COMPARED_YEARS);
  return {
    years: years.map((year) => {
      const weeks = byYear.get(year) ?? [];
      const first = weeks[0]?.week ?? 0;
      let running = 0;
      return {
        year,
        totalCents: weeks.reduce((sum, week) => sum + week.cents, 0),
        weeks: weeks.map((week) => {
          running += week.cents;
          return { week: week.week - first + 1, cumulativeCents: running };
        }),
      };
    }),
  };
}

export async function registerSalesReportRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const scopeOf = (request: { auth: Parameters<typeof callerOf>[0]['auth'] }, filter: SalesFilter) =>
    salesScope(db, callerOf(request) as Viewer, filter);

  implement(app, totalItems, async function totalItemsOf(request) {
    const scope = await scopeOf(request, request.body);
    const rows = await rowsOf<Record<string, unknown>>(
      db.execute(sql`select count(*)::bigint as items, coalesce(sum(i.quantity), 0)::bigint as quantity,
          coalesce(sum(i.total_cents), 0)::bigint as cents
        from online_order_items i where i.paid_at is not null and ${scope.on('i')}`),
    );
    const row = rows[0] ?? {};
    return { items: whole(row.items), quantity: whole(row.quantity), totalCents: whole(row.cents) };
  });

  implement(app, revenueOverview, async function revenue(request) {
    return revenueOverviewOf(db, await scopeOf(request, request.body));
  });

  const counts = [
    [personalizedBookCount, sql`i.type_product = ${BOOK} and i.type_personalization > 0`],
    [genericBookCount, sql`i.type_product = ${BOOK} and coalesce(i.type_personalization, 0) = 0`],
    [dedicationAdCount, sql`i.type_product = ${AD}`],
    [textDedicationAdCount, sql`i.type_product = ${TEXT}`],
    [donatedBookCount, sql`i.is_donated`],
  ] as const;
  for (const [operation, where] of counts) {
    implement(app, operation, async function itemCount(request) {
      return { count: await itemQuantity(db, await scopeOf(request, request.body), where) };
    });
  }

  implement(app, shipToHomeCount, async function shipToHome(request) {
    const scope = await scopeOf(request, request.body);
    const rows = await rowsOf<{ n: unknown }>(
      db.execute(sql`select count(*)::bigint as n from online_orders o
        where o.paid_at is not null and o.type_shipping in (${onlineOrderShipping.SummerSingle}, ${onlineOrderShipping.BulkToHome})
          and ${scope.on('o')}`),
    );
    return { count: whole(rows[0]?.n) };
  });

  implement(app, bookCountsByBinding, async function byBinding(request) {
    const scope = await scopeOf(request, request.body);
    // The book type of the store's account's project of that year (its active one first).
    const rows = await rowsOf<{ type_book: number | null; books: unknown }>(
      db.execute(sql`select p.type_book, sum(i.books)::bigint as books
        from (select i.account_id, i.year, sum(i.quantity) as books from online_order_items i
              where i.paid_at is not null and i.type_product = ${BOOK} and ${scope.on('i')}
              group by i.account_id, i.year) i
          left join lateral (select p.type_book from projects p where p.account_id = i.account_id and p.year = i.year
                             order by p.is_active desc, p.id limit 1) p on true
        group by p.type_book order by p.type_book nulls last`),
    );
    return { data: rows.map((row) => ({ typeBook: row.type_book, books: whole(row.books) })) };
  });

  implement(app, orderAdminPersonalizedBooks, async function orderAdminPersonalized(request) {
    const scope = await scopeOf(request, { accountId: request.body.account_id, year: request.body.year });
    return {
      count: await itemQuantity(db, scope, sql`i.type_product = ${BOOK} and i.type_personalization > 0`),
    };
  });

  implement(app, yearToYearSalesComparison, async function yearToYear(request) {
    return yearToYearOf(db, await scopeOf(request, request.query), request.query);
  });

  implement(app, salesAgainstEnrollment, async function againstEnrollment(request) {
    const scope = await scopeOf(request, request.query);
    const rows = await rowsOf<{ account_id: number; name: string; books: unknown; enrollment: number | null }>(
      db.execute(sql`select a.id as account_id, a.name, s.books, m.enrollment
        from (select i.account_id, max(i.year) as year, sum(i.quantity) as books from online_order_items i
              where i.paid_at is not null and i.type_product = ${BOOK} and ${scope.on('i')} group by i.account_id) s
          join accounts a on a.id = s.account_id
          left join lateral (select pm.enrollment from projects p join project_meta pm on pm.project_id = p.id
                             where p.account_id = s.account_id and p.year = s.year
                             order by p.is_active desc, p.id limit 1) m on true
        order by a.name, a.id`),
    );
    return {
      data: rows.map((row) => ({
        accountId: row.account_id,
        accountName: row.name,
        books: whole(row.books),
        enrollment: row.enrollment,
      })),
    };
  });

  const lists = [
    [onlineOrdersReport, 'online_orders_report'],
    [ordersAndItems, 'orders_and_items'],
    [weeklyAccounts, 'weekly_accounts'],
    [studioOverviewReport, 'studio_overview_report'],
    [personalizedOrderNames, 'personalized_order_names'],
    [distributionList, 'distribution_list'],
    [shipToHomeAddressList, 'ship_to_home_address_list'],
    [textDedicationAdsList, 'text_dedication_ads_list'],
  ] as const;
  for (const [operation, name] of lists) {
    implement(app, operation, async function listReport(request) {
      return salesListPage(db, name, await scopeOf(request, request.query), request.query);
    });
  }
  implement(app, dedicationAdSales, async function adSales(request) {
    return salesListPage(db, 'dedication_ad_sales', await scopeOf(request, request.body), request.body);
  });

  implement(app, exportSalesReport, async function exportReport(request, reply) {
    const { report } = request.params;
    const scope = await scopeOf(request, request.query);
    const rows = salesListRows(db, report, scope, request.query.sort, MAX_SALES_EXPORT_ROWS);
    const filename = `${report}${request.query.year ? `-${request.query.year}` : ''}`;
    if (request.query.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.csv"`)
        .send(csvStream(report, rows));
    }
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${filename}.xlsx"`)
      .send(xlsxStream(report, rows));
  });

  implement(app, printDistributionList, async function printDistribution(request, reply) {
    const scope = await scopeOf(request, request.query);
    const all = [];
    for await (const batch of salesListRows(db, 'distribution_list', scope, 'homeroom', MAX_SALES_EXPORT_ROWS)) {
      all.push(...batch);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(distributionListHtml(all, request.query.year));
  });
}

/** Cents leave an export as dollars with two decimals, written from the integer (never a float). */
export function centsText(cents: unknown): string {
  if (typeof cents !== 'number') return '';
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

type Rows = AsyncGenerator<import('@colophon/contract').SalesRow[]>;

function csvStream(report: SalesListReportName, rows: Rows) {
  const columns = salesListReports[report].columns;
  const out = new PassThrough();
  (async () => {
    out.write(toCsv([columns.map((column) => column[1])]));
    for await (const batch of rows) {
      const cells = batch.map((row) =>
        columns.map((column) => (column[2] === 'cents' ? centsText(row[column[0]]) : row[column[0]])),
      );
      out.write(`\r\n${toCsv(cells)}`);
    }
    out.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A neutralised cell: text starting = + - @ never runs as a formula (as the CSV export). */
function xlsxCell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function xlsxStream(report: SalesListReportName, rows: Rows) {
  const columns = salesListReports[report].columns;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(salesListReports[report].label.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column[1],
    key: column[0],
    width: 18,
    ...(column[2] === 'cents' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  (async () => {
    for await (const batch of rows) {
      for (const row of batch) {
        // Cents become dollars for the spreadsheet's number format; the division is exact to two places.
        sheet
          .addRow(
            columns.map((column) =>
              column[2] === 'cents' && typeof row[column[0]] === 'number'
                ? (row[column[0]] as number) / 100
                : xlsxCell(row[column[0]]),
            ),
          )
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
