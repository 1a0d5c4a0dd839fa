/*
 * The payments adapter (issue 12): how money moves for the online stores. One interface, two
 * implementations: the embedded default (offline; behaves like Stripe's test mode; keeps its records
 * in `online_payments` with the provider 'embedded') and Stripe (chosen when STRIPE_SECRET_KEY is
 * set). Checkout and refunds call only this interface, so neither knows which one runs.
 *
 * A card number (embedded mode only) is read in memory to decide the outcome and is never stored,
 * logged or returned: only its last four digits may go into a description.
 */

/** A card as the embedded mode takes it. Never persisted. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  amountCents: number;
  /** The same key twice charges once and answers the same payment. */
  idempotencyKey: string;
  description: string;
  /** Shown in the provider's dashboard: order number, store, account. */
  metadata: Record<string, string>;
  /** Embedded mode. */
  card?: CardDetails | undefined;
  /** Stripe mode: a PaymentMethod made by Stripe.js in the browser. */
  paymentMethodId?: string | undefined;
}

export type ChargeStatus = 'succeeded' | 'requires_action' | 'failed';

export interface ChargeResult {
  /** The provider's payment id (a Stripe PaymentIntent, `pi_…`; the embedded mode's `emb_pi_…`). */
  id: string;
  status: ChargeStatus;
  /** The card's decline, as the parent reads it: 'Your card was declined.' */
  failureMessage?: string | undefined;
  /** When the card needs the parent's action (3-D Secure): Stripe.js finishes it with this secret. */
  clientSecret?: string | undefined;
}

export interface RefundRequest {
  /** The charge's provider id (ChargeResult.id). */
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason: string;
}

export interface RefundResult {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  failureMessage?: string | undefined;
}

/** A provider's webhook event, checked and reduced to what we act on. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event concerns, when it concerns one. */
  paymentIntentId: string | null;
  /** The decline message of a failed payment. */
  failureMessage: string | null;
  /** For charge.refunded: the total refunded so far on the charge, in cents. */
  amountRefundedCents: number | null;
  payload: unknown;
}

export class WebhookSignatureError extends Error {}

/** A card saved at the provider for an account (issue 13): what `stripe_cards` keeps of it. */
export interface SavedCard {
  /** The provider's PaymentMethod ('pm_…'; the embedded mode's 'emb_pm_…'). */
  cardRef: string;
  /** A `cardBrand` code: visa, mastercard, amex or discover. */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SaveCardRequest {
  customerRef: string;
  /** Embedded mode: the test card, read in memory and never kept. */
  card?: CardDetails | undefined;
  /** Stripe mode: the PaymentMethod of a SetupIntent confirmed by Stripe Elements in the browser. */
  paymentMethodId?: string | undefined;
}

/** Why a card could not be saved, as the person reads it ('Your card has expired.'), and the field. */
export class CardRefusedError extends Error {
  constructor(
    message: string,
    readonly field: 'number' | 'expiry' | 'cvc' | 'card',
  ) {
    super(message);
  }
}

export interface StoredCardChargeRequest {
  customerRef: string;
  cardRef: string;
  amountCents: number;
  /** The same key twice charges once and answers the same payment. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * Stored cards and off-session charges (issue 13: invoices charged to the card on file). Stripe:
 * Customers, SetupIntents confirmed by Stripe Elements, off-session PaymentIntents. Embedded: the
 * test numbers decide, as in Stripe's test mode, at charge time (the saved card's ref carries the
 * outcome of its test number, as Stripe's `pm_card_chargeDeclined` test cards do).
 */
export interface StoredCardPayments {
  /** The account's customer at the provider; made with an idempotency key so a retry makes one. */
  createCustomer(request: { name: string; email?: string | undefined; idempotencyKey: string }): Promise<{
    customerRef: string;
  }>;
  /** Stripe: a SetupIntent's client secret for Stripe Elements. Embedded: null (the form takes the number). */
  startCardSetup(customerRef: string): Promise<{ clientSecret: string } | null>;
  /** Throws CardRefusedError for a card that cannot be saved (expired, bad number). */
  saveCard(request: SaveCardRequest): Promise<SavedCard>;
  removeCard(request: { customerRef: string; cardRef: string }): Promise<void>;
  chargeStoredCard(request: StoredCardChargeRequest): Promise<ChargeResult>;
}

export interface PaymentsAdapter extends StoredCardPayments {
  /** 'embedded' or 'stripe': the `provider` of its `online_payments` rows. */
  readonly name: 'embedded' | 'stripe';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Read a payment again (after the parent's card action), by the provider's id. */
  retrieve(paymentId: string): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Check a webhook's signature and parse it; throws WebhookSignatureError when it does not verify. */
  verifyWebhook?(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
