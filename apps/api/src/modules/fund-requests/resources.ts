import { type FundRequest, fundRequestOperations, fundRequestResources } from '@colophon/contract';
import { accounts, type Db, fundRequests } from '@colophon/db';
import {
  type FundRequestKind,
  formatCurrency,
  fundRequestKinds,
  notificationType,
  requestAmountProblem,
  requestStatus,
  SOURCE_TIME_ZONE,
  studioPayment,
  zonedDayEnd,
  zonedDayStart,
} from '@colophon/domain';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement, registerResource } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { readForPage, searchPage } from '../../engine/search-page';
import { AppError, notFound } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { findVisibleAccount, requireReferencedAccount } from '../accounts/tree';
import { notify } from '../notifications/notify';
import { fundOverviewOf } from './overview';

describeConstraint('fund_requests_key', 'requestKey', 'This request was already sent.');

type FundRequestRow = typeof fundRequests.$inferSelect;
type Filled = FundRequestRow & { accountName?: string };

/** The notifications a request raises when it is made and when it is paid. */
const notificationsOf: Record<FundRequestKind, { submitted: number; complete: number }> = {
  presale: { submitted: notificationType.FundRequestSubmitted, complete: notificationType.FundRequestComplete },
  summer: {
    submitted: notificationType.SummerFundRequestSubmitted,
    complete: notificationType.SummerFundRequestComplete,
  },
  sales_tax: {
    submitted: notificationType.SalesTaxRequestSubmitted,
    complete: notificationType.SalesTaxRequestComplete,
  },
};

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
/** A bare date names a London day (part 5). */
const createdFrom = (from: string) =>
  gte(
    fundRequests.createdAt,
    isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
  );
const createdTo = (to: string) =>
  isDateOnly(to)
    ? lt(fundRequests.createdAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
    : lte(fundRequests.createdAt, new Date(to));

/** The account's name on every answer: the super administrator's list spans schools. */
async function fillAccountNames(rows: Filled[], context: Pick<ResourceContext, 'db'>): Promise<void> {
  const found = await readForPage(
    rows.map((row) => row.accountId),
    (ids) =>
      context.db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)),
  );
  const names = new Map(found.map((account) => [account.id, account.name]));
  for (const row of rows) row.accountName = names.get(row.accountId) ?? '';
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * A request, made once: the account's row is locked for the transaction, so two requests of the
 * same account are judged one after the other against what is available, and the second sees the
 * first as waiting. A request sent again under its key answers the first.
 */
