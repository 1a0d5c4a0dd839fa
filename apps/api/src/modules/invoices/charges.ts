import {
  chargeInvoice,
  type InvoicePaymentResult,
  recordInvoicePayment,
  refundInvoicePayment,
} from '@colophon/contract';
import { type Db, invoicePayments, invoices, storedCards } from '@colophon/db';
import { invoiceBalance, invoiceTransition } from '@colophon/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { AppError, invalidField } from '../../errors';
import type { ChargeResult } from '../../integrations/payments/payments-adapter';
import {
  applyTransition,
  type InvoicePaymentRow,
  type InvoiceRow,
  invoiceItem,
  paymentItem,
  refundedOfPayments,
  visibleInvoice,
} from './service';

/*
 * Money on an invoice (issue 13): a charge of a stored card, a payment recorded by hand, a refund.
 *
 * A charge happens exactly once. Its row (`invoice_payments`, unique idempotency key) is written
 * pending under the invoice's row lock, which also refuses a second charge while one is under way;
 * the card is charged outside any transaction, under the same key at the provider; the outcome is
 * settled with a guarded update (`… WHERE status = 'pending'`), so the request, its retry and a
 * webhook settle it once. The same key again answers the first outcome without charging.
 */

type StoredCardRow = typeof storedCards.$inferSelect;

const nowOf = (context: ResourceContext) => context.request.server.services.clock.now();

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const cardLabelOf = (card: Pick<StoredCardRow, 'brand' | 'last4'>) => `${card.brand} •••• ${card.last4}`;

/** A card is good through the last day of its expiry month. */
export function cardExpired(card: Pick<StoredCardRow, 'expMonth' | 'expYear'>, now: Date): boolean {
  return Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime();
}

async function paymentByKey(db: Db, key: string): Promise<InvoicePaymentRow | undefined> {
  const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
  return row;
}

const isUniqueViolation = (error: unknown): boolean => {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
};

async function answer(context: ResourceContext, invoice: InvoiceRow, payment: InvoicePaymentRow) {
  return { invoice: await invoiceItem(context, invoice), payment: paymentItem(payment) } satisfies InvoicePaymentResult;
}

/** The card to charge: the chosen one of the invoice's account, else its default; never an expired one. */
async function cardToCharge(
  tx: Db,
  invoice: InvoiceRow,
  cardId: number | undefined,
  now: Date,
): Promise<StoredCardRow> {
  const [card] = await tx
    .select()
    .from(storedCards)
    .where(
      cardId === undefined
        ? and(eq(storedCards.accountId, invoice.accountId), eq(storedCards.isDefault, true))
        : eq(storedCards.id, cardId),
    )
    .orderBy(desc(storedCards.id))
    .limit(1);
  if (!card) {
    throw invalidField('cardId', cardId === undefined ? 'The account has no default card on file.' : 'No such card');
  }
  if (card.accountId !== invoice.accountId) throw invalidField('cardId', "Not a card of the invoice's account");
  if (cardExpired(card, now)) {
    throw invalidField('cardId', `This card expired in ${String(card.expMonth).padStart(2, '0')}/${card.expYear}.`);
  }
  return card;
}

/** An earlier request under this key: the same charge again answers it; anything else is refused. */
function sameCharge(existing: InvoicePaymentRow, invoiceId: number, amountCents: number | undefined) {
  const same =
    existing.kind === 'payment' &&
    existing.invoiceId === invoiceId &&
    existing.method === 'credit_card' &&
    (amountCents === undefined || amountCents === existing.amountCents);
  if (!same) throw new AppError('conflict', 'This idempotency key was already used for another request.');
}

/**
 * Settles a pending card payment with the provider's outcome, once: a succeeded charge pays the
 * invoice (paid when covered), a failed one keeps its message and leaves the invoice as it was.
 * Answers the payment as settled (by this call or by whoever settled it first) and the invoice.
 */
