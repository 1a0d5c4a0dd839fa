// The server of the Stripe-mode end-to-end tests (e2e/playwright.stripe.config.ts): a fake of the
// Stripe API (apps/api/test/fake-stripe.ts, never the real Stripe) on PORT + 1, then the usual e2e
// server (start-server.mjs: a fresh demo database) with Stripe configured and its API base pointed at
// the fake. The browser's Stripe.js and its calls to api.stripe.com are faked by the spec itself
// (e2e/stripe/fake-stripe-js.ts), which forwards them here.
// Run alone: `PORT=3110 node --import tsx e2e/support/start-stripe-server.ts`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FakeStripe } from '../../apps/api/test/fake-stripe';

const port = Number(process.env.PORT ?? 3110);
const fakePort = port + 1;
const fake = new FakeStripe();
await new Promise<void>((resolve, reject) => {
  fake.server.once('error', reject);
  fake.server.listen(fakePort, '127.0.0.1', resolve);
});
console.log(`e2e Stripe fake: http://127.0.0.1:${fakePort}`);

const server = spawn(process.execPath, [fileURLToPath(new URL('./start-server.mjs', import.meta.url))], {
  env: {
    ...process.env,
    PORT: String(port),
    // Test keys only: they name no Stripe account, and every call goes to the fake.
    STRIPE_SECRET_KEY: 'sk_test_e2e_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e_fake',
    STRIPE_API_BASE: `http://127.0.0.1:${fakePort}`,
  },
  stdio: 'inherit',
});

const forward = (signal: NodeJS.Signals) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => forward(signal));

server.on('exit', (code, signal) => {
  fake.server.close();
  process.exit(code ?? (signal ? 1 : 0));
});
