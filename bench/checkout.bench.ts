// The storefront's checkout under load (issue 12): the real API (in this process) on PostgreSQL with
// the embedded payments adapter, 50 parents (connections) for 30 s each paying for a cart under a
// fresh checkout key, and a share re-sending a checkout already answered under the same key (a
// double click, a retry after a lost answer). Prints checkouts/s and p50/p95/p99, then counts:
//   - orders = distinct checkout keys (none made twice);
//   - charges = orders, each succeeded once (none charged twice);
//   - every key answered 201 has its order, with the number it was answered (none lost);
//   - every re-send answered the first answer's order number.
// PASS/FAIL on those; times are printed, never asserted.
//
// Run: npm run bench:checkout -w @colophon/bench (about a minute). Knobs: BENCH_SECONDS (30),
// BENCH_CONNECTIONS (50), BENCH_DUPLICATES (0.2), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_checkout is created there and
// dropped afterwards). The load comes from a child process, so it does not share the API's event loop.
import { randomUUID } from 'node:crypto';
import { accounts, type DbHandle, productPrices, products, rowsOf, storeStatuses } from '@colophon/db';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoDatabase, inChildProcess, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase } from './support/postgres';
import { summarize } from './support/stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DUPLICATE_SHARE = Number(process.env.BENCH_DUPLICATES ?? 0.2);
const DATABASE = 'colophon_bench_checkout';
const SLUG = 'bench-store';
const PATH = `/api/storefront/${SLUG}/checkout`;

interface LoadOptions {
  url: string;
  productId: number;
  connections: number;
  seconds: number;
}
interface LoadResult {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  /** checkout key → the order number its first 201 answered. */
  answered: Record<string, string>;
  /** Keys sent at least once (answered or not). */
  keysSent: number;
  resent: number;
  /** Re-sends answered another order number than the key's first answer (the promise broken). */
  resentMismatch: number;
  failures: number;
}

/** A stable private IPv4 address for a checkout key. */
function addressOf(key: string): string {
  let hash = 0;
  for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  const answered: Record<string, string> = {};
  const answeredKeys: string[] = [];
  const sent = new Set<string>();
  let resent = 0;
  let resentMismatch = 0;
  type Context = { key?: string; resend?: boolean };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path: PATH,
            setupRequest: (request, context: Context) => {
              const resend = answeredKeys.length > 0 && Math.random() < DUPLICATE_SHARE;
              const key = resend
                ? (answeredKeys[Math.floor(Math.random() * answeredKeys.length)] as string)
                : randomUUID();
              sent.add(key);
              context.key = key;
              context.resend = resend;
              // Each parent from their own network (a re-send from the same one), as the storefront's
              // per-address limits expect: the API trusts the loopback as its proxy here.
              const address = addressOf(key);
              return {
                ...request,
                headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
                body: JSON.stringify({
                  items: [{ productId: options.productId, quantity: 1 }],
                  shipping: 1,
                  parent: { name: 'Bench Parent', email: 'bench@parents.test' },
                  student: { firstName: 'Bench', lastName: 'Student' },
                  checkoutKey: key,
                  payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
                }),
              };
            },
            onResponse: (status, body, context: Context) => {
              statuses[status] = (statuses[status] ?? 0) + 1;
              const key = context.key;
              if (status !== 201 || !key) return;
              const orderNumber = (JSON.parse(body) as { orderNumber: string }).orderNumber;
              if (context.resend) {
                resent++;
                if (answered[key] !== orderNumber) resentMismatch++;
              } else {
                answered[key] = orderNumber;
                answeredKeys.push(key);
              }
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => samples.push(responseTime));
  });
  const latency = summarize(samples);
  return {
    perSecond: samples.length / result.duration,
    p50: latency.p50,
    p95: latency.p95,
    p99: latency.p99,
    statuses,
    answered,
    keysSent: sent.size,
    resent,
    resentMismatch,
    failures: result.errors + result.timeouts,
  };
}

const loader = inChildProcess(import.meta.url, runLoad);
if (!loader.isChild) await main();

async function main() {
  const disarm = stopAfter(10);
  const databaseUrl = await freshDatabase(DATABASE);
  try {
    if (!(await benchOn(databaseUrl))) process.exitCode = 1;
  } finally {
    await dropDatabase(DATABASE);
    disarm();
  }
}

