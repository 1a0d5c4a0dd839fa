import type { Db } from '@colophon/db';
import type { Config } from '../../config';
import { createEmbeddedPayments } from './embedded';
import type { PaymentsAdapter } from './payments-adapter';
import { createStripePayments } from './stripe';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the embedded (offline, test-mode) adapter. */
export function createPayments(
  config: Pick<Config, 'stripe'>,
  db: Db,
  clock: { now(): Date } = { now: () => new Date() },
): PaymentsAdapter {
  if (config.stripe.secretKey) {
    return createStripePayments({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiBase: config.stripe.apiBase,
    });
  }
  return createEmbeddedPayments(db, clock);
}
