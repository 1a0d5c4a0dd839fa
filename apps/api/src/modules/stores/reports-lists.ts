import { type SalesListReportName, type SalesRow, salesListReports } from '@colophon/contract';
import { type Db, rowsOf } from '@colophon/db';
import { onlineOrderPayment, onlineOrderShipping, productType } from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';
import { invalidField } from '../../errors';
import type { SalesScope } from './reports-filter';

/*
 * The list reports of part 7, each one select whose column aliases are the contract's column keys
 * (`salesListReports`), plus `id`, which breaks ties so that pages and export batches neither
 * repeat nor skip rows. Paid rows only; money in cents.
 */

const BOOK = productType.Yearbook;
const AD = productType.YearbookAd;
const TEXT = productType.TextOnlyDedication;

const student = (alias: string) =>
  sql.raw(`nullif(trim(concat_ws(' ', ${alias}.student_first_name, ${alias}.student_last_name)), '')`);

function selectOf(name: SalesListReportName, scope: SalesScope): SQL {
  switch (name) {
    case 'online_orders_report':
      return sql`select o.id, o.order_number as "orderNumber", a.name as "accountName", o.year, o.status,
          o.parent_name as "parentName", o.parent_email as "parentEmail", ${student('o')} as "studentName",
          o.homeroom, o.type_payment as "typePayment", o.total_cents as "totalCents",
          o.refunded_cents as "refundedCents", o.paid_at as "paidAt"
        from online_orders o join accounts a on a.id = o.account_id
        where o.paid_at is not null and ${scope.on('o')}`;
    case 'orders_and_items':
      return sql`select i.id, o.order_number as "orderNumber", a.name as "accountName", o.parent_name as "parentName",
          ${student('o')} as "studentName", coalesce(p.name, '') as product, i.quantity,
          i.unit_price_cents as "unitPriceCents", i.total_cents as "totalCents",
          i.personalization_name as "personalizationName", i.paid_at as "paidAt"
        from online_order_items i join online_orders o on o.id = i.online_order_id
          join accounts a on a.id = i.account_id left join products p on p.id = i.product_id
        where i.paid_at is not null and ${scope.on('i')}`;
    case 'personalized_order_names':
      return sql`select i.id, i.personalization_name as "personalizationName", ${student('o')} as "studentName",
          o.homeroom, o.grade, a.name as "accountName", o.order_number as "orderNumber"
        from online_order_items i join online_orders o on o.id = i.online_order_id
          join accounts a on a.id = i.account_id
        where i.paid_at is not null and i.type_product = ${BOOK} and i.personalization_name is not null
          and ${scope.on('i')}`;
    case 'distribution_list':
      return sql`select o.id, coalesce(o.homeroom, '') as homeroom,
          coalesce(nullif(trim(concat_ws(', ', o.student_last_name, o.student_first_name)), ''), o.parent_name) as "studentName",
          o.grade,
          sum(i.quantity) filter (where i.type_product = ${BOOK} and not i.is_donated)::int as books,
          string_agg(i.personalization_name, '; ' order by i.id) as "personalizationName",
          sum(i.quantity) filter (where i.type_product = ${AD})::int as ads,
          sum(i.quantity) filter (where i.type_product = ${TEXT})::int as "textDedications",
          sum(i.quantity) filter (where i.is_donated)::int as donated,
          o.order_number as "orderNumber",
          lower(coalesce(o.student_last_name, o.parent_name)) as "sortLast", lower(coalesce(o.student_first_name, '')) as "sortFirst"
        from online_orders o join online_order_items i on i.online_order_id = o.id
        where i.paid_at is not null and ${scope.on('i')}
        group by o.id`;
    case 'ship_to_home_address_list':
      return sql`select o.id, o.order_number as "orderNumber", o.parent_name as "parentName", ${student('o')} as "studentName",
          concat_ws(', ', o.ship_to->>'name', o.ship_to->>'address1', o.ship_to->>'address2', o.ship_to->>'city',
            concat_ws(' ', o.ship_to->>'state', o.ship_to->>'zip'), o.ship_to->>'country') as address,
          o.type_shipping as "typeShipping", a.name as "accountName"
        from online_orders o join accounts a on a.id = o.account_id
        where o.paid_at is not null and o.type_shipping in (${onlineOrderShipping.SummerSingle}, ${onlineOrderShipping.BulkToHome})
          and ${scope.on('o')}`;
    case 'text_dedication_ads_list':
      return sql`select i.id, i.dedication_text as "dedicationText", ${student('o')} as "studentName",
          o.parent_name as "parentName", a.name as "accountName", o.order_number as "orderNumber"
        from online_order_items i join online_orders o on o.id = i.online_order_id
          join accounts a on a.id = i.account_id
        where i.paid_at is not null and i.type_product = ${TEXT} and ${scope.on('i')}`;
    case 'dedication_ad_sales':
      return sql`select i.id, o.order_number as "orderNumber", coalesce(p.name, '') as product, i.ad_size as "adSize",
          ${student('o')} as "studentName", o.parent_name as "parentName", a.name as "accountName",
          i.total_cents as "totalCents", i.paid_at as "paidAt"
        from online_order_items i join online_orders o on o.id = i.online_order_id
          join accounts a on a.id = i.account_id left join products p on p.id = i.product_id
        where i.paid_at is not null and i.type_product = ${AD} and ${scope.on('i')}`;
    case 'weekly_accounts':
      return sql`select min(i.id) as id, to_char(date_trunc('week', i.paid_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
          a.name as "accountName", count(distinct i.online_order_id)::int as orders,
          coalesce(sum(i.quantity) filter (where i.type_product = ${BOOK}), 0)::int as books,
          sum(i.total_cents)::bigint as "itemsCents"
        from online_order_items i join accounts a on a.id = i.account_id
        where i.paid_at is not null and ${scope.on('i')}
        group by 2, a.id, a.name`;
    case 'studio_overview_report':
      return sql`select a.id, a.name as "accountName", coalesce(o.orders, 0)::int as orders,
          coalesce(s.books, 0)::int as books, coalesce(s.personalized, 0)::int as personalized, coalesce(s.ads, 0)::int as ads,
          coalesce(o.gross, 0)::bigint as "grossCents", coalesce(o.refunded, 0)::bigint as "refundedCents",
          (coalesce(o.gross, 0) - coalesce(o.refunded, 0))::bigint as "netCents"
        from (select o.account_id, count(*) as orders, sum(o.total_cents) as gross, sum(o.refunded_cents) as refunded
              from online_orders o where o.paid_at is not null and ${scope.on('o')} group by o.account_id) o
          full join (select i.account_id,
                sum(i.quantity) filter (where i.type_product = ${BOOK}) as books,
                sum(i.quantity) filter (where i.type_product = ${BOOK} and i.type_personalization > 0) as personalized,
                sum(i.quantity) filter (where i.type_product = ${AD}) as ads
              from online_order_items i where i.paid_at is not null and ${scope.on('i')} group by i.account_id) s
            on s.account_id = o.account_id
          join accounts a on a.id = coalesce(o.account_id, s.account_id)`;
  }
}