async function benchOn(databaseUrl: string): Promise<boolean> {
  let app: FastifyInstance | undefined;
  console.log('\nPostgreSQL, embedded payments');
  const handle = await demoDatabase(databaseUrl);
  try {
    const { db } = handle;
    const [account] = await db.select({ id: accounts.id }).from(accounts).limit(1);
    if (!account) throw new Error('no account');
    const [store] = await db
      .insert(storeStatuses)
      .values({ accountId: account.id, year: 2040, slug: SLUG, isOpen: true })
      .returning({ id: storeStatuses.id });
    if (!store) throw new Error('no store');
    const [product] = await db
      .insert(products)
      .values({ storeId: store.id, typeProduct: 1, name: 'Yearbook', maxPerOrder: 5 })
      .returning({ id: products.id });
    if (!product) throw new Error('no product');
    await db
      .insert(productPrices)
      .values({ productId: product.id, priceCents: 4500, startsAt: new Date('2020-01-01') });

    const running = await startApp(handle, {
      DATABASE_URL: databaseUrl,
      DATA_DIR: '/tmp/colophon-bench-checkout',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    app = running.app;
    const base = running.base;
    const options = { url: base, productId: product.id, connections: CONNECTIONS };
    const warmUp = await loader.run({ ...options, seconds: 2 });
    const result = await loader.run({ ...options, seconds: SECONDS });
    const statuses = Object.entries(result.statuses)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    console.log(
      `  ${CONNECTIONS} parents for ${SECONDS} s: ${result.perSecond.toFixed(0)} checkouts/s; ` +
        `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ` +
        `answers: ${statuses}; re-sends ${result.resent}; connection errors and timeouts ${result.failures}`,
    );
    // Checkouts still running when the load stopped (their parent gone, their handler not) finish
    // first: the counts read a quiet database.
    await app.close();
    app = undefined;
    await quiet(handle, store.id);
    return await check(handle, store.id, result, warmUp.keysSent + result.keysSent, warmUp.answered);
  } finally {
    await app?.close();
    await handle.close();
  }
}

/** Waits until no order of the store is pending, or their count stops changing for two seconds. */
async function quiet(handle: DbHandle, storeId: number) {
  const pending = async () =>
    (
      await rowsOf<{ n: number }>(
        handle.db.execute(
          sql`select count(*)::int as n from online_orders where store_id = ${storeId} and status = 'pending'`,
        ),
      )
    )[0]?.n ?? 0;
  let before = await pending();
  while (before > 0) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const now = await pending();
    if (now === before) return;
    before = now;
  }
}

async function check(
  handle: DbHandle,
  storeId: number,
  result: LoadResult,
  keysSent: number,
  warmUpAnswered: Record<string, string>,
): Promise<boolean> {
  const orders = await rowsOf<{
    checkout_key: string;
    order_number: string;
    status: string;
    charges: number;
    succeeded: number;
  }>(
    handle.db.execute(sql`
      select o.checkout_key, o.order_number, o.status,
        count(p.id)::int as charges, count(p.id) filter (where p.status = 'succeeded')::int as succeeded
      from online_orders o left join online_payments p on p.online_order_id = o.id and p.kind = 'charge'
      where o.store_id = ${storeId}
      group by o.id`),
  );
  const byKey = new Map(orders.map((order) => [order.checkout_key, order]));
  const answered = Object.entries({ ...warmUpAnswered, ...result.answered });
  const lost = answered.filter(([key, number]) => byKey.get(key)?.order_number !== number).length;
  const distinctKeys = new Set(orders.map((order) => order.checkout_key)).size;
  const doubledCharges = orders.filter((order) => order.charges !== 1).length;
  const unpaid = orders.filter((order) => order.status !== 'paid' || order.succeeded !== 1).length;
  const charges = orders.reduce((sum, order) => sum + order.charges, 0);
  const checks: [string, boolean][] = [
    [
      `orders ${orders.length} = distinct keys among them ${distinctKeys} (≤ keys sent ${keysSent})`,
      orders.length === distinctKeys && orders.length <= keysSent,
    ],
    [
      `charges ${charges} = orders ${orders.length}; orders with other than one charge: ${doubledCharges}`,
      charges === orders.length && doubledCharges === 0,
    ],
    [`keys answered 201: ${answered.length}; without their order: ${lost}`, lost === 0],
    [`orders not paid once: ${unpaid}`, unpaid === 0],
    [`re-sends answered another order: ${result.resentMismatch} of ${result.resent}`, result.resentMismatch === 0],
  ];
  for (const [label, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${label}`);
  return checks.every(([, ok]) => ok);
}
