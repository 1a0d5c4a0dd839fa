// Charging invoices to stored cards on PostgreSQL (issue 13), through POST /api/payments/invoice_stripe
// of the real API (in this process, the embedded payments default) as the super administrator:
// 1. 50 concurrent charges of the same invoice, each under its own idempotency key: exactly one may
//    succeed (the others 409), and the invoice is paid once; then the winner's key sent again answers
//    the same payment without a second one.
// 2. Distinct charges: CONCURRENCY callers charging INVOICES different invoices, each once: charges/s
//    and p50/p95 printed, and every invoice paid exactly once.
// Figures are printed, never asserted; the exactly-once checks print PASS or FAIL and set the exit code.
//
// Run: npm run bench:invoice-charges -w @colophon/bench (a minute, most of it the demo). Knobs:
// BENCH_INVOICES (1000), BENCH_CONCURRENCY (50), BENCH_DATABASE_URL or TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; a database colophon_bench_charges is created there and
// dropped afterwards; BENCH_KEEP=1 keeps it).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { invoicePayments, invoices, rowsOf, storedCards } from '@colophon/db';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { demoDatabase, startApp, stopAfter } from './support/app';
import { dropDatabase, freshDatabase, KEEP } from './support/postgres';
import { summarize } from './support/stats';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RACERS = 50;
const DATABASE = 'colophon_bench_charges';
const TOTAL_CENTS = 125_00;

let failures = 0;
function check(what: string, ok: boolean, detail: string) {
  console.log(`  ${ok ? 'PASS' : 'FAIL'} ${what}: ${detail}`);
  if (!ok) failures += 1;
}

async function main() {
  const disarm = stopAfter(15);
  const databaseUrl = await freshDatabase(DATABASE);
  const handle = await demoDatabase(databaseUrl);
  const db = handle.db;
  const running = await startApp(handle, { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/colophon-bench-charges' });
  try {
    // An account whose default card pays (the demo's embedded cards carry their test outcome).
    const [card] = await db
      .select({ accountId: storedCards.accountId })
      .from(storedCards)
      .where(and(eq(storedCards.isDefault, true), like(storedCards.cardRef, 'emb_pm_ok_%')))
      .limit(1);
    if (!card) throw new Error('the demo has no default card that pays');
    const made = await rowsOf<{ id: number }>(
      db.execute(sql`insert into invoices (account_id, number, type_product, status, subtotal_cents, total_cents, year, issued_at)
        select ${card.accountId}, 'BENCH-' || g, 1, 'open', ${TOTAL_CENTS}, ${TOTAL_CENTS}, 2026, now()
        from generate_series(1, ${INVOICES + 1}) g returning id`),
    );
    const ids = made.map((row) => row.id);
    const [raced, ...distinct] = ids;
    if (raced === undefined) throw new Error('no invoices made');
    const authorization = `Bearer ${await running.tokenOf('super@colophon.test')}`;
    const charge = async (invoiceId: number, idempotencyKey: string) => {
      const started = performance.now();
      const response = await fetch(`${running.base}/api/payments/invoice_stripe`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ invoiceId, idempotencyKey }),
      });
      const body = (await response.json()) as { payment?: { id: number } };
      return { status: response.status, ms: performance.now() - started, paymentId: body.payment?.id };
    };
    const paymentsOf = async (invoiceId: number) => {
      const [row] = await db
        .select({ n: count() })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.status, 'succeeded')));
      return row?.n ?? 0;
    };

    console.log(`\n${RACERS} concurrent charges of one invoice (distinct idempotency keys)`);
    const keys = Array.from({ length: RACERS }, () => randomUUID());
    const raceStarted = performance.now();
    const answers = await Promise.all(keys.map((key) => charge(raced, key)));
    const raceMs = performance.now() - raceStarted;
    const byStatus = new Map<number, number>();
    for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    console.log(
      `  answers: ${[...byStatus].map(([status, n]) => `${n} × ${status}`).join(', ')} in ${raceMs.toFixed(0)} ms`,
    );
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, raced));
    check('exactly one charge succeeded', byStatus.get(200) === 1, `${byStatus.get(200) ?? 0} answered 200`);
    check('the others were refused as a conflict', byStatus.get(409) === RACERS - 1, `${byStatus.get(409) ?? 0} × 409`);
    check('one payment row succeeded', (await paymentsOf(raced)) === 1, `${await paymentsOf(raced)} rows`);
    check(
      'the invoice is paid once',
      invoice?.status === 'paid' && invoice.paidCents === TOTAL_CENTS,
      `${invoice?.status}, paid ${invoice?.paidCents} of ${TOTAL_CENTS} cents`,
    );
    const winner = answers.findIndex((answer) => answer.status === 200);
    const winningKey = keys[winner];
    if (winningKey) {
      const again = await charge(raced, winningKey);
      check(
        "the winner's key again answers the same payment",
        again.status === 200 && again.paymentId === answers[winner]?.paymentId && (await paymentsOf(raced)) === 1,
        `${again.status}, payment ${again.paymentId}`,
      );
    }

    console.log(`\n${distinct.length} distinct invoices charged by ${CONCURRENCY} concurrent callers`);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let index = next++; index < distinct.length; index = next++) {
          const invoiceId = distinct[index];
          if (invoiceId === undefined) continue;
          const answer = await charge(invoiceId, randomUUID());
          latencies.push(answer.ms);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const latency = summarize(latencies);
    console.log(
      `  ${(distinct.length / seconds).toFixed(1)} charges/s over ${seconds.toFixed(1)} s; ` +
        `p50 ${latency.p50.toFixed(0)} ms, p95 ${latency.p95.toFixed(0)} ms, max ${latency.max.toFixed(0)} ms`,
    );
    // CPU of this process (the API and the bench's own requests) per charge: steadier than the rate
    // when the machine is shared, since time spent waiting for a core is not counted.
    console.log(
      `  this process's CPU: ${((cpu.user + cpu.system) / 1000 / distinct.length).toFixed(2)} ms per charge ` +
        `(user ${(cpu.user / 1000 / distinct.length).toFixed(2)}, system ${(cpu.system / 1000 / distinct.length).toFixed(2)})`,
    );
    const [paid] = await db
      .select({ n: count() })
      .from(invoices)
      .where(and(like(invoices.number, 'BENCH-%'), eq(invoices.status, 'paid'), eq(invoices.paidCents, TOTAL_CENTS)));
    const [payments] = await db
      .select({ n: count() })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(like(invoices.number, 'BENCH-%'), eq(invoicePayments.status, 'succeeded')));
    check(
      'every charge answered 200',
      statuses.get(200) === distinct.length,
      JSON.stringify(Object.fromEntries(statuses)),
    );
    check(
      'every invoice paid exactly once',
      paid?.n === ids.length && payments?.n === ids.length,
      `${paid?.n} paid, ${payments?.n} payments`,
    );
  } finally {
    await running.app.close();
    await handle.close();
    if (!KEEP) await dropDatabase(DATABASE);
    disarm();
  }
  if (failures > 0) process.exitCode = 1;
}

await main();
