import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The Stripe-mode end-to-end tests (e2e/stripe/): the same browser and rules as playwright.config.ts,
 * against their own server with Stripe configured and pointed at a fake Stripe API
 * (support/start-stripe-server.ts), on their own port, so the offline specs never see Stripe mode.
 * Run: `npx playwright test -c playwright.stripe.config.ts` (`npm test` runs both configurations).
 */
// E2E_STRIPE_PORT lets a second run use its own port; the fake Stripe API listens on the next one.
const PORT = Number(process.env.E2E_STRIPE_PORT ?? 3110);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// What the main configuration puts in every browser's storage (for its origin), for this origin.
const baseState = base.use?.storageState;
const storageState =
  typeof baseState === 'object' && baseState !== null
    ? { ...baseState, origins: baseState.origins.map((origin) => ({ ...origin, origin: BASE_URL })) }
    : baseState;

export default defineConfig({
  ...base,
  testDir: './stripe',
  outputDir: './test-results/stripe',
  use: { ...base.use, baseURL: BASE_URL, ...(storageState ? { storageState } : {}) },
  webServer: {
    command: 'node --import tsx e2e/support/start-stripe-server.ts',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DEMO: 'true', LOG_LEVEL: 'warn' },
    reuseExistingServer: process.env.E2E_REUSE_SERVER === 'true',
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
