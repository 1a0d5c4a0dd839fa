import { type Db, paymentCustomers, storedCards } from '@colophon/db';
import { cardBrand } from '@colophon/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../context';
import { AppError, type FieldError, invalidField, notFound } from '../../errors';
import { type CardDetails, CardRefusedError, type SavedCard } from '../../integrations/payments/payments-adapter';
import type { AccountRow } from '../accounts/tree';
import { enqueueCardDetach } from './detach';

/*
 * Stored cards (issue 13): the account's customer at the provider, saving a card, the default card
 * and removing one. Every change of an account's cards runs under a lock of its customer row, so
 * two changes at once (two first cards, a delete and a "make default") leave exactly one default.
 */

export type StoredCardRow = typeof storedCards.$inferSelect;

/** What a card may be called in the audit log, a notification or a payment: never more than this. */
export function cardSummary(card: Pick<StoredCardRow, 'brand' | 'last4' | 'expMonth' | 'expYear'>) {
  return { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

/** 'visa •••• 4242' — how a payment names the card it was charged to. */
export function cardLabel(card: Pick<StoredCardRow, 'brand' | 'last4'>): string {
  return `${card.brand} •••• ${card.last4}`;
}

/** Whether the card's expiry month is over (a card is good through the last day of its month, UTC). */
export function cardExpired(card: Pick<StoredCardRow, 'expMonth' | 'expYear'>, now: Date): boolean {
  return Date.UTC(card.expYear, card.expMonth, 1) <= now.getTime();
}

/**
 * The audit row of a card change keeps brand, last four and expiry only: set before the answer so
 * the audit hook stores this instead of the request's body (which, in the embedded mode, held the number).
 */
export function auditCard(request: FastifyRequest, accountId: number, card: StoredCardRow) {
  request.auditBody = { accountId, storedCard: cardSummary(card) };
}

/**
 * The account's customer at the provider, made once. The idempotency key is the account's, so two
 * first cards at once ask the provider for the same customer, and the unique index keeps one row.
 */
export async function paymentCustomerOf(
  services: Pick<Services, 'db' | 'payments'>,
  account: Pick<AccountRow, 'id' | 'name'>,
): Promise<string> {
  const { db, payments } = services;
  const provider = payments.name;
  const existing = async () => {
    const [row] = await db
      .select({ customerRef: paymentCustomers.customerRef })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.accountId, account.id), eq(paymentCustomers.provider, provider)));
    return row?.customerRef;
  };
  const known = await existing();
  if (known) return known;
  let made: { customerRef: string };
  try {
    made = await payments.createCustomer({
      name: account.name,
      idempotencyKey: `payment-customer:account:${account.id}`,
    });
  } catch {
    throw new AppError('integration_failed', 'The card provider could not be reached. Nothing was saved; try again.');
  }
  await db
    .insert(paymentCustomers)
    .values({ accountId: account.id, provider, customerRef: made.customerRef })
    .onConflictDoNothing({ target: [paymentCustomers.accountId, paymentCustomers.provider] });
  const kept = await existing();
  if (!kept) throw new Error('payment customer insert kept nothing');
  return kept;
}

/** Serialises the changes of one account's cards (see above). */
async function lockCustomer(tx: Db, accountId: number, provider: string) {
  await tx.execute(
    sql`select id from payment_customers where account_id = ${accountId} and provider = ${provider} for update`,
  );
}

/** The adapter's refusal as the form's fields: an expiry names both of its fields. */
function refusalErrors(error: CardRefusedError, stripeMode: boolean): FieldError[] {
  const message = error.message;
  switch (error.field) {
    case 'number':
      return [{ path: 'card.number', message }];
    case 'expiry':
      return [
        { path: 'card.expMonth', message },
        { path: 'card.expYear', message },
      ];
    case 'cvc':
      return [{ path: 'card.cvc', message }];
    default:
      return [{ path: stripeMode ? 'paymentMethodId' : 'card', message }];
  }
}

const refused = (errors: FieldError[]) =>
  new AppError('validation', errors.map((error) => `${error.path}: ${error.message}`).join('; '), { errors });

export interface SaveCardInput {
  card?: CardDetails | undefined;
  paymentMethodId?: string | undefined;
  makeDefault?: boolean | undefined;
}

/**
 * Saves a card at the provider and keeps its token, brand, last four and expiry. The account's
 * first card, or one asked to be, becomes the default. The card details are read in memory only.
 */
