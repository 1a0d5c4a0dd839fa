import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { FakeStripe } from './fake-stripe';
import { createTestApp, type TestApp } from './harness';

/*
 * A test app whose payments go through the Stripe adapter to a local fake of Stripe's API (never the
 * real Stripe), and Stripe's webhooks signed as Stripe signs them: what the checkout's and the
 * invoices' webhook tests share.
 */

/** The webhook's address (`/api/payments/webhooks/stripe`, its first, answers the same handler). */
export const STRIPE_WEBHOOK_URL = '/api/payments/stripe/webhook';

export interface StripeTestApp {
  t: TestApp;
  fake: FakeStripe;
  /** The event as Stripe sends it: its body and a `stripe-signature` header signed at `timestamp` (seconds). */
  signed(event: object, timestamp?: number): { payload: string; header: string };
  /** Posts a webhook body with its signature header (none when `header` is undefined). */
  sendWebhook(payload: string, header: string | undefined, url?: string): ReturnType<TestApp['call']>;
  close(): Promise<void>;
}

/** Starts the fake on a free port and a test app pointed at it, its webhooks checked with `webhookSecret`. */
export async function createStripeTestApp(webhookSecret: string): Promise<StripeTestApp> {
  const fake = new FakeStripe();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const { port } = fake.server.address() as AddressInfo;
  const t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_colophon',
      publishableKey: 'pk_test_colophon',
      webhookSecret,
      apiBase: `http://127.0.0.1:${port}`,
    },
  });
  const signer = new Stripe('sk_test_signer');
  return {
    t,
    fake,
    signed(event, timestamp = Math.floor(Date.now() / 1000)) {
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
      return { payload, header };
    },
    sendWebhook: (payload, header, url = STRIPE_WEBHOOK_URL) =>
      t.call({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      }),
    async close() {
      await t.close();
      await new Promise((resolve) => fake.server.close(resolve));
    },
  };
}
