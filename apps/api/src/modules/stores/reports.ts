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
 * refunded, net) reads the orders themselves.
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

export async function revenueOverviewOf(db: Db, scope: SalesScope): Promise<RevenueOverview> {
  const [items, orders, itemWeeks, orderWeeks] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db.execute(sql`select coalesce(sum(i.total_cents), 0)::bigint as cents,
          coalesce(sum(i.quantity) filter (where i.type_product = ${BOOK}), 0)::bigint as books,
          coalesce(sum(i.quantity) filter (where i.type_product = ${BOOK} and i.type_personalization > 0), 0)::bigint as personalized,
          coalesce(sum(i.quantity) filter (where i.type_product = ${AD}), 0)::bigint as ads,
          coalesce(sum(i.quantity) filter (where i.type_product = ${TEXT}), 0)::bigint as texts,
          coalesce(sum(i.quantity) filter (where i.is_donated), 0)::bigint as donated
        from online_order_items i where i.paid_at is not null and ${scope.on('i')}`),
    ),
    rowsOf<Record<string, unknown>>(
      db.execute(sql`select count(*)::bigint as orders, coalesce(sum(o.total_cents), 0)::bigint as gross,
          coalesce(sum(o.refunded_cents), 0)::bigint as refunded
        from online_orders o where o.paid_at is not null and ${scope.on('o')}`),
    ),
    rowsOf<{ week: string; cents: unknown }>(
      db.execute(sql`select to_char(date_trunc('week', i.paid_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
          sum(i.total_cents)::bigint as cents
        from online_order_items i where i.paid_at is not null and ${scope.on('i')} group by 1`),
    ),
    rowsOf<{ week: string; orders: unknown }>(
      db.execute(sql`select to_char(date_trunc('week', o.paid_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
          count(*)::bigint as orders
        from online_orders o where o.paid_at is not null and ${scope.on('o')} group by 1`),
    ),
  ]);
  const item = items[0] ?? {};
  const order = orders[0] ?? {};
  const weeks = new Map<string, { week: string; orders: number; itemsCents: number }>();
  for (const row of itemWeeks) weeks.set(row.week, { week: row.week, orders: 0, itemsCents: whole(row.cents) });
  for (const row of orderWeeks) {
    const week = weeks.get(row.week) ?? { week: row.week, orders: 0, itemsCents: 0 };
    week.orders = whole(row.orders);
    weeks.set(row.week, week);
  }
  const gross = whole(order.gross);
  const refunded = whole(order.refunded);
  return {
    orders: whole(order.orders),
    grossCents: gross,
    refundedCents: refunded,
    netCents: gross - refunded,
    itemsCents: whole(item.cents),
    books: whole(item.books),
    personalized: whole(item.personalized),
    ads: whole(item.ads),
    textDedications: whole(item.texts),
    donated: whole(item.donated),
    byWeek: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week)),
  };
}

/** How many seasons the comparison shows: the asked (or latest) year and the ones before it. */
const COMPARED_YEARS = 3;

export async function yearToYearOf(db: Db, scope: SalesScope, filter: SalesFilter) {
  // The year filter picks the latest season compared, not the only one.
  const rows = await rowsOf<{ year: number; week: string; cents: unknown }>(
    db.execute(sql`select i.year, to_char(date_trunc('week', i.paid_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        sum(i.total_cents)::bigint as cents
      from online_order_items i
      where i.paid_at is not null and ${scope.on('i')}
        ${filter.year === undefined ? sql`` : sql`and i.year > ${filter.year - COMPARED_YEARS}`}
      group by 1, 2 order by 1, 2`),
  );
  const byYear = new Map<number, { week: string; cents: number }[]>();
  for (const row of rows) {
    const list = byYear.get(row.year) ?? [];
    list.push({ week: row.week, cents: whole(row.cents) });
    byYear.set(row.year, list);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b).slice(-COMPARED_YEARS);
  const WEEK = 7 * 24 * 3600 * 1000;
  return {
    years: years.map((year) => {
      const weeks = byYear.get(year) ?? [];
      const first = Date.parse(weeks[0]?.week ?? '1970-01-01');
      let running = 0;
      return {
        year,
        totalCents: weeks.reduce((sum, week) => sum + week.cents, 0),
        weeks: weeks.map((week) => {
          running += week.cents;
          return { week: Math.round((Date.parse(week.week) - first) / WEEK) + 1, cumulativeCents: running };
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