export async function settleCardPayment(
  db: Db,
  paymentId: number,
  outcome: { status: 'succeeded' | 'failed'; providerRef: string | null; failureMessage?: string | null },
  input: { now: Date; userId: number | null },
): Promise<{ payment: InvoicePaymentRow; invoice: InvoiceRow; settledNow: boolean }> {
  return db.transaction(async (tx) => {
    // The invoice first, then the payment: the order every writer of both takes them in. The
    // payment's invoice never changes, so it is found and locked in one statement.
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(
        eq(
          invoices.id,
          tx
            .select({ invoiceId: invoicePayments.invoiceId })
            .from(invoicePayments)
            .where(eq(invoicePayments.id, paymentId)),
        ),
      )
      .for('update');
    if (!invoice) throw new Error(`no invoice payment ${paymentId}`);
    const [settled] = await tx
      .update(invoicePayments)
      .set({
        status: outcome.status,
        providerRef: outcome.providerRef ?? sql`${invoicePayments.providerRef}`,
        failureMessage: outcome.status === 'failed' ? (outcome.failureMessage ?? 'The card was declined.') : null,
        updatedAt: input.now,
      })
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.status, 'pending')))
      .returning();
    if (!settled) {
      const [now] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId));
      if (!now) throw new Error(`no invoice payment ${paymentId}`);
      return { payment: now, invoice, settledNow: false };
    }
    if (settled.status !== 'succeeded') return { payment: settled, invoice, settledNow: true };
    const paid = await applyTransition(
      tx,
      invoice,
      { kind: 'pay', amountCents: settled.amountCents },
      { ...input, message: `Paid ${money(settled.amountCents)} by ${settled.cardLabel ?? 'card'}` },
    );
    return { payment: settled, invoice: paid, settledNow: true };
  });
}

const declined = (payment: InvoicePaymentRow) =>
  new AppError('payment_required', payment.failureMessage ?? 'The card was declined.');

/** After the card's answer (or a replay's): the invoice and payment, or the decline as a 402. */
async function outcomeOf(context: ResourceContext, payment: InvoicePaymentRow, invoice: InvoiceRow) {
  if (payment.status === 'failed') throw declined(payment);
  if (payment.status === 'pending') {
    throw new AppError('conflict', 'This charge is still under way: send the same request again in a moment.');
  }
  return answer(context, invoice, payment);
}

async function chargeCard(
  context: ResourceContext,
  body: { invoiceId: number; cardId?: number | undefined; amountCents?: number | undefined; idempotencyKey: string },
) {
  const { services } = context.request.server;
  const now = nowOf(context);
  const userId = context.auth.user.id;
  const key = `invoice-charge:${body.idempotencyKey}`;

  let payment = await paymentByKey(context.db, key);
  let card: StoredCardRow | undefined;
  if (payment) {
    sameCharge(payment, body.invoiceId, body.amountCents);
    // A settled charge answers its outcome; a pending one (its request died) is charged again
    // under the same key, which the provider answers with the first outcome.
    if (payment.status !== 'pending') {
      return outcomeOf(context, payment, await visibleInvoice(context.db, context.auth, payment.invoiceId));
    }
  } else {
    try {
      ({ payment, card } = await context.db.transaction(async (tx) => {
        const invoice = await visibleInvoice(tx, context.auth, body.invoiceId, true);
        if (invoice.status !== 'open') {
          throw new AppError('conflict', `The invoice is ${invoice.status}: only an open invoice is charged.`);
        }
        const [underWay] = await tx
          .select({ id: invoicePayments.id })
          .from(invoicePayments)
          .where(
            and(
              eq(invoicePayments.invoiceId, invoice.id),
              eq(invoicePayments.kind, 'payment'),
              eq(invoicePayments.status, 'pending'),
            ),
          )
          .limit(1);
        if (underWay) throw new AppError('conflict', 'Another charge of this invoice is under way.');
        const balance = invoiceBalance(invoice);
        const amountCents = body.amountCents ?? balance;
        if (balance <= 0) throw new AppError('conflict', 'Nothing is owed on this invoice.');
        if (amountCents > balance) throw invalidField('amountCents', `At most the balance, ${money(balance)}.`);
        const chosen = await cardToCharge(tx, invoice, body.cardId, now);
        const [row] = await tx
          .insert(invoicePayments)
          .values({
            invoiceId: invoice.id,
            kind: 'payment',
            method: 'credit_card',
            provider: services.payments.name,
            cardId: chosen.id,
            cardLabel: cardLabelOf(chosen),
            amountCents,
            status: 'pending',
            idempotencyKey: key,
            createdById: userId,
          })
          .returning();
        if (!row) throw new Error('payment insert returned nothing');
        return { payment: row, card: chosen };
      }));
    } catch (error) {
      // The same key sent twice at once: the second finds the first's row and answers as a replay.
      if (!isUniqueViolation(error)) throw error;
      const first = await paymentByKey(context.db, key);
      if (!first) throw error;
      sameCharge(first, body.invoiceId, body.amountCents);
      return outcomeOf(context, first, await visibleInvoice(context.db, context.auth, first.invoiceId));
    }
  }
  if (!payment) throw new Error('no payment row');
  if (!card) {
    const [kept] =
      payment.cardId === null
        ? []
        : await context.db.select().from(storedCards).where(eq(storedCards.id, payment.cardId));
    if (!kept) {
      const settled = await settleCardPayment(
        context.db,
        payment.id,
        { status: 'failed', providerRef: null, failureMessage: 'The card was removed before it was charged.' },
        { now, userId },
      );
      return outcomeOf(context, settled.payment, settled.invoice);
    }
    card = kept;
  }

  let result: ChargeResult;
  try {
    result = await services.payments.chargeStoredCard({
      customerRef: card.customerRef,
      cardRef: card.cardRef,
      amountCents: payment.amountCents,
      idempotencyKey: key,
      description: `Invoice #${payment.invoiceId}`,
      metadata: { invoiceId: String(payment.invoiceId), invoicePaymentId: String(payment.id) },
    });
  } catch (error) {
    // The charge's fate is unknown: the row stays pending, and the same key again finds out.
    context.request.log.error({ err: error, invoicePaymentId: payment.id }, 'invoice card charge failed to complete');
    throw new AppError('integration_failed', 'The card could not be charged just now. Send the same request again.');
  }
  const settled = await settleCardPayment(
    context.db,
    payment.id,
    result.status === 'succeeded'
      ? { status: 'succeeded', providerRef: result.id }
      : {
          status: 'failed',
          providerRef: result.id,
          failureMessage:
            result.status === 'requires_action'
              ? 'The card needs its holder to confirm the payment: ask them to pay online.'
              : (result.failureMessage ?? 'The card was declined.'),
        },
    { now, userId },
  );
  return outcomeOf(context, settled.payment, settled.invoice);
}

