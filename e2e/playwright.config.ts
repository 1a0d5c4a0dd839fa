import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (scripts/ensure-chromium.mjs installs it) against the real
 * server on PGlite, with a fresh demo database every run (e2e/support/start-server.mjs).
 */
// E2E_PORT lets a second run (another checkout, a developer's server) use its own port.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Two cores and one embedded database: one browser at a time.
  workers: 1,
  fullyParallel: false,
  // A flaky test is a failing test: no retries, in CI either.
  retries: 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    // Guided walkthroughs start by themselves for a user who has not seen them; in every browser
    // this suite opens they wait for the help menu, so no tour covers a page another spec drives.
    // The walkthrough spec clears this to see one start (shell/walkthroughs/preference.ts).
    storageState: {
      cookies: [],
      origins: [{ origin: BASE_URL, localStorage: [{ name: 'colophon.walkthroughs.autostart', value: 'off' }] }],
    },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // Run from the repository root; the web app is built by `npm run test:e2e` beforehand.
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DEMO: 'true', LOG_LEVEL: 'warn' },
    // A server already on the port would not have this run's fresh data: refuse it unless asked.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === 'true',
    // First start migrates and loads the demo.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // The server closes within 10 s (close-with-grace); the wrapper forwards the signal.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
