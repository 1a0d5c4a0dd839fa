import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stateSalesTaxRate } from '@colophon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableTaxRates, vendorTaxRates, withTableFallback } from '../src/integrations/tax-rates/tax-rate-adapter';
import { ADVISER, createTestApp, type TestApp, VOLUNTEER } from './harness';

/** Sales tax by ZIP (issue 12): the per-state table, bad ZIPs, and a vendor over HTTP with the table behind it. */
let t: TestApp;
let vendorApp: TestApp;
let vendor: Server;
let vendorUrl: string;
/** What the local vendor answers next: a status and a body. */
let vendorAnswer: { status: number; body: unknown } = { status: 200, body: { rate: 0.0925 } };
const seen: { zip: string | null; authorization: string | undefined }[] = [];

beforeAll(async () => {
  vendor = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push({ zip: url.searchParams.get('zip'), authorization: request.headers.authorization });
    response.writeHead(vendorAnswer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(vendorAnswer.body));
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/rates`;
  t = await createTestApp();
  vendorApp = await createTestApp({ salesTaxApi: { url: vendorUrl, key: 'test-key', timeoutMs: 2000 } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await vendorApp?.close();
  await new Promise((resolve) => vendor?.close(resolve));
});

const rate = (app: TestApp, zip: string, as = ADVISER) =>
  app.call({ method: 'GET', url: `/api/stores/sales-tax/rate?zip=${encodeURIComponent(zip)}`, as });

describe('the table (no vendor configured)', () => {
  it.each([
    ['90210', 'CA'],
    ['10001-1234', 'NY'],
    ['97201', 'OR'],
    ['73301', 'TX'],
  ])('%s is in %s at its base rate', async (zip, state) => {
    const response = await rate(t, zip);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      zip: zip.slice(0, 5),
      state,
      rateBasisPoints: stateSalesTaxRate(state),
      source: 'table',
    });
  });

  it.each(['', '1234', '123456', 'ABCDE', '12345-12', '00000', 'M5V 3L9'])(
    '%j is no ZIP code (400 naming zip)',
    async (zip) => {
      const response = await rate(t, zip);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'zip', message: 'No such ZIP code.' }]);
    },
  );

  it('answers anyone signed in, and nobody else', async () => {
    expect((await rate(t, '90210', VOLUNTEER)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/stores/sales-tax/rate?zip=90210' })).statusCode).toBe(401);
  });
});

describe('a vendor over HTTP', () => {
  it('asks the vendor with the key and turns its fraction into basis points', async () => {
    vendorAnswer = { status: 200, body: { rate: 0.0925 } };
    const response = await rate(vendorApp, '90210-0001');
    expect(response.json()).toEqual({ zip: '90210', state: 'CA', rateBasisPoints: 925, source: 'vendor' });
    expect(seen.at(-1)).toEqual({ zip: '90210', authorization: 'Bearer test-key' });
    vendorAnswer = { status: 200, body: { rateBasisPoints: 1025 } };
    expect((await rate(vendorApp, '60601')).json().rateBasisPoints).toBe(1025);
  });

  it.each([
    ['a server error', { status: 500, body: { error: 'down' } }],
    ['a bad answer', { status: 200, body: { rate: 'high' } }],
    ['a rate past 25 %', { status: 200, body: { rate: 0.5 } }],
  ])('falls back to the table on %s', async (_what, answer) => {
    vendorAnswer = answer;
    const response = await rate(vendorApp, '90210');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ zip: '90210', state: 'CA', rateBasisPoints: 725, source: 'table' });
  });

  it('falls back when the vendor cannot be reached, and never asks it about a bad ZIP', async () => {
    const unreachable = withTableFallback(
      vendorTaxRates({ url: 'http://127.0.0.1:9/rates', key: undefined, timeoutMs: 500 }),
    );
    expect(await unreachable.rate('90210', 'CA')).toEqual({ rateBasisPoints: 725, source: 'table' });
    const before = seen.length;
    expect((await rate(vendorApp, '99999')).statusCode).toBe(400);
    expect(seen.length).toBe(before);
    expect(await tableTaxRates.rateFor('97201', 'OR')).toBe(0);
  });
});
