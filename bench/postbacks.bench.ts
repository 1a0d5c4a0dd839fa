// Plant postbacks under load: the real API (in this process) on PostgreSQL (and on PGlite with
// BENCH_ENGINES=postgres,pglite), N orders at one manufacturer, 50 connections for 30 s sending signed
// postbacks — each a new postbackId, except a share that re-send one already answered (a plant's retry).
// Prints requests/s and p50/p95/p99, then checks the database against a model of the rules:
//   - every postback answered (other than 'duplicate') has its one plant_postbacks row, none lost;
//   - replaying each order's postbacks in the order they were applied (the row's id: assigned under the
//     order's lock) with the stale rule gives the outcome the server answered and stored, and the
//     order's final status;
//   - one status event per postback that changed a status, none twice (each postback has its own
//     occurredAt, which the event carries);
//   - every re-send answered 'duplicate'.
// PASS/FAIL on lost and doubled; times are printed, never asserted.
//
// Run: npm run bench:postbacks -w @colophon/bench (about 2 minutes). Knobs: BENCH_SECONDS (30),
// BENCH_CONNECTIONS (50), BENCH_ORDERS (2000), BENCH_DUPLICATES (0.2: the share of re-sends),
// BENCH_ENGINES (postgres), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_postbacks is created there and
// dropped afterwards). The load comes from a child process, so it does not share the API's event loop.
import { POSTBACK_MANUFACTURER_HEADER, POSTBACK_SIGNATURE_HEADER, POSTBACK_TIMESTAMP_HEADER } from '@colophon/contract';
import { type DbHandle, manufacturers, rowsOf } from '@colophon/db';
import { orderStatus } from '@colophon/domain';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signPostback } from '../apps/api/src/modules/orders/postback-signature';
import { demoDatabase, inChildProcess, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase } from './support/postgres';
import { summarize } from './support/stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const DUPLICATE_SHARE = Number(process.env.BENCH_DUPLICATES ?? 0.2);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres').toLowerCase().split(',');
const DATABASE = 'colophon_bench_postbacks';
const MANUFACTURER = 'BLT1';
const SECRET = 'bench-blt1-postback-secret';
const PATH = '/api/manufacturer/internal/postbacks';
/** The statuses a plant moves an order between: each new report picks one, so some change nothing. */
const STATUSES = [orderStatus.InProduction, orderStatus.OnHoldInManufacturing, orderStatus.Customizing];

interface LoadOptions {
  url: string;
  externalIds: string[];
  connections: number;
  seconds: number;
}
interface LoadResult {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  answers: Record<string, number>;
  /** Postbacks sent for the first time and answered 200 (any outcome but 'duplicate'). */
  firstAnswered: number;
  /** First sends answered 'duplicate' (a postback id the server claims to have seen: never should). */
  firstDuplicate: number;
  resent: number;
  /** Re-sends answered anything but 'duplicate' (the exactly-once promise broken). */
  resentNotDuplicate: number;
  failures: number;
}

/** The child side: autocannon with a fresh, signed postback for every request. */
async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const samples: number[] = [];
  const answers: Record<string, number> = {};
  const answered: string[] = [];
  let sequence = 0;
  let firstAnswered = 0;
  let firstDuplicate = 0;
  let resent = 0;
  let resentNotDuplicate = 0;
  // Every postback gets its own occurredAt (a millisecond apart), which its status event carries.
  const clockBase = Date.now() - 60_000;
  type Context = { raw?: string; resend?: boolean };
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
              const resend = answered.length > 0 && Math.random() < DUPLICATE_SHARE;
              let raw: string;
              if (resend) {
                raw = answered[Math.floor(Math.random() * answered.length)] as string;
              } else {
                const n = sequence++;
                raw = JSON.stringify({
                  postbackId: `bench-${process.pid}-${n}`,
                  orderExternalId: options.externalIds[Math.floor(Math.random() * options.externalIds.length)],
                  occurredAt: new Date(clockBase + n).toISOString(),
                  status: STATUSES[Math.floor(Math.random() * STATUSES.length)],
                  message: 'bench',
                });
              }
              context.raw = raw;
              context.resend = resend;
              const timestamp = Math.floor(Date.now() / 1000);
              return {
                ...request,
                body: raw,
                headers: {
                  'content-type': 'application/json',
                  [POSTBACK_MANUFACTURER_HEADER]: MANUFACTURER,
                  [POSTBACK_TIMESTAMP_HEADER]: String(timestamp),
                  [POSTBACK_SIGNATURE_HEADER]: signPostback(SECRET, timestamp, raw),
                },
              };
            },
            onResponse: (status, body, context: Context) => {
              const outcome = status === 200 ? (JSON.parse(body) as { outcome: string }).outcome : `HTTP ${status}`;
              answers[outcome] = (answers[outcome] ?? 0) + 1;
              if (context.resend) {
                resent++;
                if (outcome !== 'duplicate') resentNotDuplicate++;
              } else if (status === 200) {
                if (outcome === 'duplicate') firstDuplicate++;
                else firstAnswered++;
                if (context.raw) answered.push(context.raw);
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
    answers,
    firstAnswered,
    firstDuplicate,
    resent,
    resentNotDuplicate,
    failures: result.errors + result.timeouts,
  };
}

