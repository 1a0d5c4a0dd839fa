import { PassThrough } from 'node:stream';
import { exportMoneyTimeline, listMoneyTimeline, moneyTimelineSummary } from '@colophon/contract';
import { accounts } from '@colophon/db';
import { moneyEventKind } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oneAccountVisible } from '../../access/scope';
import { toCsv } from '../../engine/csv';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { notFound } from '../../errors';
import { summaryOf, timelineBatches, timelinePage } from './timeline';

/** The CSV's columns: what the list shows, amounts in dollars written from the integer cents. */
const CSV_HEADER = ['Date', 'Event', 'Description', 'Amount', 'Effect on balance', 'Balance', 'Record', 'Record ID'];

/** Cents as a dollar number: a number cell (never a formula-neutralised text, as a leading '-' would be). */
const dollars = (cents: number) => cents / 100;

/** `GET /api/accounts/{id}/money_timeline` (+ `/summary`, `.csv`): one account's money events. */
export function registerMoneyTimelineRoutes(app: FastifyInstance) {
  /** The account, if the caller sees it (the tenant visibility module); 404 otherwise, as if missing. */
  const visibleAccount = async (request: FastifyRequest, accountId: number) => {
    const context = requestContext(app, request);
    const [row] = await context.db
      .select({ id: accounts.id, code: accounts.code })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), oneAccountVisible(context.auth, accountId)))
      .limit(1);
    if (!row) throw notFound(`Account ${accountId}`);
    return { db: context.db, account: row };
  };

  implement(app, listMoneyTimeline, async function moneyTimeline(request) {
    const { db } = await visibleAccount(request, request.params.id);
    const { kind, from, to, page, perPage, sort } = request.query;
    return timelinePage(db, request.params.id, { kinds: kind, from, to }, { page, perPage, sort });
  });

  implement(app, moneyTimelineSummary, async function moneyTimelineFigures(request) {
    const { db } = await visibleAccount(request, request.params.id);
    return summaryOf(db, request.params.id, request.query);
  });

  implement(app, exportMoneyTimeline, async function moneyTimelineCsv(request, reply) {
    const { db, account } = await visibleAccount(request, request.params.id);
    const { kind, from, to, sort } = request.query;
    const batches = timelineBatches(db, account.id, { kinds: kind, from, to }, sort);
    const out = new PassThrough();
    (async () => {
      out.write(toCsv([CSV_HEADER]));
      for await (const batch of batches) {
        const cells = batch.map((event) => [
          event.at,
          moneyEventKind.label(event.kind),
          event.label,
          dollars(event.amountCents),
          dollars(event.effectCents),
          dollars(event.balanceCents),
          event.record.resource,
          event.record.id,
        ]);
        out.write(`\r\n${toCsv(cells)}`);
      }
      out.end();
    })().catch((error: unknown) => out.destroy(error as Error));
    const name = `money-timeline-${account.code ?? account.id}${from ? `-from-${from.slice(0, 10)}` : ''}${to ? `-to-${to.slice(0, 10)}` : ''}`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.csv"`)
      .send(out);
  });
}
