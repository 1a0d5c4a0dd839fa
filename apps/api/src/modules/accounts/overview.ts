import type { AccountSummaryRow, accountSummaryOverviewQuerySchema } from '@colophon/contract';
import { rowsOf } from '@colophon/db';
import {
  DELIVERED_ORDER_STATUSES,
  displayOrderStatus,
  notificationType,
  PARENT_ACCOUNT_TYPES,
  proofStatus,
  SHIPPED_ORDER_STATUSES,
  softwareType,
} from '@colophon/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { totalOfPage } from '../../engine/list-page';
import type { ResourceContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';

type OverviewQuery = z.output<typeof accountSummaryOverviewQuerySchema>;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const list = (codes: readonly number[]) => sql.raw(codes.join(', '));

/** The latest proof's or order's status of project p (index-backed top-1 lookups). */
const latestProofStatus = sql.raw(
  '(select pr.status from proofs pr where pr.project_id = p.id order by pr.created_at desc nulls last, pr.id desc nulls last limit 1)',
);
const latestOrderStatus = sql.raw(
  '(select o.status from orders o where o.project_id = p.id order by o.created_at desc nulls last, o.id desc nulls last limit 1)',
);
const latestOrderSubmittedAt = sql.raw(
  '(select o.submitted_at from orders o where o.project_id = p.id order by o.created_at desc nulls last, o.id desc nulls last limit 1)',
);
const lastNotificationAt = sql.raw('(select max(n.date) from notifications n where n.account_id = a.id)');

function storeOpenCondition(year: number | undefined): SQL {
  return year === undefined
    ? sql`exists (select 1 from store_statuses s where s.account_id = a.id and s.is_open and (p.year is null or s.year = p.year))`
    : sql`exists (select 1 from store_statuses s where s.account_id = a.id and s.is_open and s.year = ${year})`;
}

const sortExpressions: Record<string, SQL> = {
  accountName: sql`a.name`,
  accountCode: sql`a.code`,
  projectName: sql`p.name`,
  submissionDeadline: sql`p.submission_deadline`,
  submittedAt: latestOrderSubmittedAt,
  lastNotificationAt,
  proofStatus: latestProofStatus,
  orderStatus: latestOrderStatus,
};

interface SortKey {
  expression: SQL;
  direction: 'asc' | 'desc';
}

/** The sort as a list of keys, ties broken by account and project so that pages are stable. */
function sortKeysOf(query: OverviewQuery): SortKey[] {
  const tieBreakers: SortKey[] = [
    { expression: sql`a.id`, direction: 'asc' },
    { expression: sql`coalesce(p.id, 0)`, direction: 'asc' },
  ];
  if (query.orderBySubmission) {
    return [
      { expression: latestOrderSubmittedAt, direction: 'desc' },
      { expression: sql`p.submission_deadline`, direction: 'asc' },
      { expression: sql`a.name`, direction: 'asc' },
      ...tieBreakers,
    ];
  }
  const key = query.sort ?? 'accountName';
  const descending = key.startsWith('-');
  const expression = sortExpressions[descending ? key.slice(1) : key] ?? sortExpressions.accountName!;
  return [{ expression, direction: descending ? 'desc' : 'asc' }, ...tieBreakers];
}

/** `k1 desc nulls last, k2 asc nulls last…` over the page's carried sort keys. */
function orderByKeys(keys: SortKey[], prefix = ''): SQL {
  return sql.join(
    keys.map((key, index) => sql.raw(`${prefix}k${index + 1} ${key.direction} nulls last`)),
    sql`, `,
  );
}

interface OverviewRow {
  total?: number;
  account_id: number;
  account_code: string;
  account_name: string;
  account_type: number;
  type_software: number;
  country: string;
  is_active: boolean;
  parent_account_id: number | null;
  parent_name: string | null;
  parent_must_pay: boolean | null;
  project_id: number | null;
  project_name: string | null;
  project_year: number | null;
  project_type_book: number | null;
  project_is_active: boolean | null;
  submission_deadline: string | null;
  proof_id: number | null;
  proof_status: number | null;
  proof_internal_status: number | null;
  proof_created_at: string | null;
  order_id: number | null;
  order_status: number | null;
  order_type: number | null;
  order_shipping_method: string | null;
  order_combine: boolean | null;
  order_extras: number | null;
  order_school_tracking: string | null;
  order_studio_tracking: string | null;
  order_submitted_at: string | null;
  store_open: boolean;
  notification_id: number | null;
  notification_type: number | null;
  notification_date: string | null;
}

/**
 * The studio's one table of its schools (`GET accounts/account_summary_overview/{id}`): every
 * school-like account below (or equal to) the account, joined with its projects (of the year when
 * asked), with the latest proof, the latest order, the store and the last notification.
 *
 * Per-row lookups (latest proof or order, last notification) are computed for every row only when
 * a filter or the sort needs them; otherwise only for the page's rows.
 */
export async function accountSummaryOverview(
  context: ResourceContext,
  root: { id: number; children: number[] },
  query: OverviewQuery,
) {
  // The tree as plain ids (the account, then its children): the planner then sees how many
  // accounts it holds, and reads them through the parent index.
  const rootId = root.id;
  const parents = [rootId, ...root.children];

  const tree: SQL[] = [
    sql`(a.id = ${rootId} or a.parent_account_id in (${sql.join(
      parents.map((id) => sql`${id}`),
      sql`, `,
    )}))`,
    sql`a.type not in ${[...PARENT_ACCOUNT_TYPES]}`,
  ];
  if (!query.showInactive) tree.push(sql`a.is_active`);
  if (query.excludeStoreOnly) tree.push(sql`a.type_software <> ${softwareType.StoreOnly}`);
  if (query.parentId) tree.push(sql`a.parent_account_id = ${query.parentId}`);
  const search = textSearch(query.search, sql`a.name`, sql`a.code`);
  if (search) tree.push(search);

  const projectJoin: SQL[] = [sql`p.account_id = a.id`];
  if (query.year !== undefined) projectJoin.push(sql`p.year = ${query.year}`);
  if (!query.showInactive) projectJoin.push(sql`p.is_active`);

  const where: SQL[] = [];
  if (query.hasProject) where.push(sql`p.id is not null`);
  if (query.noProof) where.push(sql`not exists (select 1 from proofs pr where pr.project_id = p.id)`);
  if (query.noOrder) where.push(sql`not exists (select 1 from orders o where o.project_id = p.id)`);
  if (query.noNotifications) where.push(sql`not exists (select 1 from notifications n where n.account_id = a.id)`);
  if (query.storeOpen) where.push(storeOpenCondition(query.year));
  if (query.notShipped) where.push(sql`${latestOrderStatus} not in (${list(SHIPPED_ORDER_STATUSES)})`);
  if (query.notDelivered) where.push(sql`${latestOrderStatus} not in (${list(DELIVERED_ORDER_STATUSES)})`);

  const keys = sortKeysOf(query);
  const offset = (query.page - 1) * query.perPage;
  // Plain (the tree, its projects, nothing to look up per row): the count is its own step (a hash
  // join over the tree) and the page can often be read in sort order, stopping after one page.
  // Otherwise the tree is read first (through the parent index, whatever the other filters), and
  // the page step computes each row's lookups once, counting as it goes. Either way only the
  // page's rows get the columns that need lookups.
  const lookups =
    query.notShipped ||
    query.notDelivered ||
    query.orderBySubmission ||
    ['submittedAt', 'lastNotificationAt', 'proofStatus', 'orderStatus'].includes((query.sort ?? '').replace(/^-/, ''));
  const plain = !lookups && !query.noProof && !query.noOrder && !query.noNotifications && !query.storeOpen;
  const from = plain
    ? sql`
    from accounts a
    left join projects p on ${sql.join(projectJoin, sql` and `)}
    where ${sql.join([...tree, ...where], sql` and `)}`
    : sql`
    from tree a
    left join projects p on ${sql.join(projectJoin, sql` and `)}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;
  const rows = await rowsOf<OverviewRow>(
    context.db.execute(sql`
    with tree as materialized (
      select a.id, a.name, a.code from accounts a where ${sql.join(tree, sql` and `)}
    ),
    counted as (select ${plain ? sql`count(*)::int` : sql`null::int`} as total ${plain ? from : sql``}),
    page as materialized (
      select a.id as account_id, p.id as project_id,
        ${plain ? sql`` : sql`count(*) over () as total,`}
        ${sql.join(
          keys.map((key, index) => sql`${key.expression} as ${sql.raw(`k${index + 1}`)}`),
          sql`, `,
        )}
      ${from}
      order by ${orderByKeys(keys)}
      limit ${query.perPage} offset ${offset}
    )
    select ${plain ? sql`counted.total` : sql`page.total::int`} as total,
      a.id as account_id, a.code as account_code, a.name as account_name, a.type as account_type,
      a.type_software, a.country, a.is_active, a.parent_account_id,
      parent.name as parent_name, parent.b_must_pay_before_production as parent_must_pay,
      p.id as project_id, p.name as project_name, p.year as project_year, p.type_book as project_type_book,
      p.is_active as project_is_active, p.submission_deadline::text as submission_deadline,
      lp.id as proof_id, lp.status as proof_status, lp.internal_status as proof_internal_status,
      ${iso('lp.created_at')} as proof_created_at,
      lo.id as order_id, lo.status as order_status, lo.type_order as order_type,
      lo.shipping_method as order_shipping_method, lo.b_combine_copies as order_combine,
      lo.count_extras as order_extras, lo.school_tracking as order_school_tracking,
      lo.studio_tracking as order_studio_tracking, ${iso('lo.submitted_at')} as order_submitted_at,
      st.open is not null as store_open,
      ln.id::int as notification_id, ln.type_notification as notification_type, ${iso('ln.date')} as notification_date
    from page
    cross join counted
    join accounts a on a.id = page.account_id
    left join accounts parent on parent.id = a.parent_account_id
    left join projects p on p.id = page.project_id
    left join lateral (
      select pr.id, pr.status, pr.internal_status, pr.created_at from proofs pr
      where pr.project_id = p.id order by pr.created_at desc nulls last, pr.id desc nulls last limit 1
    ) lp on true
    left join lateral (
      select o.* from orders o where o.project_id = p.id order by o.created_at desc nulls last, o.id desc nulls last limit 1
    ) lo on true
    left join lateral (
      select true as open from store_statuses s
      where s.account_id = a.id and s.is_open and ${query.year === undefined ? sql`(p.year is null or s.year = p.year)` : sql`s.year = ${query.year}`}
      limit 1
    ) st on true
    left join lateral (
      select n.id, n.type_notification, n.date from notifications n
      where n.account_id = a.id order by n.date desc nulls last, n.id desc nulls last limit 1
    ) ln on true
    order by ${orderByKeys(keys, 'page.')}`),
  );
  // Every row carries the total (the counted step or the window); past the last page, count alone.
  const total = await totalOfPage(rows, query.page, async () => {
    const [alone] = await rowsOf<{ total: number }>(
      context.db.execute(sql`
        with tree as materialized (select a.id, a.name, a.code from accounts a where ${sql.join(tree, sql` and `)})
        select count(*)::int as total ${from}`),
    );
    return alone?.total ?? 0;
  });
  return {
    data: rows.map(toSummaryRow),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

function toSummaryRow(row: OverviewRow): AccountSummaryRow {
  return {
    accountId: row.account_id,
    accountCode: row.account_code,
    accountName: row.account_name,
    accountType: row.account_type,
    typeSoftware: row.type_software,
    country: row.country,
    isActive: row.is_active,
    parentAccountId: row.parent_account_id,
    parentAccountName: row.parent_name,
    project:
      row.project_id === null
        ? null
        : {
            id: row.project_id,
            name: row.project_name ?? '',
            year: row.project_year ?? 0,
            typeBook: row.project_type_book ?? 0,
            isActive: row.project_is_active ?? true,
          },
    latestProof:
      row.proof_id === null
        ? null
        : {
            id: row.proof_id,
            status: row.proof_status ?? 0,
            statusLabel: proofStatus.label(row.proof_status),
            internalStatus: row.proof_internal_status,
            createdAt: row.proof_created_at ?? '',
          },
    latestOrder:
      row.order_id === null
        ? null
        : {
            id: row.order_id,
            status: row.order_status ?? 0,
            displayStatus: displayOrderStatus({
              status: row.order_status,
              typeOrder: row.order_type,
              shippingMethod: row.order_shipping_method,
              bCombineCopies: row.order_combine,
              countExtras: row.order_extras,
              schoolTracking: row.order_school_tracking,
              studioTracking: row.order_studio_tracking,
              account: { parent: { bMustPayBeforeProduction: row.parent_must_pay } },
            }),
            typeOrder: row.order_type ?? 0,
            submittedAt: row.order_submitted_at,
          },
    storeOpen: row.store_open,
    lastNotification:
      row.notification_id === null
        ? null
        : {
            id: Number(row.notification_id),
            typeNotification: row.notification_type ?? 0,
            label: notificationType.label(row.notification_type),
            date: row.notification_date ?? '',
          },
    submissionDeadline: row.submission_deadline,
    submittedAt: row.order_submitted_at,
  };
}
