import { createHash, randomUUID } from 'node:crypto';
import { type Db, onlinePayments } from '@colophon/db';
import { passesLuhn } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import {
  type CardDetails,
  CardRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentsAdapter,
  type RefundResult,
  type SavedCard,
  type StoredCardPayments,
} from './payments-adapter';

/*
 * The embedded payments adapter: the offline default, for development, the demo and the tests. It
 * behaves like Stripe's test mode (the same test card numbers decline the same way) and moves no
 * money. Its records are the `online_payments` rows (provider 'embedded'): the charge settles the
 * pending row of its idempotency key, so the same key twice answers the same payment.
 */

/** Stripe's test cards and what they do (https://docs.stripe.com/testing); any other valid number pays. */
const TEST_CARD_OUTCOMES: Record<string, { status: 'failed' | 'requires_action'; message?: string }> = {
  '4000000000000002': { status: 'failed', message: 'Your card was declined.' },
  '4000000000009995': { status: 'failed', message: 'Your card has insufficient funds.' },
  '4000000000009987': { status: 'failed', message: 'Your card was declined.' },
  '4000000000000069': { status: 'failed', message: 'Your card has expired.' },
  '4000000000000127': { status: 'failed', message: "Your card's security code is incorrect." },
  '4000000000000119': { status: 'failed', message: 'An error occurred while processing your card. Try again.' },
};

/** A stable id for a key: the same idempotency key always names the same payment. */
function idFor(prefix: string, idempotencyKey: string): string {
  return `${prefix}_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

/** What Stripe's test mode would answer for this card (read in memory; never kept). */
export function embeddedCardOutcome(card: CardDetails | undefined, now: Date): Omit<ChargeResult, 'id'> {
  if (!card) return { status: 'failed', failureMessage: 'A card is needed.' };
  const number = card.number.replace(/\D/g, '');
  if (!passesLuhn(number)) return { status: 'failed', failureMessage: 'Your card number is incorrect.' };
  const expiresAfter = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiresAfter.getTime() <= now.getTime()) return { status: 'failed', failureMessage: 'Your card has expired.' };
  const outcome = TEST_CARD_OUTCOMES[number];
  if (!outcome) return { status: 'succeeded' };
  return outcome.status === 'failed'
    ? { status: 'failed', failureMessage: outcome.message }
    : { status: 'requires_action', clientSecret: 'embedded_requires_action' };
}

/** The brand of a card number by its first digits (the four brands part 3 accepts), or null. */
export function cardBrandOfNumber(number: string): SavedCard['brand'] | null {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return null;
}

/**
 * A saved embedded card's ref carries the outcome its test number has when charged, as Stripe's
 * test PaymentMethods do (`pm_card_chargeDeclined`): `emb_pm_<outcome>_<random>`. The number itself
 * is never kept, hashed or logged.
 */
const STORED_OUTCOMES: Record<string, string> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000000000009987': 'lost',
  '4000000000000127': 'cvc',
  '4000000000000119': 'processing',
};
const STORED_OUTCOME_MESSAGES: Record<string, string> = {
  declined: 'Your card was declined.',
  insufficient: 'Your card has insufficient funds.',
  lost: 'Your card was declined.',
  cvc: "Your card's security code is incorrect.",
  processing: 'An error occurred while processing your card. Try again.',
};

/** Stored cards without a provider: the test numbers decide at charge time, nothing leaves this process. */
export function createEmbeddedStoredCards(clock: { now(): Date }): StoredCardPayments {
  return {
    async createCustomer(request) {
      return { customerRef: idFor('emb_cus', request.idempotencyKey) };
    },
    async startCardSetup() {
      return null;
    },
    async saveCard(request) {
      const card = request.card;
      if (!card) throw new CardRefusedError('Enter the card number.', 'number');
      const number = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
        throw new CardRefusedError('Your card number is incorrect.', 'number');
      }
      const brand = cardBrandOfNumber(number);
      if (!brand) throw new CardRefusedError('We take Visa, Mastercard, American Express and Discover.', 'number');
      const expiresAfter = Date.UTC(card.expYear, card.expMonth, 1);
      if (!(card.expMonth >= 1 && card.expMonth <= 12) || expiresAfter <= clock.now().getTime()) {
        throw new CardRefusedError('Your card has expired.', 'expiry');
      }
      if (!/^\d{3,4}$/.test(card.cvc)) throw new CardRefusedError("Your card's security code is incorrect.", 'cvc');
      const outcome = STORED_OUTCOMES[number] ?? 'ok';
      return {
        cardRef: `emb_pm_${outcome}_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        brand,
        last4: number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
    },
    async removeCard() {
      // Nothing is kept outside our own stripe_cards row.
    },
    async chargeStoredCard(request): Promise<ChargeResult> {
      const id = idFor('emb_pi', request.idempotencyKey);
      const outcome = /^emb_pm_([a-z]+)_/.exec(request.cardRef)?.[1];
      if (!outcome) return { id, status: 'failed', failureMessage: 'This card is not one of ours.' };
      const message = STORED_OUTCOME_MESSAGES[outcome];
      return message ? { id, status: 'failed', failureMessage: message } : { id, status: 'succeeded' };
    },
  };
}

export function createEmbeddedPayments(db: Db, clock: { now(): Date } = { now: () => new Date() }): PaymentsAdapter {
  const stored = async (idempotencyKey: string) => {
    const [row] = await db.select().from(onlinePayments).where(eq(onlinePayments.idempotencyKey, idempotencyKey));
    return row;
  };
  const resultOf = (row: typeof onlinePayments.$inferSelect, id: string): ChargeResult => ({
    id: row.providerRef ?? id,
    status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'requires_action',
    ...(row.failureMessage ? { failureMessage: row.failureMessage } : {}),
  });

  return {
    name: 'embedded',
    ...createEmbeddedStoredCards(clock),
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const id = idFor('emb_pi', request.idempotencyKey);
      const earlier = await stored(request.idempotencyKey);
      if (earlier && earlier.status !== 'pending') return resultOf(earlier, id);
      const outcome = embeddedCardOutcome(request.card, clock.now());
      if (outcome.status === 'requires_action') return { id, ...outcome };
      // Settle the pending row once: of two calls under one key, the second reads what the first did.
      const [settled] = await db
        .update(onlinePayments)
        .set({
          provider: 'embedded',
          providerRef: id,
          status: outcome.status,
          failureMessage: outcome.failureMessage ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(onlinePayments.idempotencyKey, request.idempotencyKey), eq(onlinePayments.status, 'pending')))
        .returning();
      if (settled || !earlier) return { id, ...outcome };
      const now = await stored(request.idempotencyKey);
      return now ? resultOf(now, id) : { id, ...outcome };
    },
    async retrieve(paymentId: string): Promise<ChargeResult> {
      const [row] = await db
        .select()
        .from(onlinePayments)
        .where(and(eq(onlinePayments.providerRef, paymentId), eq(onlinePayments.kind, 'charge')));
      if (!row) return { id: paymentId, status: 'failed', failureMessage: 'No such payment.' };
      return resultOf(row, paymentId);
    },
    async refund(request): Promise<RefundResult> {
      const earlier = await stored(request.idempotencyKey);
      const id = earlier?.providerRef ?? idFor('emb_re', request.idempotencyKey);
      if (earlier?.status === 'failed') return { id, status: 'failed', failureMessage: earlier.failureMessage ?? '' };
      return { id, status: 'succeeded' };
    },
  };
}
