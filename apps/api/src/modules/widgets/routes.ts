import {
  defaultWidgetSettings,
  getWidget,
  saveWidgetSettings,
  type Widget,
  type WidgetSettings,
} from '@colophon/contract';
import { rowsOf, userWidgetSettings } from '@colophon/db';
import {
  displayOrderStatus,
  IN_PRODUCTION_ORDER_STATUSES,
  proofStatus,
  type WidgetName,
  widgetName,
} from '@colophon/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visibleAccountIds } from '../../access/scope';
import { implement } from '../../engine/implement';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { findVisibleAccount, requireReferencedAccount, subtreeIdsSql } from '../accounts/tree';
import { upcomingSubmissions } from '../projects/upcoming';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface ProofRow {
  total: number;
  proof_id: number;
  project_id: number;
  project_name: string;
  account_id: number;
  account_name: string;
  status: number;
  internal_status: number | null;
  created_at: string;
}

interface OrderRow {
  total: number;
  order_id: number;
  project_id: number;
  project_name: string;
  account_id: number;
  account_name: string;
  status: number;
  type_order: number;
  shipping_method: string | null;
  b_combine_copies: boolean;
  count_extras: number;
  school_tracking: string | null;
  studio_tracking: string | null;
  parent_must_pay: boolean | null;
  submitted_at: string | null;
}

/** The accounts a widget covers: one account's tree, or every account of the caller (null: all). */
function coveredAccounts(context: ResourceContext, accountId: number | null): SQL | null {
  if (accountId !== null) return subtreeIdsSql(accountId);
  return visibleAccountIds(context.auth);
}

async function widgetData(
  context: ResourceContext,
  name: WidgetName,
  settings: WidgetSettings,
): Promise<{ total: number; items: unknown[] }> {
  const covered = coveredAccounts(context, settings.accountId);
  const within = covered ? sql`p.account_id in ${covered}` : sql`true`;
  if (name === 'upcoming_deadlines') {
    const upcoming = await upcomingSubmissions(context.db, { accountIds: covered, limit: settings.limit });
    return { total: upcoming.total, items: upcoming.data };
  }
  if (name === 'proofs_awaiting_review') {
    // The latest proof of each active project, when it still needs review; the longest waiting first.
    const rows = await rowsOf<ProofRow>(
      context.db.execute(sql`
        select count(*) over ()::int as total, lp.id as proof_id, p.id as project_id, p.name as project_name,
          a.id as account_id, a.name as account_name, lp.status, lp.internal_status, ${iso('lp.created_at')} as created_at
        from projects p
        join accounts a on a.id = p.account_id
        join lateral (
          select pr.id, pr.status, pr.internal_status, pr.created_at from proofs pr
          where pr.project_id = p.id order by pr.created_at desc nulls last, pr.id desc nulls last limit 1
        ) lp on true
        where ${within} and p.is_active and a.is_active and lp.status = ${proofStatus.NeedsReview}
        order by lp.created_at asc, lp.id asc
        limit ${settings.limit}`),
    );
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map((row) => ({
        proofId: row.proof_id,
        projectId: row.project_id,
        projectName: row.project_name,
        accountId: row.account_id,
        accountName: row.account_name,
        status: row.status,
        statusLabel: proofStatus.label(row.status),
        internalStatus: row.internal_status,
        createdAt: row.created_at,
      })),
    };
  }
  const rows = await rowsOf<OrderRow>(
    context.db.execute(sql`
      select count(*) over ()::int as total, o.id as order_id, p.id as project_id, p.name as project_name,
        a.id as account_id, a.name as account_name, o.status, o.type_order, o.shipping_method, o.b_combine_copies,
        o.count_extras, o.school_tracking, o.studio_tracking, parent.b_must_pay_before_production as parent_must_pay,
        ${iso('o.submitted_at')} as submitted_at
      from orders o
      join projects p on p.id = o.project_id
      join accounts a on a.id = p.account_id
      left join accounts parent on parent.id = a.parent_account_id
      where ${within} and o.status in (${sql.raw(IN_PRODUCTION_ORDER_STATUSES.join(', '))})
      order by o.submitted_at asc nulls last, o.id asc
      limit ${settings.limit}`),
  );
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      orderId: row.order_id,
      projectId: row.project_id,
      projectName: row.project_name,
      accountId: row.account_id,
      accountName: row.account_name,
      status: row.status,
      displayStatus: displayOrderStatus({
        status: row.status,
        typeOrder: row.type_order,
        shippingMethod: row.shipping_method,
        bCombineCopies: row.b_combine_copies,
        countExtras: row.count_extras,
        schoolTracking: row.school_tracking,
        studioTracking: row.studio_tracking,
        account: { parent: { bMustPayBeforeProduction: row.parent_must_pay } },
      }),
      typeOrder: row.type_order,
      submittedAt: row.submitted_at,
    })),
  };
}

/**
 * The profile's widgets (`GET/POST widgets/{name}`): upcoming deadlines, proofs awaiting review and
 * orders in production, over the caller's accounts. POST keeps the caller's choices for the widget.
 */
export async function registerWidgetRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  const storedSettings = async (context: ResourceContext, name: WidgetName): Promise<WidgetSettings> => {
    const [row] = await context.db
      .select()
      .from(userWidgetSettings)
      .where(and(eq(userWidgetSettings.userId, context.auth.user.id), eq(userWidgetSettings.name, name)));
    const settings = { ...defaultWidgetSettings, ...((row?.settings ?? {}) as Partial<WidgetSettings>) };
    // An account the user no longer sees falls back to all of theirs.
    if (settings.accountId !== null && !(await findVisibleAccount(context, settings.accountId)))
      settings.accountId = null;
    return settings;
  };

  const respond = async (context: ResourceContext, name: WidgetName, settings: WidgetSettings): Promise<Widget> => {
    const data = await widgetData(context, name, settings);
    return { name, title: widgetName.label(name), settings, ...data } as Widget;
  };

  implement(app, getWidget, async function widgetOf(request) {
    const context = contextOf(request);
    const settings = await storedSettings(context, request.params.name);
    if (request.query.limit !== undefined) settings.limit = request.query.limit;
    if (request.query.accountId !== undefined) {
      await requireReferencedAccount(context, request.query.accountId, 'accountId');
      settings.accountId = request.query.accountId;
    }
    return respond(context, request.params.name, settings);
  });

  implement(app, saveWidgetSettings, async function saveSettingsOfWidget(request) {
    const context = contextOf(request);
    const { name } = request.params;
    if (request.body.accountId) await requireReferencedAccount(context, request.body.accountId, 'accountId');
    const settings = { ...(await storedSettings(context, name)), ...request.body };
    await context.db
      .insert(userWidgetSettings)
      .values({ userId: context.auth.user.id, name, settings })
      .onConflictDoUpdate({
        target: [userWidgetSettings.userId, userWidgetSettings.name],
        set: { settings, updatedAt: new Date() },
      });
    return respond(context, name, settings);
  });
}