const loader = inChildProcess(import.meta.url, runLoad);
if (!loader.isChild) await main();

async function main() {
  const disarm = stopAfter(15);
  let failed = false;
  try {
    for (const engine of ENGINES) {
      if (engine === 'postgres') {
        const databaseUrl = await freshDatabase(DATABASE);
        try {
          failed = !(await benchOn('PostgreSQL', databaseUrl)) || failed;
        } finally {
          await dropDatabase(DATABASE);
        }
      } else if (engine === 'pglite') {
        failed = !(await benchOn('PGlite')) || failed;
      }
    }
  } finally {
    disarm();
  }
  if (failed) process.exitCode = 1;
}

/** Loads the data, runs the load and checks the outcome; answers whether every check passed. */
async function benchOn(engine: string, databaseUrl?: string): Promise<boolean> {
  let app: FastifyInstance | undefined;
  console.log(`\n${engine}`);
  const handle = await demoDatabase(databaseUrl);
  try {
    const { db } = handle;
    const [manufacturer] = await db
      .update(manufacturers)
      .set({ postbackSecret: SECRET })
      .where(eq(manufacturers.code, MANUFACTURER))
      .returning();
    if (!manufacturer) throw new Error(`no manufacturer ${MANUFACTURER}`);
    // N orders of the demo's projects at the manufacturer, sent to the plant (Submitted).
    await db.execute(sql`
      insert into orders (project_id, account_id, external_id, status, type_order, manufacturer_id, shipping_method,
        copies, submitted_at, created_at)
      select p.id, p.account_id, 'PB-' || g, ${orderStatus.Submitted}, 1, ${manufacturer.id}, 'UG', 100, now(), now()
      from generate_series(1, ${ORDERS}) g
      join lateral (select id, account_id from projects order by id offset (g % (select count(*) from projects)) limit 1) p on true`);
    const externalIds = Array.from({ length: ORDERS }, (_, index) => `PB-${index + 1}`);

    const running = await startApp(handle, {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: '/tmp/colophon-bench-postbacks',
    });
    app = running.app;
    const base = running.base;

    const warmUp = await loader.run({ url: base, externalIds, connections: CONNECTIONS, seconds: 2 });
    const result = await loader.run({ url: base, externalIds, connections: CONNECTIONS, seconds: SECONDS });
    const answers = Object.entries(result.answers)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ');
    console.log(
      `  ${CONNECTIONS} connections for ${SECONDS} s over ${ORDERS} orders: ${result.perSecond.toFixed(0)} postbacks/s; ` +
        `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ` +
        `answers: ${answers}; connection errors and timeouts ${result.failures}`,
    );
    // The requests still in flight when the load stopped (their client gone, their handler not) finish
    // first: the check reads a quiet database.
    await app.close();
    app = undefined;
    await quiet(handle);
    return await check(handle, manufacturer.id, result, warmUp.firstAnswered + result.firstAnswered);
  } finally {
    await app?.close();
    await handle.close();
  }
}

/** Waits until the postbacks stop changing: two reads a second apart agree. */
async function quiet(handle: DbHandle) {
  const count = async () =>
    (await rowsOf<{ n: number }>(handle.db.execute(sql`select count(*)::int as n from plant_postbacks`)))[0]?.n;
  let before = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await count();
    if (now === before) return;
    before = now;
  }
}

interface StoredPostback {
  id: number;
  order_id: number;
  postback_id: string;
  outcome: string;
  status: number;
  occurred_at: string;
}