export async function saveStoredCard(
  services: Pick<Services, 'db' | 'payments' | 'clock'>,
  account: Pick<AccountRow, 'id' | 'name'>,
  input: SaveCardInput,
  createdById: number,
): Promise<StoredCardRow> {
  const { db, payments } = services;
  const stripeMode = payments.name === 'stripe';
  if (stripeMode && input.card) {
    throw invalidField('card', 'Card numbers are taken by the secure card field, never by this server.');
  }
  if (!stripeMode && input.paymentMethodId) {
    throw invalidField('paymentMethodId', 'This server takes the card itself (offline mode): send the card.');
  }
  const customerRef = await paymentCustomerOf(services, account);
  let saved: SavedCard;
  try {
    saved = await payments.saveCard({ customerRef, card: input.card, paymentMethodId: input.paymentMethodId });
  } catch (error) {
    if (error instanceof CardRefusedError) throw refused(refusalErrors(error, stripeMode));
    throw new AppError(
      'integration_failed',
      'The card provider could not save the card. Nothing was saved; try again.',
    );
  }
  const field = stripeMode ? 'paymentMethodId' : 'card.number';
  const problem = !cardBrand.has(saved.brand)
    ? refused([{ path: field, message: 'We take Visa, Mastercard, American Express and Discover.' }])
    : cardExpired(saved, services.clock.now())
      ? refused(refusalErrors(new CardRefusedError('Your card has expired.', 'expiry'), false))
      : null;
  if (problem) {
    // Stripe attached it to the customer already: take it off again, so nothing is kept anywhere
    // (should Stripe fail now, the card-detach queue keeps trying; the person gets the refusal either way).
    await payments.removeCard({ customerRef, cardRef: saved.cardRef }).catch(() =>
      enqueueCardDetach(db, {
        provider: payments.name,
        customerRef,
        cardRef: saved.cardRef,
        accountId: account.id,
        storedCardId: null,
      }),
    );
    throw problem;
  }
  return db.transaction(async (tx) => {
    await lockCustomer(tx, account.id, payments.name);
    const [current] = await tx
      .select({ id: storedCards.id })
      .from(storedCards)
      .where(and(eq(storedCards.accountId, account.id), eq(storedCards.isDefault, true)));
    const isDefault = input.makeDefault === true || !current;
    if (isDefault && current) {
      await tx
        .update(storedCards)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(eq(storedCards.id, current.id));
    }
    const [row] = await tx
      .insert(storedCards)
      .values({
        accountId: account.id,
        provider: payments.name,
        customerRef,
        cardRef: saved.cardRef,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: saved.expMonth,
        expYear: saved.expYear,
        isDefault,
        createdById,
      })
      .returning();
    if (!row) throw new Error('stored card insert returned nothing');
    return row;
  });
}

/** This card becomes its account's default; the one before it is not any more. */
export async function makeDefaultCard(db: Db, card: StoredCardRow): Promise<StoredCardRow> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, card.accountId, card.provider);
    // The old default first: the partial unique index allows one default per account at any moment.
    await tx
      .update(storedCards)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        and(eq(storedCards.accountId, card.accountId), eq(storedCards.isDefault, true), ne(storedCards.id, card.id)),
      );
    const [row] = await tx
      .update(storedCards)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(eq(storedCards.id, card.id))
      .returning();
    // Removed by another call between reading it and this lock: as missing as it is now.
    if (!row) throw notFound(`Card ${card.id}`);
    return row;
  });
}

/**
 * Removes the card here and queues its detachment at the provider (`queue_payments`, see detach.ts)
 * in one transaction: the provider is never called inside the request, so its trouble neither holds
 * the person up nor fails the removal, and a card removed here is never charged again (charges take
 * cards from `stripe_cards` only). When it was the default, the newest remaining card that has not
 * expired (else the newest) becomes the default, so an account with cards always has one.
 */
export async function removeCard(services: Pick<Services, 'db' | 'clock'>, card: StoredCardRow): Promise<void> {
  const { db } = services;
  await db.transaction(async (tx) => {
    await lockCustomer(tx, card.accountId, card.provider);
    const [gone] = await tx.delete(storedCards).where(eq(storedCards.id, card.id)).returning();
    // Removed meanwhile by another call, which queued the detachment.
    if (!gone) return;
    // The embedded mode keeps nothing outside this row.
    if (gone.provider !== 'embedded') await enqueueCardDetach(tx, { ...gone, storedCardId: gone.id });
    if (!gone.isDefault) return;
    const remaining = await tx
      .select()
      .from(storedCards)
      .where(eq(storedCards.accountId, card.accountId))
      .orderBy(desc(storedCards.createdAt), desc(storedCards.id));
    const now = services.clock.now();
    const next = remaining.find((row) => !cardExpired(row, now)) ?? remaining[0];
    if (next) {
      await tx.update(storedCards).set({ isDefault: true, updatedAt: new Date() }).where(eq(storedCards.id, next.id));
    }
  });
}
