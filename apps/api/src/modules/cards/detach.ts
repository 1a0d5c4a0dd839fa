import { type Db, storedCards } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../context';
import type { PaymentsAdapter } from '../../integrations/payments/payments-adapter';
import { enqueue, type JobHandler, NeedsAttention, PermanentJobError, QueueWorker } from '../../queue';

/*
 * Detaching a removed card at the provider (issue 13), out of the request: removing a card deletes
 * its `stripe_cards` row and queues one `queue_payments` job in the same transaction, so the person
 * is never held up (nor answered a 5xx) by the provider, and a card removed here is never charged
 * again whatever the provider says (charges only take cards from `stripe_cards`). The job retries
 * with the queue's backoff until the provider has let the card go.
 */

/** What a card-detach job carries: the provider's card and customer, and which row it was. */
export interface CardDetachPayload {
  kind: 'card_detach';
  provider: string;
  customerRef: string;
  cardRef: string;
  accountId: number;
  /** The removed row; null for a card refused when saved (never stored), taken off again. */
  storedCardId: number | null;
}

export interface CardDetachResult {
  cardRef: string;
  /** 'detached': the provider let it go now; 'already_gone': it had no such card any more (Stripe's resource_missing); 'stored_again': the same card is stored again, so it stays. */
  outcome: 'detached' | 'already_gone' | 'stored_again';
}

/** Claims before a detachment ends in Error for a person (about 37 minutes of the queue's backoff). */
export const CARD_DETACH_ATTEMPTS = 12;

/** Queues the card's detachment at its provider (in the caller's transaction, with the row's delete). */
export async function enqueueCardDetach(
  db: Db,
  card: Pick<CardDetachPayload, 'provider' | 'customerRef' | 'cardRef' | 'accountId' | 'storedCardId'>,
): Promise<void> {
  await enqueue<CardDetachPayload>(
    db,
    'payments',
    {
      kind: 'card_detach',
      provider: card.provider,
      customerRef: card.customerRef,
      cardRef: card.cardRef,
      accountId: card.accountId,
      storedCardId: card.storedCardId,
    },
    { maxAttempts: CARD_DETACH_ATTEMPTS },
  );
}

/** Stripe's answer for an id it does not know: nothing is left there to detach. */
const isResourceMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';

/**
 * `queue_payments`, kind `card_detach`: takes the card off its customer at the provider. Idempotent:
 * the Stripe adapter detaches only a card still attached to this customer, so a rerun (after a crash,
 * a lost lease) or a card detached in Stripe's dashboard changes nothing; `resource_missing` is done.
 * Any other failure is retried with the backoff.
 */
export function cardDetachHandler(services: {
  db: Db;
  payments: Pick<PaymentsAdapter, 'name' | 'removeCard'>;
}): JobHandler<CardDetachPayload, CardDetachResult> {
  return async (job) => {
    const { db, payments } = services;
    const payload = job.payload;
    if (payload?.kind !== 'card_detach' || !payload.cardRef || !payload.customerRef) {
      throw new PermanentJobError('The payments job names no card to detach.');
    }
    const { cardRef, customerRef } = payload;
    if (payload.provider !== payments.name) {
      return new NeedsAttention<CardDetachResult>(
        `This server's card provider is ${payments.name}, not ${payload.provider}: detach ${cardRef} from ${customerRef} in ${payload.provider}'s dashboard.`,
      );
    }
    // Saved again since (the same PaymentMethod): it is in use, leave it attached.
    const [again] = await db
      .select({ id: storedCards.id })
      .from(storedCards)
      .where(and(eq(storedCards.provider, payload.provider), eq(storedCards.cardRef, cardRef)));
    if (again) return { cardRef, outcome: 'stored_again' };
    try {
      await payments.removeCard({ customerRef, cardRef });
    } catch (error) {
      if (isResourceMissing(error)) return { cardRef, outcome: 'already_gone' };
      throw error;
    }
    return { cardRef, outcome: 'detached' };
  };
}

/** The `queue_payments` worker. */
export function createPaymentsWorker(
  services: Pick<Services, 'db' | 'payments'>,
  options: {
    onError?: ((error: unknown) => void) | undefined;
    idleMs?: number | undefined;
    leaseMs?: number | undefined;
  } = {},
) {
  return new QueueWorker<CardDetachPayload, CardDetachResult>({
    db: services.db,
    queue: 'payments',
    handler: cardDetachHandler(services),
    onError: options.onError,
    idleMs: options.idleMs,
    leaseMs: options.leaseMs,
  });
}
