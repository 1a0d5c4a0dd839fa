// The live event stream (issue 15) under load, on PostgreSQL: STREAMS open streams of GET /api/events
// (held by a child process, so their reading does not share the API's event loop) while this process
// makes RATE queue changes a second for SECONDS (one new queue_proofs row each: one event each,
// through migration 0025's trigger, NOTIFY, the API's one LISTEN connection and every stream). Prints
// the delay from a change (its insert starting) to each stream receiving it (p50/p95/p99/max over
// every stream and change), events lost (must be 0), and the API process's memory (RSS before the
// streams, with them open, at the peak of the run). Figures are printed, never asserted. The API
// allows MAX_STREAMS_PER_USER (16) streams per person, so the streams are spread over as many super
// administrators as they need, made in the bench's own database (bench-listener-N@colophon.test).
//
// Run: npm run bench:event-stream -w @colophon/bench (about a minute and a half). Knobs: BENCH_STREAMS
// (200), BENCH_RATE (100), BENCH_SECONDS (30), BENCH_DATABASE_URL or TEST_DATABASE_URL (a database
// colophon_bench_events is created there and dropped afterwards; BENCH_KEEP=1 keeps it).
import { setTimeout as sleep } from 'node:timers/promises';
import { type DbHandle, queueEpubs, queueProofs } from '@colophon/db';
import type { LiveEvent } from '@colophon/domain';
import { sql } from 'drizzle-orm';
import { MAX_STREAMS_PER_USER } from '../apps/api/src/modules/events/routes';
import { openEventStream } from '../apps/api/test/sse-client';
import { demoDatabase, inChildProcess, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase, KEEP } from './support/postgres';
import { summarize } from './support/stats';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const DATABASE = 'colophon_bench_events';

interface ListenOptions {
  url: string;
  /** One per listener; stream i opens with tokens[i % tokens.length], no person over the cap. */
  tokens: string[];
  streams: number;
}
/** Per queue_proofs job id, the times (epoch ms) each stream received it. */
type Received = Record<string, number[]>;

const listeners = inChildProcess<ListenOptions, Received>(import.meta.url, async ({ url, tokens, streams }) => {
  const received: Received = {};
  let finished = 0;
  let allFinished!: () => void;
  const done = new Promise<void>((resolve) => {
    allFinished = resolve;
  });
  const onEvent = (event: LiveEvent) => {
    const at = Date.now();
    if (event.queue === 'queue_proofs' && event.jobId !== undefined) {
      const key = String(event.jobId);
      const times = received[key] ?? [];
      times.push(at);
      received[key] = times;
    } else if (event.queue === 'queue_epubs') {
      // The end marker: this stream has seen everything before it.
      finished += 1;
      if (finished === streams) allFinished();
    }
  };
  const opened = await Promise.all(
    Array.from({ length: streams }, (_, index) =>
      openEventStream(url, { token: tokens[index % tokens.length] ?? '', onEvent }),
    ),
  );
  const refused = opened.filter((stream) => stream.status !== 200).length;
  if (refused) {
    const statuses = [...new Set(opened.map((stream) => stream.status))].join(', ');
    throw new Error(`${refused} of ${streams} streams refused (statuses: ${statuses})`);
  }
  await done;
  for (const stream of opened) stream.close();
  return received;
});

/**
 * `count` super administrators who can each hold MAX_STREAMS_PER_USER streams: copies of the demo's
 * super@colophon.test (same password and accounts) named bench-listener-N@colophon.test.
 */