/** The database against the model of the rules (see the top of the file). */
async function check(
  handle: DbHandle,
  manufacturerId: number,
  result: LoadResult,
  firstAnswered: number,
): Promise<boolean> {
  const { db } = handle;
  const stored = await rowsOf<StoredPostback>(
    db.execute(sql`
      select id::int, order_id, postback_id, outcome, (payload->>'status')::int as status,
        payload->>'occurredAt' as occurred_at
      from plant_postbacks where manufacturer_id = ${manufacturerId} order by id`),
  );
  const orderRows = await rowsOf<{ id: number; status: number }>(
    db.execute(
      sql`select id, status from orders where manufacturer_id = ${manufacturerId} and external_id like 'PB-%'`,
    ),
  );
  const statusEvents = await rowsOf<{ order_id: number; created_at: string; to_status: number; n: number }>(
    db.execute(sql`
      select e.order_id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        e.to_status, count(*)::int as n
      from order_events e join orders o on o.id = e.order_id
      where o.manufacturer_id = ${manufacturerId} and o.external_id like 'PB-%' and e.kind = 'status' and e.source = 'plant'
      group by 1, 2, 3`),
  );
  const eventCount = statusEvents.reduce((sum, event) => sum + event.n, 0);
  const doubled = statusEvents.filter((event) => event.n > 1).length;
  const eventAt = new Set(statusEvents.map((event) => `${event.order_id}|${event.created_at}|${event.to_status}`));

  // Replays each order's postbacks in the order they were applied, with the stale rule.
  const model = new Map<number, { status: number; reportedAt: string | null }>(
    orderRows.map((order) => [order.id, { status: orderStatus.Submitted, reportedAt: null }]),
  );
  let outcomeMismatches = 0;
  let expectedApplied = 0;
  let appliedWithoutEvent = 0;
  for (const row of stored) {
    const state = model.get(row.order_id);
    if (!state) continue;
    let expected: string;
    if (state.reportedAt !== null && row.occurred_at < state.reportedAt) expected = 'stale';
    else {
      expected = row.status === state.status ? 'unchanged' : 'applied';
      state.status = row.status;
      state.reportedAt = row.occurred_at;
    }
    if (expected !== row.outcome) outcomeMismatches++;
    if (expected === 'applied') {
      expectedApplied++;
      if (!eventAt.has(`${row.order_id}|${row.occurred_at}|${row.status}`)) appliedWithoutEvent++;
    }
  }
  // What the model cannot account for, to look at when a check fails.
  const appliedAt = new Set(
    stored.filter((row) => row.outcome === 'applied').map((row) => `${row.order_id}|${row.occurred_at}|${row.status}`),
  );
  const unexplained = statusEvents.filter(
    (event) => !appliedAt.has(`${event.order_id}|${event.created_at}|${event.to_status}`),
  );
  for (const event of unexplained.slice(0, 3)) {
    console.log(`  event without an applied postback: ${JSON.stringify(event)}`);
    for (const row of stored.filter((candidate) => candidate.order_id === event.order_id))
      console.log(`    ${JSON.stringify(row)}`);
  }
  const finalMismatches = orderRows.filter((order) => model.get(order.id)?.status !== order.status).length;
  const storedOutcomes = stored.reduce<Record<string, number>>((counts, row) => {
    counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
    return counts;
  }, {});
  // The warm-up's postbacks are stored too: compare with both runs' first sends. A run's end leaves at
  // most one request per connection unanswered, which may have been stored.
  const inFlight = 2 * CONNECTIONS;
  const lines: [string, boolean][] = [
    [
      `postbacks stored ${stored.length} (${Object.entries(storedOutcomes)
        .map(([outcome, n]) => `${outcome} ${n}`)
        .join(', ')}); first sends answered ${firstAnswered} (warm-up and run): none lost means ` +
        `answered ≤ stored ≤ answered + ${inFlight} left in flight`,
      firstAnswered <= stored.length && stored.length <= firstAnswered + inFlight,
    ],
    [
      `first sends answered 'duplicate' (a new id taken for seen): ${result.firstDuplicate}`,
      result.firstDuplicate === 0,
    ],
    [
      `re-sends ${result.resent}, answered other than 'duplicate': ${result.resentNotDuplicate}`,
      result.resentNotDuplicate === 0,
    ],
    [
      `outcomes as the model replays them: ${stored.length - outcomeMismatches} of ${stored.length} agree`,
      outcomeMismatches === 0,
    ],
    [
      `status changes: model ${expectedApplied}, events ${eventCount}, applied without its event ${appliedWithoutEvent}`,
      expectedApplied === eventCount && appliedWithoutEvent === 0,
    ],
    [`events written twice (same order, occurredAt and status): ${doubled}`, doubled === 0],
    [`orders whose final status is not the model's: ${finalMismatches} of ${orderRows.length}`, finalMismatches === 0],
  ];
  for (const [line, ok] of lines) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${line}`);
  return lines.every(([, ok]) => ok);
}
