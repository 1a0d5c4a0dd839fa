import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPGRADE_INSECURE_REQUESTS } from '../src/plugins/content-security';
import { HASHED_ASSET_CACHE, isClientRoute, REVALIDATED_CACHE } from '../src/plugins/web-delivery';
import { createTestApp, type TestApp } from './harness';

/** Issue 9: the security policy over HTTP and HTTPS, and how the built web app is delivered. */

const ENTRY = '/assets/index-Ab12Cd34.js';
const entrySource = `console.log(${JSON.stringify('Colophon '.repeat(400))});\n`;

/** A built web app as Vite and apps/web/vite-precompress.ts leave it. */
function fakeWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'colophon-web-dist-'));
  mkdirSync(join(root, 'assets'));
  const html = `<!doctype html><html><head><script type="module" src="${ENTRY}"></script></head><body></body></html>`;
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(root, `.${ENTRY}`), entrySource);
  writeFileSync(join(root, `.${ENTRY}.br`), brotliCompressSync(entrySource));
  writeFileSync(join(root, `.${ENTRY}.gz`), gzipSync(entrySource));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

let webDist: string;
let lan: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  webDist = fakeWebBuild();
  // A server on the LAN, reached over plain HTTP; and one behind a TLS-terminating proxy.
  lan = await createTestApp({ webDist, publicUrl: 'http://colophon.lan:3000' });
  proxied = await createTestApp({ webDist, trustedProxies: ['127.0.0.1'], publicUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await lan?.close();
  await proxied?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const policyOf = (response: { headers: Record<string, unknown> }) =>
  String(response.headers['content-security-policy']);

describe('the content security policy', () => {
  it('does not upgrade requests over plain HTTP, on pages, assets and the API', async () => {
    for (const url of ['/login', ENTRY, '/api/health']) {
      const response = await lan.call({ method: 'GET', url, headers: { host: 'colophon.lan:3000' } });
      expect(response.statusCode, url).toBe(200);
      expect(policyOf(response), url).toContain("default-src 'self'");
      expect(policyOf(response), url).not.toContain(UPGRADE_INSECURE_REQUESTS);
    }
  });

  it('upgrades requests that came over HTTPS through a trusted proxy', async () => {
    const https = await proxied.call({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(policyOf(https)).toContain(`;${UPGRADE_INSECURE_REQUESTS}`);
    expect(policyOf(https).match(/upgrade-insecure-requests/g)).toHaveLength(1);
    const plain = await proxied.call({ method: 'GET', url: '/login' });
    expect(policyOf(plain)).not.toContain(UPGRADE_INSECURE_REQUESTS);
  });

  it('does not believe X-Forwarded-Proto from anyone but a trusted proxy', async () => {
    const forged = await lan.call({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
    expect(policyOf(forged)).not.toContain(UPGRADE_INSECURE_REQUESTS);
  });

  it('lets Stripe.js load, frame its card fields and call its API only when Stripe is configured', async () => {
    const plain = policyOf(await lan.call({ method: 'GET', url: '/login' }));
    expect(plain).not.toContain('stripe.com');
    const withStripe = await createTestApp({
      webDist,
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: undefined },
    });
    try {
      const policy = policyOf(await withStripe.call({ method: 'GET', url: '/login' }));
      expect(policy).toContain("script-src 'self' https://js.stripe.com");
      expect(policy).toContain('https://api.stripe.com');
      expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    } finally {
      await withStripe.close();
    }
  });

  it('always upgrades when PUBLIC_URL is https', async () => {
    const published = await createTestApp({ webDist, publicUrl: 'https://colophon.example.com' });
    try {
      const response = await published.call({ method: 'GET', url: '/login' });
      expect(policyOf(response)).toContain(UPGRADE_INSECURE_REQUESTS);
    } finally {
      await published.close();
    }
  });

  it('leaves the upgrade out of the API documentation policy, which would blank it over HTTP', async () => {
    const redirect = await lan.call({ method: 'GET', url: '/api/docs' });
    const location = String(redirect.headers.location ?? '/api/docs');
    const docs = await lan.call({ method: 'GET', url: location.startsWith('/') ? location : `/api/docs/${location}` });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(policyOf(docs)).toContain("default-src 'self'");
    expect(policyOf(docs)).not.toContain(UPGRADE_INSECURE_REQUESTS);
  });
});

describe('the built web app', () => {
  it('sends a hashed asset precompressed, as the browser asks, cached for a year', async () => {
    const br = await lan.call({ method: 'GET', url: ENTRY, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(entrySource);

    const gzip = await lan.call({ method: 'GET', url: ENTRY, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(entrySource);

    const plain = await lan.call({ method: 'GET', url: ENTRY });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entrySource);
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
  });

  it('serves the precompressed files only in place of their own, never as URLs', async () => {
    expect((await lan.call({ method: 'GET', url: `${ENTRY}.br` })).statusCode).toBe(404);
  });

  it('answers navigations with index.html, revalidated every time', async () => {
    for (const url of ['/', '/login?redirect=%2Fadmin', '/admin/accounts/12', '/admin/proofs/3']) {
      const response = await lan.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe(REVALIDATED_CACHE);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain(ENTRY);
    }
    expect((await lan.call({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe(REVALIDATED_CACHE);
  });

  it('answers a missing asset or file with a 404 problem, not with index.html', async () => {
    for (const url of ['/assets/index-Gone0000.js', '/assets/gone', '/favicon.ico', '/robots.txt', '/api/nothing']) {
      const response = await lan.call({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
  });

  it('tells client routes from files', () => {
    expect(isClientRoute('/admin/users?role[]=3')).toBe(true);
    expect(isClientRoute('/confirm-email?token=a.b.c')).toBe(true);
    expect(isClientRoute('/assets/Chunk-x.css')).toBe(false);
    expect(isClientRoute('/favicon.ico')).toBe(false);
    expect(isClientRoute('/api/health')).toBe(false);
  });
});

describe('compression of API answers', () => {
  it('compresses JSON over 1 kB as the client asks, and leaves small answers alone', async () => {
    const owner = await lan.tokenFor('owner@colophon.test');
    const list = await lan.call({
      method: 'GET',
      url: '/api/accounts?perPage=50',
      as: owner,
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);

    const gzip = await lan.call({
      method: 'GET',
      url: '/api/accounts?perPage=50',
      as: owner,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const health = await lan.call({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    const identity = await lan.call({ method: 'GET', url: '/api/accounts?perPage=50', as: owner });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('sends stored files as they are, with their length and no compression', async () => {
    const content = Buffer.from(JSON.stringify({ pages: Array.from({ length: 500 }, (_, page) => ({ page })) }));
    const key = 'tests/web-delivery/summary.json';
    await lan.app.services.files.put(key, content, 'application/json');
    const url = new URL(lan.app.services.files.signedUrl(key, 600), 'http://colophon.lan:3000');
    const response = await lan.call({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.rawPayload.equals(content)).toBe(true);
  });
});
