import {
  createInvoiceFromOrder,
  type invoiceCreateSchema,
  invoicesContract,
  type invoiceUpdateSchema,
  issueInvoice,
  voidInvoice,
} from '@colophon/contract';
import { accounts, type Db, invoices, orders, projects } from '@colophon/db';
import { invoiceProductType, SOURCE_TIME_ZONE, zonedDayEnd, zonedDayStart } from '@colophon/domain';
import { and, desc, eq, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { accountVisible } from '../../access/scope';
import { implement, registerResource } from '../../engine/implement';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { textSearch } from '../../engine/search';
import { AppError, invalidField } from '../../errors';
import { quoteForProject } from '../pricing/quote-project';
import {
  applyTransition,
  fillInvoiceRows,
  type InvoiceRow,
  invoiceIncludeFills,
  invoiceItem,
  type LineToWrite,
  visibleInvoice,
  writeLines,
} from './service';

/*
 * Invoices (issue 13): the resource (a school reads its own, a studio its schools', a super
 * administrator all and writes), and the calls that move one through its states: issue, void, and a
 * draft made from an order priced by its project's quote.
 */

const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const createdFrom = (from: string) =>
  gte(
    invoices.createdAt,
    isDateOnly(from) ? (zonedDayStart(from, SOURCE_TIME_ZONE) ?? new Date(from)) : new Date(from),
  );
const createdTo = (to: string) =>
  isDateOnly(to)
    ? lt(invoices.createdAt, zonedDayEnd(to, SOURCE_TIME_ZONE) ?? new Date(to))
    : lte(invoices.createdAt, new Date(to));

/** The number, or the account's name or code. */
const search = (text: string) =>
  or(
    textSearch(text, invoices.number),
    inArray(
      invoices.accountId,
      sql`(select ${accounts.id} from ${accounts} where ${textSearch(text, accounts.name, accounts.code)})`,
    ),
  );

const nowOf = (context: ResourceContext) => context.request.server.services.clock.now();
const lineToWrite = (line: z.output<typeof invoiceCreateSchema>['lines'][number]): LineToWrite => line;

/** The account must exist; the project, if named, must be that account's. */
async function checkReferences(db: Db, accountId: number, projectId: number | null) {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw invalidField('accountId', 'No such account');
  if (projectId === null) return;
  const [project] = await db.select({ accountId: projects.accountId }).from(projects).where(eq(projects.id, projectId));
  if (!project || project.accountId !== accountId)
    throw invalidField('projectId', "Not a project of the invoice's account");
}

async function createByHand(
  input: z.output<typeof invoiceCreateSchema>,
  context: ResourceContext,
): Promise<InvoiceRow> {
  await checkReferences(context.db, input.accountId, input.projectId);
  const now = nowOf(context);
  return context.db.transaction(async (tx) => {
    const [draft] = await tx
      .insert(invoices)
      .values({
        accountId: input.accountId,
        projectId: input.projectId,
        year: input.year,
        typeProduct: input.typeProduct,
        status: 'draft',
        taxBasisPoints: input.taxBasisPoints,
        dueOn: input.dueOn,
        notes: input.notes,
        createdById: context.auth.user.id,
      })
      .returning();
    if (!draft) throw new Error('invoice insert returned nothing');
    return writeLines(tx, draft, input.lines.map(lineToWrite), now);
  });
}

/** A draft's fields and lines; an invoice that left draft answers 409. */
async function updateDraft(
  existing: InvoiceRow,
  input: z.output<typeof invoiceUpdateSchema>,
  context: ResourceContext,
): Promise<InvoiceRow> {
  const now = nowOf(context);
  return context.db.transaction(async (tx) => {
    const locked = await visibleInvoice(tx, context.auth, existing.id, true);
    if (locked.status !== 'draft') throw new AppError('conflict', `A ${locked.status} invoice is not edited.`);
    const { lines, ...fields } = input;
    const [updated] = await tx
      .update(invoices)
      .set({ ...fields, updatedAt: now })
      .where(eq(invoices.id, locked.id))
      .returning();
    if (!updated) throw new Error('invoice update returned nothing');
    if (lines === undefined && input.taxBasisPoints === undefined) return updated;
    const current = lines
      ? lines.map(lineToWrite)
      : (await invoiceItem(context, updated, ['lines'])).lines?.map((line) => ({
          kind: line.kind as LineToWrite['kind'],
          label: line.label,
          quantity: line.quantity,
          unitCents: line.unitCents,
        }));
    return writeLines(tx, updated, current ?? [], now);
  });
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (value: Date | null) => value?.toISOString() ?? '';

export function registerInvoiceResources(app: FastifyInstance) {
  registerResource(app, invoicesContract, {
    table: invoices,
    scope: (context) => accountVisible(context.auth, invoices.accountId),
    filterBy: { search, createdFrom, createdTo },
    hooks: {
      fill: fillInvoiceRows,
      includes: invoiceIncludeFills,
      create: (input, context) => createByHand(input, context),
      update: (existing, input, context) => updateDraft(existing, input, context),
    },
    csv: [
      { header: 'Number', value: (row) => row.number ?? '' },
      { header: 'Created', value: (row) => iso(row.createdAt) },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Product', value: (row) => invoiceProductType.label(row.typeProduct) },
      { header: 'Status', value: (row) => row.status },
      { header: 'Total $', value: (row) => dollars(row.totalCents) },
      { header: 'Paid $', value: (row) => dollars(row.paidCents) },
      { header: 'Refunded $', value: (row) => dollars(row.refundedCents) },
      { header: 'Balance $', value: (row) => dollars(row.totalCents - row.paidCents + row.refundedCents) },
      { header: 'Due', value: (row) => row.dueOn ?? '' },
    ],
  });

  implement(app, issueInvoice, async function issue(request) {
    const context = requestContext(app, request);
    const now = nowOf(context);
    const issued = await context.db.transaction(async (tx) => {
      const invoice = await visibleInvoice(tx, context.auth, request.params.id, true);
      return applyTransition(tx, invoice, { kind: 'issue' }, { now, userId: context.auth.user.id });
    });
    return invoiceItem(context, issued);
  });

  implement(app, voidInvoice, async function voidIt(request) {
    const context = requestContext(app, request);
    const now = nowOf(context);
    const voided = await context.db.transaction(async (tx) => {
      const invoice = await visibleInvoice(tx, context.auth, request.params.id, true);
      const updated = await applyTransition(tx, invoice, { kind: 'void' }, { now, userId: context.auth.user.id });
      const notes = [invoice.notes, `Voided: ${request.body.reason}`].filter(Boolean).join('\n');
      const [withReason] = await tx.update(invoices).set({ notes }).where(eq(invoices.id, updated.id)).returning();
      return withReason ?? updated;
    });
    return invoiceItem(context, voided);
  });

  implement(app, createInvoiceFromOrder, async function fromOrder(request, reply) {
    const context = requestContext(app, request);
    const { orderId, typeProduct, taxBasisPoints, dueOn } = request.body;
    const now = nowOf(context);
    const [order] = await context.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), accountVisible(context.auth, orders.accountId)));
    if (!order) throw invalidField('orderId', 'No such order');
    // The same function prices the project screen's quote: the invoice's lines are the quote's.
    const quote = await quoteForProject(app.services, order.projectId, { copies: order.copies });
    const [problem] = quote.problems;
    if (problem) throw invalidField('orderId', `The order cannot be priced: ${problem.message}`);
    const lines: LineToWrite[] = quote.lines
      .filter((line) => line.kind !== 'tax')
      .map((line) => ({
        kind: line.kind as LineToWrite['kind'],
        label: line.label,
        // A percentage line's amount is not quantity × unit: it is kept as one unit of its amount.
        quantity: line.quantity * line.unitCents === line.amountCents && line.quantity > 0 ? line.quantity : 1,
        unitCents:
          line.quantity * line.unitCents === line.amountCents && line.quantity > 0 ? line.unitCents : line.amountCents,
      }));
    const invoice = await context.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), ne(invoices.status, 'void')))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(1)
        .for('update');
      // Paying first made an open invoice of nothing when the order was placed: it is priced now.
      const placeholder =
        existing?.status === 'open' && existing.totalCents === 0 && existing.paidCents === 0 ? existing : undefined;
      if (existing && !placeholder) {
        throw new AppError(
          'conflict',
          `Order ${order.id} has invoice ${existing.number ?? `#${existing.id}`} already.`,
        );
      }
      const values = {
        typeProduct,
        taxBasisPoints,
        dueOn,
        projectId: order.projectId,
        year: quote.year,
        updatedAt: now,
      };
      let target: InvoiceRow | undefined;
      if (placeholder) {
        [target] = await tx.update(invoices).set(values).where(eq(invoices.id, placeholder.id)).returning();
      } else {
        [target] = await tx
          .insert(invoices)
          .values({
            ...values,
            accountId: order.accountId,
            orderId: order.id,
            status: 'draft',
            createdById: context.auth.user.id,
          })
          .returning();
      }
      if (!target) throw new Error('invoice write returned nothing');
      return writeLines(tx, target, lines, now);
    });
    reply.code(201);
    return invoiceItem(context, invoice);
  });
}