export async function registerInvoiceChargeRoutes(app: FastifyInstance) {
  implement(app, chargeInvoice, async function chargeStoredCard(request) {
    return chargeCard(requestContext(app, request), request.body);
  });

  implement(app, recordInvoicePayment, async function recordPayment(request) {
    const context = requestContext(app, request);
    const now = nowOf(context);
    const { method, amountCents, reference } = request.body;
    const key = `invoice-payment:${request.body.idempotencyKey}`;
    const earlier = await paymentByKey(context.db, key);
    if (earlier) {
      if (earlier.invoiceId !== request.params.id || earlier.amountCents !== amountCents || earlier.method !== method) {
        throw new AppError('conflict', 'This idempotency key was already used for another request.');
      }
      return answer(context, await visibleInvoice(context.db, context.auth, earlier.invoiceId), earlier);
    }
    const { invoice, payment } = await context.db.transaction(async (tx) => {
      const locked = await visibleInvoice(tx, context.auth, request.params.id, true);
      const [row] = await tx
        .insert(invoicePayments)
        .values({
          invoiceId: locked.id,
          kind: 'payment',
          method,
          provider: 'manual',
          amountCents,
          status: 'succeeded',
          reference,
          idempotencyKey: key,
          createdById: context.auth.user.id,
        })
        .returning();
      if (!row) throw new Error('payment insert returned nothing');
      const paid = await applyTransition(
        tx,
        locked,
        { kind: 'pay', amountCents },
        { now, userId: context.auth.user.id, message: `Paid ${money(amountCents)} by ${method} (${reference})` },
      );
      return { invoice: paid, payment: row };
    });
    return answer(context, invoice, payment);
  });

  implement(app, refundInvoicePayment, async function refundPayment(request) {
    const context = requestContext(app, request);
    const now = nowOf(context);
    const userId = context.auth.user.id;
    const { paymentId, amountCents, reason } = request.body;
    const key = `invoice-refund:${request.body.idempotencyKey}`;
    const earlier = await paymentByKey(context.db, key);
    if (earlier) {
      if (
        earlier.refundOfId !== paymentId ||
        earlier.amountCents !== amountCents ||
        earlier.invoiceId !== request.params.id
      ) {
        throw new AppError('conflict', 'This idempotency key was already used for another request.');
      }
      if (earlier.status === 'failed') {
        throw new AppError(
          'integration_failed',
          `${earlier.failureMessage ?? 'The refund failed.'} Nothing was refunded.`,
        );
      }
      if (earlier.status === 'succeeded') {
        return answer(context, await visibleInvoice(context.db, context.auth, earlier.invoiceId), earlier);
      }
    }
    // The refund's row is written pending under the invoice's lock (a pending refund counts against
    // what is left of its payment, so two refunds at once never give back more than was paid); the
    // provider is called outside any transaction; the invoice's money moves when it answers.
    const pending =
      earlier ??
      (await context.db.transaction(async (tx) => {
        const locked = await visibleInvoice(tx, context.auth, request.params.id, true);
        const [payment] = await tx
          .select()
          .from(invoicePayments)
          .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, locked.id)));
        if (payment?.kind !== 'payment' || payment.status !== 'succeeded') {
          throw invalidField('paymentId', 'Not a received payment of this invoice');
        }
        const left = payment.amountCents - ((await refundedOfPayments(tx, [payment.id])).get(payment.id) ?? 0);
        if (amountCents > left)
          throw invalidField('amountCents', `At most what is left of this payment, ${money(left)}.`);
        const check = invoiceTransition(locked, { kind: 'refund', amountCents });
        if (!check.ok) {
          if (check.reason === 'invalid') throw invalidField('amountCents', check.message);
          throw new AppError('conflict', check.message);
        }
        const [row] = await tx
          .insert(invoicePayments)
          .values({
            invoiceId: locked.id,
            kind: 'refund',
            method: payment.method,
            provider: payment.provider,
            cardId: payment.cardId,
            cardLabel: payment.cardLabel,
            amountCents,
            status: 'pending',
            reference: reason,
            idempotencyKey: key,
            refundOfId: payment.id,
            createdById: userId,
          })
          .returning();
        if (!row) throw new Error('refund insert returned nothing');
        return row;
      }));
    const [refunded] = pending.refundOfId
      ? await context.db.select().from(invoicePayments).where(eq(invoicePayments.id, pending.refundOfId))
      : [];
    let providerRef: string | null = null;
    if (refunded?.method === 'credit_card' && refunded.providerRef) {
      let failure: string | null = null;
      try {
        const result = await app.services.payments.refund({
          paymentId: refunded.providerRef,
          amountCents,
          idempotencyKey: key,
          reason,
        });
        if (result.status === 'failed') failure = result.failureMessage ?? 'The refund failed.';
        else providerRef = result.id;
      } catch (error) {
        // Its fate unknown: the row stays pending and the same request again asks the provider again.
        context.request.log.error({ err: error, invoicePaymentId: pending.id }, 'invoice refund failed to complete');
        throw new AppError('integration_failed', 'The refund could not be made just now. Send the same request again.');
      }
      if (failure !== null) {
        await context.db
          .update(invoicePayments)
          .set({ status: 'failed', failureMessage: failure, updatedAt: now })
          .where(and(eq(invoicePayments.id, pending.id), eq(invoicePayments.status, 'pending')));
        throw new AppError('integration_failed', `${failure} Nothing was refunded.`);
      }
    }
    const { invoice, refund } = await context.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(invoices).where(eq(invoices.id, pending.invoiceId)).for('update');
      if (!locked) throw new Error(`no invoice ${pending.invoiceId}`);
      const [settled] = await tx
        .update(invoicePayments)
        .set({ status: 'succeeded', providerRef, updatedAt: now })
        .where(and(eq(invoicePayments.id, pending.id), eq(invoicePayments.status, 'pending')))
        .returning();
      if (!settled) {
        const [current] = await tx.select().from(invoicePayments).where(eq(invoicePayments.id, pending.id));
        return { invoice: locked, refund: current ?? pending };
      }
      const updated = await applyTransition(tx, locked, { kind: 'refund', amountCents }, { now, userId });
      return { invoice: updated, refund: settled };
    });
    return answer(context, invoice, refund);
  });
}