async function makeListeners(handle: DbHandle, count: number): Promise<string[]> {
  await handle.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role, b_super_admin, timezone)
    select 'bench-listener-' || n || '@colophon.test', password_hash, 'Bench', 'Listener ' || n, role, true, timezone
    from users, generate_series(1, ${count}::int) as n where lower(email) = 'super@colophon.test'`);
  await handle.db.execute(sql`
    insert into user_accounts (user_id, account_id)
    select listener.id, access.account_id from users listener
    join users super on lower(super.email) = 'super@colophon.test'
    join user_accounts access on access.user_id = super.id
    where listener.email like 'bench-listener-%@colophon.test'`);
  return Array.from({ length: count }, (_, index) => `bench-listener-${index + 1}@colophon.test`);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const disarm = stopAfter(10);
  const databaseUrl = await freshDatabase(DATABASE);
  const handle = await demoDatabase(databaseUrl);
  const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-events' });
  const { events } = running.app.services;
  try {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const emails = await makeListeners(handle, Math.ceil(STREAMS / MAX_STREAMS_PER_USER));
    const tokens: string[] = [];
    for (const email of emails) tokens.push(await running.tokenOf(email));
    console.log(`\n${STREAMS} streams over ${tokens.length} people (at most ${MAX_STREAMS_PER_USER} each)`);
    const heard = listeners.run({ url: `${running.base}/api/events`, tokens, streams: STREAMS });
    const openedAt = Date.now();
    while (events.size < STREAMS) {
      if (Date.now() - openedAt > 60_000) throw new Error(`only ${events.size} of ${STREAMS} streams opened`);
      await sleep(50);
    }
    const rssOpen = process.memoryUsage().rss;
    console.log(`${STREAMS} streams open; ${RATE} queue changes a second for ${SECONDS} s…`);

    let rssPeak = rssOpen;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 250);
    const sent = new Map<number, number>();
    const total = RATE * SECONDS;
    const intervalMs = 1000 / RATE;
    const started = Date.now();
    let late = 0;
    // An open loop: each change starts at its time whether or not the ones before have finished (the
    // pool runs up to 10 at once), so a slow server shows as delay, not as a lower rate.
    const inserts: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      const due = started + index * intervalMs;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -intervalMs) late += 1;
      const at = Date.now();
      inserts.push(
        handle.db
          .insert(queueProofs)
          .values({ payload: { bench: index } })
          .returning({ id: queueProofs.id })
          .then(([row]) => {
            if (row) sent.set(row.id, at);
          }),
      );
    }
    await Promise.all(inserts);
    const elapsed = (Date.now() - started) / 1000;
    await handle.db.insert(queueEpubs).values({ payload: { bench: 'end' } });
    const received = await heard;
    clearInterval(sampler);

    const delays: number[] = [];
    let lost = 0;
    let repeated = 0;
    for (const [id, at] of sent) {
      const times = received[String(id)] ?? [];
      lost += Math.max(0, STREAMS - times.length);
      repeated += Math.max(0, times.length - STREAMS);
      for (const time of times) delays.push(Math.max(0, time - at));
    }
    const delay = summarize(delays);
    console.log(
      `changes made: ${sent.size} in ${elapsed.toFixed(1)} s (${(sent.size / elapsed).toFixed(0)}/s; ${late} more than one interval late)`,
    );
    console.log(`deliveries: ${delays.length} (expected ${sent.size * STREAMS}); lost ${lost}, repeated ${repeated}`);
    console.log(
      `change → received: p50 ${delay.p50.toFixed(0)} ms, p95 ${delay.p95.toFixed(0)} ms, p99 ${delay.p99.toFixed(0)} ms, max ${delay.max.toFixed(0)} ms`,
    );
    console.log(
      `API process RSS: ${mb(rssBefore)} before the streams, ${mb(rssOpen)} with ${STREAMS} open, ${mb(rssPeak)} at the peak of the run`,
    );
    console.log(lost === 0 ? '  PASS no event lost' : `  FAIL ${lost} deliveries lost`);
    if (lost > 0) process.exitCode = 1;
  } finally {
    disarm();
    await running.app.close();
    await handle.close();
    if (!KEEP) await dropDatabase(DATABASE);
  }
}

if (!listeners.isChild) await main();
