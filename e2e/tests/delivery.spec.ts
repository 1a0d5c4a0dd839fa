import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { LOGIN_PAGE_JS_BUDGET_BYTES } from '../support/delivery-budget';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 9, item 2: how the web app is delivered. The login page stays small (the admin shell and
 * features load after sign-in), assets travel compressed, hashed assets are cached for good and
 * index.html is revalidated, and a missing file is a 404 instead of the app's HTML.
 */

interface Transfer {
  url: string;
  type: string;
  encoding: string | undefined;
  /** Bytes of the body as received (compressed when the server compressed it). */
  bodyBytes: number;
}

/** Records every finished request of the page's own origin from now on. */
function recordTransfers(page: Page) {
  const pending: Promise<Transfer | null>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        return {
          url: request.url(),
          type: request.resourceType(),
          encoding: response.headers()['content-encoding'],
          bodyBytes: sizes.responseBodySize,
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  return {
    async stop(): Promise<Transfer[]> {
      page.off('requestfinished', onFinished);
      return (await Promise.all(pending)).filter((transfer): transfer is Transfer => transfer !== null);
    },
  };
}

const sum = (transfers: Transfer[], type: string) =>
  transfers.filter((transfer) => transfer.type === type).reduce((total, transfer) => total + transfer.bodyBytes, 0);

/** Milliseconds from `page.goto` until `ready` holds: what a person waits for the page's content. */
async function timeToContent(page: Page, url: string, ready: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await page.goto(url);
  await ready();
  return Date.now() - started;
}

async function emptyBrowserCache(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** The entry script index.html names. */
async function entryScript(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/login')).text();
  const src = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

test('the login page downloads at most its budget of compressed JavaScript, and none of the admin shell', async ({
  page,
}) => {
  const transfers = recordTransfers(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = await transfers.stop();

  const scripts = loaded.filter((transfer) => transfer.type === 'script');
  const javaScriptBytes = sum(loaded, 'script');
  const styleBytes = sum(loaded, 'stylesheet');
  test.info().annotations.push({
    type: 'login page',
    description: `${scripts.length} scripts, ${javaScriptBytes} bytes of JavaScript, ${styleBytes} bytes of CSS (compressed)`,
  });
  console.log(`login page: ${scripts.length} scripts, ${javaScriptBytes} B JS, ${styleBytes} B CSS (as transferred)`);
  // Chromium asks for br: every script and stylesheet comes precompressed (a file so small that
  // brotli would not shrink it has no twin and comes as it is).
  for (const transfer of loaded.filter((each) => each.type === 'script' || each.type === 'stylesheet')) {
    if (transfer.bodyBytes >= 1000) expect(transfer.encoding, transfer.url).toBe('br');
  }
  expect(javaScriptBytes).toBeLessThanOrEqual(LOGIN_PAGE_JS_BUDGET_BYTES);
  // The admin shell (header, navigation) is not part of the login page.
  expect(scripts.map((transfer) => new URL(transfer.url).pathname).join(' ')).not.toMatch(/AdminLayout/);
});

test('hashed assets are cached for a year, index.html is revalidated, missing files are 404', async ({ request }) => {
  const entry = await entryScript(request);
  expect(entry).toMatch(/^\/assets\/.+-[\w-]{8,}\.js$/);

  const asset = await request.get(entry, { headers: { 'accept-encoding': 'br' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['content-type']).toMatch(/javascript/);
  expect(asset.headers().vary).toMatch(/accept-encoding/i);
  const gzip = await request.get(entry, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  // Playwright inflates bodies: the lengths on the wire are in Content-Length.
  expect(Number(plain.headers()['content-length'])).toBeGreaterThan(Number(asset.headers()['content-length']) * 2);

  for (const path of ['/login', '/admin/accounts', '/']) {
    const page = await request.get(path, { headers: { 'accept-encoding': 'br' }, maxRedirects: 0 });
    expect(page.status(), path).toBe(200);
    expect(page.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(page.headers()['cache-control'], path).toBe('no-cache');
  }

  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  const svgIcon = await request.get('/favicon.svg');
  expect(svgIcon.status()).toBe(200);
  expect(svgIcon.headers()['content-type']).toMatch(/^image\/svg\+xml/);

  for (const missing of ['/assets/no-such-chunk-0000aaaa.js', '/assets/no-such.css', '/apple-touch-icon.png']) {
    const response = await request.get(missing);
    expect(response.status(), missing).toBe(404);
    expect(response.headers()['content-type'], missing).not.toMatch(/text\/html/);
  }
});

test('API answers over 1 kB are compressed; small ones and file downloads are not', async ({ request }) => {
  const headers = { ...(await authHeaders(request, DEMO_USERS.owner)), 'accept-encoding': 'br, gzip' };
  const list = await request.get('/api/accounts?perPage=50', { headers });
  expect(list.status()).toBe(200);
  expect(list.headers()['content-encoding']).toBe('br');
  expect(((await list.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  const health = await request.get('/api/health', { headers });
  expect(health.headers()['content-encoding']).toBeUndefined();
});

test('the admin shell, a chunk of its own, missing after a new deployment: one reload and the page opens', async ({
  page,
}) => {
  // The shell's chunk as a new deployment leaves it for a page still running the old build: a 404.
  let requests = 0;
  await page.route(/\/assets\/AdminLayout-[\w-]+\.js$/, async (route) => {
    requests += 1;
    if (requests === 1) await route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{}' });
    else await route.continue();
  });
  await signIn(page, DEMO_USERS.owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(requests).toBe(2);
});

test('first content of login, Accounts, Proofs and the proof viewer, cold and warm', async ({ page, request }) => {
  test.setTimeout(240_000);
  const owner = await authHeaders(request, DEMO_USERS.owner);
  const proofs = (await (await request.get('/api/proofs?perPage=1', { headers: owner })).json()) as {
    data: { id: number; projectName: string }[];
  };
  const proof = proofs.data[0];
  if (!proof) throw new Error('The demo has no proof');

  const figures: string[] = [];
  // The median of three: one slow run on a busy machine says little.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const measure = async (name: string, url: string, ready: () => Promise<void>) => {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let round = 0; round < 3; round++) {
      await emptyBrowserCache(page);
      cold.push(await timeToContent(page, url, ready));
      warm.push(await timeToContent(page, url, ready));
    }
    figures.push(`${name}: cold ${median(cold)} ms, warm ${median(warm)} ms (medians of 3)`);
  };

  await measure('login', '/login', () =>
    expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({ timeout: 15_000 }),
  );

  // The first admin page after sign-in: what it adds to the login page's downloads.
  const afterSignIn = recordTransfers(page);
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shell = await afterSignIn.stop();
  figures.push(`first admin page after sign-in: ${sum(shell, 'script')} B JS, ${sum(shell, 'stylesheet')} B CSS more`);

  await measure('Accounts', '/admin/accounts', () =>
    expect(page.getByRole('table', { name: 'Studio overview' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 15_000,
    }),
  );
  await measure('Proofs', '/admin/proofs', () =>
    expect(page.getByRole('table', { name: 'Proofs' }).getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 }),
  );
  await measure('proof viewer', `/admin/proofs/${proof.id}`, () =>
    expect(page.getByRole('heading', { level: 2, name: /› Round/ })).toBeVisible({ timeout: 15_000 }),
  );
  for (const figure of figures) {
    console.log(figure);
    test.info().annotations.push({ type: 'timing', description: figure });
  }
});
