import { createDb, hasData, seedDemo } from '@colophon/db';
import { createRosterWorker, seedRosterDemo } from '@colophon/roster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAccountingWorker } from './modules/accounting/worker';
import { createPaymentsWorker } from './modules/cards/detach';
import { createNotificationWorker } from './modules/notifications/worker';
import { createOrderMoveWorker } from './modules/orders/moves';
import { enqueueDemoProofs, giveSeasonProofsPages } from './modules/proofs/demo';
import { enqueueMissingEpubs } from './modules/proofs/epub';
import { enqueueNameCheckDemoProof } from './modules/proofs/name-check-demo';
import { createProofWorkers, type ProofWorkers } from './modules/proofs/workers';
import { createRosterHost } from './roster-host';
import { createServices } from './services';

const config = loadConfig();
// Until the app (and its logger) exists, a dropped idle connection is told on stderr.
let logIdleConnectionError = (error: Error) => console.error('database connection dropped while idle:', error.message);
const handle = createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onIdleConnectionError: (error) => logIdleConnectionError(error),
});
await handle.migrate();

let demoSignIns: Awaited<ReturnType<typeof seedDemo>> | null = null;
if (config.demo && !(await hasData(handle.db))) {
  demoSignIns = await seedDemo(handle.db, { password: config.demoPassword });
}

const services = await createServices(config, handle);
const app = await buildApp({ services });
logIdleConnectionError = (err) => app.log.warn({ err }, 'database connection dropped while idle');
// The roster's demo (issue 16) on the demo's first start: districts, schools and Lincoln's 2,000
// students are written before the server answers and before the demo proofs (whose name check reads
// them); their generated portraits follow in the background (seconds of file writes).
if (demoSignIns) {
  const rosterDemo = await seedRosterDemo(services.db, services.files);
  void rosterDemo.portraits
    .then(({ count, ms }) =>
      app.log.info(
        { people: rosterDemo.people, peopleMs: rosterDemo.ms, portraits: count, portraitsMs: ms },
        'demo: roster',
      ),
    )
    .catch((err) => app.log.error({ err }, 'demo roster portraits'));
}
// COLOPHON_ROLE: 'api' answers HTTP only, 'worker' runs the queue workers only, 'all' (the default) both.
// Several of each may share one PostgreSQL (docs/operations.md, "Past one machine").
const serves = config.role !== 'worker';
const leaseMs = config.queueLeaseMs;

let workers: ProofWorkers | null = null;
let notificationWorker: ReturnType<typeof createNotificationWorker> | null = null;
let orderMoveWorker: ReturnType<typeof createOrderMoveWorker> | null = null;
let accountingWorker: ReturnType<typeof createAccountingWorker> | null = null;
let paymentsWorker: ReturnType<typeof createPaymentsWorker> | null = null;
let rosterWorker: ReturnType<typeof createRosterWorker> | null = null;
if (config.workers) {
  const onError = (err: unknown) => app.log.error({ err }, 'queue worker');
  // Notification e-mails go out from here, never inside a request (part 7's queue_notifications).
  notificationWorker = createNotificationWorker(services, { onError, leaseMs });
  await notificationWorker.start();
  // Orders go to their plants (sent, moved, resent) from here, never inside a request.
  orderMoveWorker = createOrderMoveWorker(services, { onError, leaseMs });
  await orderMoveWorker.start();
  // Invoices go to the accounting system (QuickBooks or the embedded books) from here, with retries.
  accountingWorker = createAccountingWorker(services, { onError, leaseMs });
  await accountingWorker.start();
  // Removed cards are detached at the card provider from here, with retries (never inside the request).
  paymentsWorker = createPaymentsWorker(services, { onError });
  await paymentsWorker.start();
  // Roster imports and syncs run from here (queue_roster), wherever the roster is served; it also
  // queues the scheduled syncs. Secrets are opened with the roster host's own key.
  const { secrets } = createRosterHost(services, { secretKey: services.config.roster.secretKey });
  rosterWorker = createRosterWorker({ db: services.db, files: services.files, secrets }, { onError, leaseMs });
  await rosterWorker.start();
  workers = createProofWorkers(services, { onError, leaseMs });
  await workers.uploads.start();
  await workers.proofs.start();
  await workers.epubs.start();
  // Approved proofs without an EPUB (approved before EPUBs existed, the demo's) get one now.
  void enqueueMissingEpubs(services.db).catch((err) => app.log.error({ err }, 'missing EPUBs'));
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await Promise.all([
    workers?.stop(8_000),
    notificationWorker?.stop({ timeoutMs: 8_000 }),
    orderMoveWorker?.stop({ timeoutMs: 8_000 }),
    accountingWorker?.stop({ timeoutMs: 8_000 }),
    paymentsWorker?.stop({ timeoutMs: 8_000 }),
    rosterWorker?.stop({ timeoutMs: 8_000 }),
  ]);
  await app.close();
  await handle.close();
});

if (serves) await app.listen({ port: config.port, host: config.host });
else app.log.info({ pid: process.pid }, 'worker process: queue workers only, no HTTP');
// Demo proofs: real PDFs through the real upload queue, processed by the workers on the first start
// (made in the background: the server answers meanwhile). Then, where pages are drawn (this process
// has the workers), the season's imported proofs get pages: one small book per trim size through the
// workers' page pool, shared by every imported proof of that size (finishes what an earlier start left).
if (config.demo) {
  const pool = workers?.pool;
  void enqueueDemoProofs(services)
    // The name check's demo: a student directory of the roster demo's school (three names misspelt).
    .then(() => enqueueNameCheckDemoProof(services))
    .then(async () => {
      if (!pool) return;
      const given = await giveSeasonProofsPages(services, pool);
      if (given > 0) app.log.info({ proofs: given }, 'demo: season history proofs have pages');
    })
    .catch((err) => app.log.error({ err }, 'demo proofs'));
}
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `Colophon is running at ${url} (database: ${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  `API documentation: ${url}/api/docs`,
];
if (config.demo) {
  lines.push(
    `Demo sign-ins (password: ${config.demoPassword === 'colophon-demo' ? 'colophon-demo' : 'DEMO_PASSWORD'}):`,
  );
  const signIns = demoSignIns ?? null;
  if (signIns) {
    for (const signIn of signIns)
      lines.push(`  ${signIn.email.padEnd(28)} ${signIn.role}${signIn.note ? ` (${signIn.note})` : ''}`);
  } else {
    lines.push('  see the README (the demo was loaded on the first start)');
  }
}
if (serves) console.log(lines.join('\n'));
