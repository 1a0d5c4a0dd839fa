import { expect, test } from '@playwright/test';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 9, item 1: a colleague opens the server by a name of the machine on the local network, over
 * plain HTTP. Chromium resolves `colophon.lan` to this test server, so the page is not on localhost
 * (which browsers treat as secure and never upgrade): a `upgrade-insecure-requests` sent over HTTP
 * would turn every asset request into https and leave the page blank.
 */
const LAN_HOST = 'colophon.lan';

test.use({
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
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
    ],
  },
});

test('the dashboard opened by a LAN host name over plain HTTP renders and signs in', async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('No baseURL');
  const lanUrl = new URL(baseURL);
  lanUrl.hostname = LAN_HOST;
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));

  const response = await page.goto(new URL('/login', lanUrl).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(response?.headers()['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  expect(new URL(page.url()).host).toBe(lanUrl.host);

  await signIn(page, DEMO_USERS.owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  expect(page.url()).toBe(new URL('/admin/profile', lanUrl).toString());
  expect(failed).toEqual([]);
});