/** The distribution list sorts by homeroom, then students alphabetically (last name, first name). */
const DISTRIBUTION_ORDER = ['homeroom', 'sortLast', 'sortFirst'];

function orderOf(name: SalesListReportName, sort: string | undefined): SQL {
  const report = salesListReports[name];
  const wanted = sort ?? report.defaultSort;
  const key = wanted.replace(/^-/, '');
  if (!(report.sorts as readonly string[]).includes(key)) {
    throw invalidField('sort', `Sort by one of ${report.sorts.join(', ')}`);
  }
  const direction = wanted.startsWith('-') ? 'desc' : 'asc';
  const keys = name === 'distribution_list' && key === 'homeroom' ? DISTRIBUTION_ORDER : [key];
  // Keys come from the contract's list (checked above), never from the request as typed.
  return sql.raw([...keys.map((column) => `"${column}" ${direction} nulls last`), `id ${direction}`].join(', '));
}

/** Each value as JSON carries it: instants as ISO text, bigint sums as numbers. */
function rowOf(name: SalesListReportName, raw: Record<string, unknown>): SalesRow {
  // The id keys the web's table rows (an order, an item, a school, a week's first item).
  const row: SalesRow = { id: Number(raw.id) };
  for (const [key] of salesListReports[name].columns) {
    const value = raw[key];
    if (value instanceof Date) row[key] = value.toISOString();
    else if (typeof value === 'bigint') row[key] = Number(value);
    else if (typeof value === 'string' && /Cents$/.test(key)) row[key] = Number(value);
    else row[key] = (value as SalesRow[string] | undefined) ?? null;
  }
  if (name === 'online_orders_report') {
    row.typePayment = onlineOrderPayment.label(row.typePayment as number);
  }
  if (name === 'ship_to_home_address_list') {
    row.typeShipping = onlineOrderShipping.label(row.typeShipping as number);
  }
  return row;
}

export async function salesListPage(
  db: Db,
  name: SalesListReportName,
  scope: SalesScope,
  query: { page: number; perPage: number; sort?: string | undefined },
) {
  const order = orderOf(name, query.sort);
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`select r.*, count(*) over ()::int as "totalRows" from (${selectOf(name, scope)}) r
      order by ${order} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
  );
  let total = Number(rows[0]?.totalRows ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const counted = await rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from (${selectOf(name, scope)}) r`),
    );
    total = counted[0]?.n ?? 0;
  }
  return { data: rows.map((row) => rowOf(name, row)), total, page: query.page, perPage: query.perPage };
}

/** The whole filtered set in batches (an export), at most `limit` rows. */
export async function* salesListRows(
  db: Db,
  name: SalesListReportName,
  scope: SalesScope,
  sort: string | undefined,
  limit: number,
  batch = 5_000,
): AsyncGenerator<SalesRow[]> {
  const order = orderOf(name, sort);
  for (let offset = 0; offset < limit; offset += batch) {
    const size = Math.min(batch, limit - offset);
    const rows = await rowsOf<Record<string, unknown>>(
      db.execute(sql`select r.* from (${selectOf(name, scope)}) r order by ${order} limit ${size} offset ${offset}`),
    );
    if (rows.length) yield rows.map((row) => rowOf(name, row));
    if (rows.length < size) return;
  }
}