async function createRequest(
  kind: FundRequestKind,
  input: { accountId: number; year: number; amountCents: number; note: string | null; requestKey?: string | undefined },
  context: ResourceContext,
): Promise<FundRequestRow> {
  const account = await requireReferencedAccount(context, input.accountId, 'accountId');
  const now = context.request.server.services.clock.now();
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${account.id} for update`);
    if (input.requestKey) {
      const [earlier] = await tx
        .select()
        .from(fundRequests)
        .where(
          and(
            eq(fundRequests.accountId, account.id),
            eq(fundRequests.kind, kind),
            eq(fundRequests.requestKey, input.requestKey),
          ),
        );
      if (earlier) {
        if (earlier.amountCents !== input.amountCents || earlier.year !== input.year) {
          throw new AppError('conflict', 'This requestKey was already used for another request.', {
            errors: [{ path: 'requestKey', message: 'Already used for another request' }],
          });
        }
        return earlier;
      }
    }
    const overview = await fundOverviewOf(tx as Db, context.auth, kind, { accountId: account.id, year: input.year });
    const problem = requestAmountProblem(input.amountCents, overview.availableCents);
    if (problem) throw new AppError('conflict', problem, { errors: [{ path: 'amountCents', message: problem }] });
    const [row] = await tx
      .insert(fundRequests)
      .values({
        kind,
        accountId: account.id,
        year: input.year,
        amountCents: input.amountCents,
        note: input.note,
        requestKey: input.requestKey ?? null,
        requestedByUserId: context.auth.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('fund request insert returned nothing');
    await notify(tx as Db, {
      accountId: account.id,
      typeNotification: notificationsOf[kind].submitted,
      date: now,
      info: `${formatCurrency(row.amountCents)} requested for ${row.year}.`,
    });
    return row;
  });
}

/** The body's filters of `POST …/requested`, as conditions. */
interface RequestedFilters {
  search?: string | undefined;
  ids?: number[] | undefined;
  accountId?: number[] | undefined;
  year?: number[] | undefined;
  status?: number[] | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
}
function requestedConditions(filters: RequestedFilters): (SQL | undefined)[] {
  return [
    filters.search ? textSearch(filters.search, fundRequests.paymentReference) : undefined,
    filters.ids?.length ? inArray(fundRequests.id, filters.ids) : undefined,
    filters.accountId?.length ? inArray(fundRequests.accountId, filters.accountId) : undefined,
    filters.year?.length ? inArray(fundRequests.year, filters.year) : undefined,
    filters.status?.length ? inArray(fundRequests.status, filters.status) : undefined,
    filters.createdFrom ? createdFrom(filters.createdFrom) : undefined,
    filters.createdTo ? createdTo(filters.createdTo) : undefined,
  ];
}

function registerKind(app: FastifyInstance, kind: FundRequestKind) {
  const operations = fundRequestOperations[kind];
  const { contract } = operations;
  const ofKind = eq(fundRequests.kind, kind);
  const scope = (context: ResourceContext) => and(ofKind, accountVisible(context.auth, fundRequests.accountId));
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  registerResource(app, contract, {
    table: fundRequests,
    scope,
    filterBy: { createdFrom, createdTo },
    hooks: {
      fill: fillAccountNames,
      create: (input, context) => createRequest(kind, input, context),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Account', value: (row) => row.accountName ?? row.accountId },
      { header: 'Year', value: (row) => row.year },
      { header: 'Amount', value: (row) => money(row.amountCents) },
      { header: 'Status', value: (row) => requestStatus.label(row.status) },
      { header: 'Requested', value: (row) => row.createdAt.toISOString() },
      { header: 'Paid by', value: (row) => (row.paymentMethod ? studioPayment.label(row.paymentMethod) : '') },
      { header: 'Reference', value: (row) => row.paymentReference },
      { header: 'Completed', value: (row) => row.completedAt?.toISOString() ?? '' },
      { header: 'Note', value: (row) => row.note },
    ],
  });

  implement(app, operations.overview, async function fundOverview(request) {
    const context = contextOf(request);
    const { accountId, year } = request.body;
    // An account the caller does not see is as missing as one that does not exist.
    if (accountId !== undefined && !(await findVisibleAccount(context, accountId)))
      throw notFound(`Account ${accountId}`);
    return fundOverviewOf(context.db, context.auth, kind, { accountId, year });
  });

  implement(app, operations.requested, async function fundRequestsRequested(request) {
    const context = contextOf(request);
    const body = request.body;
    return searchPage<FundRequest>(context, contract, {
      from: fundRequests,
      where: and(scope(context), ...requestedConditions(body)),
      includes: {},
      fill: (rows, fillContext) => fillAccountNames(rows as Filled[], fillContext),
      body,
    });
  });

  implement(app, operations.complete, async function completeFundRequest(request) {
    const context = contextOf(request);
    const { id } = request.params;
    const { paymentMethod, paymentReference } = request.body;
    const now = app.services.clock.now();
    const row = await context.db.transaction(async (tx) => {
      // Guarded: two super administrators completing at once pay and notify once.
      const [completed] = await tx
        .update(fundRequests)
        .set({
          status: requestStatus.Complete,
          paymentMethod,
          paymentReference,
          completedAt: now,
          completedByUserId: context.auth.user.id,
          updatedAt: now,
        })
        .where(and(eq(fundRequests.id, id), ofKind, eq(fundRequests.status, requestStatus.Waiting)))
        .returning();
      if (!completed) {
        const [existing] = await tx
          .select({ id: fundRequests.id })
          .from(fundRequests)
          .where(and(eq(fundRequests.id, id), ofKind));
        if (!existing) throw notFound(`${fundRequestResources[kind].label} ${id}`);
        throw new AppError('conflict', 'This request is already complete.');
      }
      await notify(tx as Db, {
        accountId: completed.accountId,
        typeNotification: notificationsOf[kind].complete,
        date: now,
        userName: `${context.auth.user.firstName} ${context.auth.user.lastName}`,
        info: `${formatCurrency(completed.amountCents)} paid by ${studioPayment.label(paymentMethod)}, reference ${paymentReference}.`,
      });
      return completed;
    });
    const filled: Filled = { ...row };
    await fillAccountNames([filled], context);
    return jsonRow(filled);
  });
}

/** Fund, summer fund and sales-tax requests (issue 13): their resources, overviews, lists and completion. */
export function registerFundRequestRoutes(app: FastifyInstance) {
  for (const kind of fundRequestKinds) registerKind(app, kind);
}
