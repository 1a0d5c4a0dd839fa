import { isProcessorStale } from '@colophon/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../create-db';
import {
  orders,
  processorStatuses,
  projects,
  proofs,
  queueEpubs,
  queueEvents,
  queueMoves,
  queueNotifications,
  queuePayments,
  queueProofs,
  queueUploads,
} from '../schema/index';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The queue tables share one shape (schema/queues.ts `queueTable`). */
type QueueTable = typeof queueProofs;
type Status = 0 | 1 | 2 | 3 | 4 | 5;

/** One demo job: where it stands, how old it is, what went wrong, and the transitions that led there. */
interface DemoJob {
  status: Status;
  ageMs: number;
  attempts: number;
  lastError?: string;
  result?: unknown;
  /** Processing: the worker holding it. */
  lockedBy?: string;
}

/**
 * The history lines a job in `status` had on the way (enqueue, claims, failures, a person's action):
 * the same transition names as the queue engine writes.
 */
function historyOf(job: DemoJob): { from: number | null; to: number; transition: string; reason?: string }[] {
  const lines: { from: number | null; to: number; transition: string; reason?: string }[] = [
    { from: null, to: 0, transition: 'enqueue' },
  ];
  const failures = Math.max(0, job.attempts - 1);
  for (let attempt = 0; attempt < failures; attempt++) {
    lines.push({ from: 0, to: 1, transition: 'claim' });
    lines.push({ from: 1, to: 0, transition: 'backoff', ...(job.lastError ? { reason: job.lastError } : {}) });
  }
  if (job.status === 0) return lines;
  if (job.status === 5 && job.attempts === 0) {
    lines.push({ from: 0, to: 5, transition: 'cancel', reason: 'Cancelled: the school sent a new file' });
    return lines;
  }
  lines.push({ from: 0, to: 1, transition: 'claim' });
  if (job.status === 1) return lines;
  if (job.status === 2) lines.push({ from: 1, to: 2, transition: 'complete' });
  if (job.status === 3)
    lines.push({ from: 1, to: 3, transition: 'fail', ...(job.lastError ? { reason: job.lastError } : {}) });
  if (job.status === 4 || job.status === 5) {
    lines.push({ from: 1, to: 4, transition: 'attention', ...(job.lastError ? { reason: job.lastError } : {}) });
  }
  if (job.status === 5)
    lines.push({ from: 4, to: 5, transition: 'addressed', reason: 'Called the school; they accept it' });
  return lines;
}

/**
 * Inserts a queue's demo jobs with their history. Waiting jobs are due in a month and Processing ones
 * hold a lease as long, so the running workers leave them alone: they are there to be read.
 */
async function seedQueue(db: Db, name: string, table: QueueTable, now: Date, jobs: (DemoJob & { payload: object })[]) {
  for (const job of jobs) {
    const createdAt = new Date(now.getTime() - job.ageMs);
    const [row] = await db
      .insert(table)
      .values({
        status: job.status,
        payload: job.payload,
        attempts: job.attempts,
        runAfter: job.status === 0 ? new Date(now.getTime() + 30 * DAY) : createdAt,
        lockedBy: job.status === 1 ? (job.lockedBy ?? `${name.slice('queue_'.length)}@demo-worker-2`) : null,
        lockedUntil: job.status === 1 ? new Date(now.getTime() + 30 * DAY) : null,
        lastError: job.lastError ?? null,
        result: job.result ?? (job.status === 5 && job.attempts === 0 ? { cancelled: true } : null),
        createdAt,
        updatedAt: new Date(createdAt.getTime() + 5 * MINUTE),
        completedAt: [2, 4, 5].includes(job.status) ? new Date(createdAt.getTime() + 5 * MINUTE) : null,
      })
      .returning({ id: table.id });
    if (!row) continue;
    const lines = historyOf(job);
    await db.insert(queueEvents).values(
      lines.map((line, index) => ({
        queue: name,
        jobId: row.id,
        fromStatus: line.from,
        toStatus: line.to,
        transition: line.transition,
        at: new Date(createdAt.getTime() + index * MINUTE),
        workerId: ['claim', 'complete', 'fail', 'backoff', 'attention'].includes(line.transition)
          ? `${name.slice('queue_'.length)}@demo-worker-1`
          : null,
        reason: line.reason ?? null,
      })),
    );
  }
}

/**
 * Queue rows in every status with errors worth reading (issue 15), in the proofs, uploads,
 * notifications, order moves and EPUB queues, each with its history, naming real demo proofs,
 * projects and orders so the pages link to them. Proof jobs carry `demo: true`: the API's first start
 * still queues the demo proofs' own processing (proofs/demo.ts counts only jobs without it).
 */
export async function seedQueueJobs(db: Db, now: Date): Promise<void> {
  const someProofs = await db
    .select({ id: proofs.id, projectId: proofs.projectId })
    .from(proofs)
    .orderBy(asc(proofs.id))
    .limit(8);
  const someProjects = await db
    .select({ id: projects.id, accountId: projects.accountId })
    .from(projects)
    .orderBy(asc(projects.id))
    .limit(8);
  const someOrders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isNotNull(orders.projectId))
    .orderBy(asc(orders.id))
    .limit(8);
  const proofAt = (index: number) => someProofs[index % Math.max(1, someProofs.length)]?.id ?? index + 1;
  const projectAt = (index: number) => someProjects[index % Math.max(1, someProjects.length)];
  const orderAt = (index: number) => someOrders[index % Math.max(1, someOrders.length)]?.id ?? index + 1;

  await seedQueue(db, 'queue_proofs', queueProofs, now, [
    { payload: { proofId: proofAt(0), demo: true }, status: 0, ageMs: 4 * MINUTE, attempts: 0 },
    {
      payload: { proofId: proofAt(1), demo: true },
      status: 1,
      ageMs: 2 * HOUR,
      attempts: 1,
      lockedBy: 'proofs@demo-worker-2',
    },
    { payload: { proofId: proofAt(2), demo: true }, status: 2, ageMs: 3 * HOUR, attempts: 1, result: { pages: 48 } },
    {
      payload: { proofId: proofAt(3), demo: true },
      status: 3,
      ageMs: 26 * HOUR,
      attempts: 5,
      lastError:
        'Page 17 could not be rendered: the PDF references a font (Futura-Bold) that is neither embedded nor installed.',
    },
    {
      payload: { proofId: proofAt(4), demo: true },
      status: 3,
      ageMs: 50 * MINUTE,
      attempts: 1,
      lastError: 'The uploaded file is not a PDF (it starts with "PK": a ZIP archive). Ask the school to export a PDF.',
    },
    {
      payload: { proofId: proofAt(5), demo: true },
      status: 4,
      ageMs: 5 * HOUR,
      attempts: 1,
      lastError: 'The book has 47 pages: a perfect-bound book needs an even page count. A blank page may be missing.',
      result: { pages: 47 },
    },
    {
      payload: { proofId: proofAt(6), demo: true },
      status: 5,
      ageMs: 3 * DAY,
      attempts: 1,
      lastError: '12 photos are below 150 ppi at their printed size (pages 4, 9, 22…).',
      result: { pages: 64, lowResolutionPhotos: 12 },
    },
  ]);

  const uploadOf = (index: number, fileName: string) => {
    const project = projectAt(index);
    return {
      projectId: project?.id ?? index + 1,
      accountId: project?.accountId ?? 1,
      fileKey: `demo/uploads/${fileName}`,
      fileName,
      demo: true,
    };
  };
  await seedQueue(db, 'queue_uploads', queueUploads as unknown as QueueTable, now, [
    { payload: uploadOf(0, 'spring-sports.pdf'), status: 0, ageMs: 2 * MINUTE, attempts: 0 },
    { payload: uploadOf(1, 'senior-portraits.pdf'), status: 2, ageMs: 6 * HOUR, attempts: 1 },
    {
      payload: uploadOf(2, 'clubs-section.pdf'),
      status: 3,
      ageMs: 9 * HOUR,
      attempts: 5,
      lastError: 'The upload was incomplete: 38 of 41 parts arrived before the upload link expired.',
    },
    {
      payload: uploadOf(3, 'cover-final.pdf'),
      status: 4,
      ageMs: 30 * MINUTE,
      attempts: 1,
      lastError:
        'The processing allowance for this user (20 uploads an hour) is used up; it runs again at the top of the hour.',
    },
    { payload: uploadOf(4, 'old-cover.pdf'), status: 5, ageMs: 2 * DAY, attempts: 0 },
  ]);

  await seedQueue(db, 'queue_notifications', queueNotifications as unknown as QueueTable, now, [
    { payload: { notificationId: 900_001, demo: true }, status: 0, ageMs: MINUTE, attempts: 0 },
    { payload: { notificationId: 900_002, demo: true }, status: 2, ageMs: 4 * HOUR, attempts: 1 },
    {
      payload: { notificationId: 900_003, demo: true },
      status: 3,
      ageMs: 20 * HOUR,
      attempts: 5,
      lastError: 'The mail server refused the recipient: 550 5.1.1 <adviser@lincoln-high.example> mailbox unavailable.',
    },
    {
      payload: { notificationId: 900_004, demo: true },
      status: 4,
      ageMs: 3 * HOUR,
      attempts: 1,
      lastError: 'The recipient unsubscribed from proof reminders; nothing was sent.',
    },
  ]);

  await seedQueue(db, 'queue_moves', queueMoves as unknown as QueueTable, now, [
    {
      payload: {
        orderId: orderAt(0),
        action: 'send',
        manufacturerId: null,
        plantId: null,
        reason: null,
        requestedBy: null,
        demo: true,
      },
      status: 2,
      ageMs: 8 * HOUR,
      attempts: 1,
    },
    {
      payload: {
        orderId: orderAt(1),
        action: 'send',
        manufacturerId: null,
        plantId: null,
        reason: null,
        requestedBy: null,
        demo: true,
      },
      status: 3,
      ageMs: 14 * HOUR,
      attempts: 5,
      lastError:
        'The plant (Beltsville) did not accept the job ticket: HTTP 503 from its order endpoint after 5 tries.',
    },
    {
      payload: {
        orderId: orderAt(2),
        action: 'resend',
        manufacturerId: null,
        plantId: null,
        reason: 'Cover replaced',
        requestedBy: null,
        demo: true,
      },
      status: 4,
      ageMs: 90 * MINUTE,
      attempts: 1,
      lastError: 'The plant already printed this order; the resend was recorded but not sent. Call the plant.',
    },
  ]);

  // EPUB jobs name proofs that do not exist: a demo proof's EPUB status reads its own queue row.
  await seedQueue(db, 'queue_epubs', queueEpubs as unknown as QueueTable, now, [
    { payload: { proofId: 990_001, demo: true }, status: 0, ageMs: 3 * MINUTE, attempts: 0 },
    {
      payload: { proofId: 990_002, demo: true },
      status: 3,
      ageMs: 2 * DAY,
      attempts: 3,
      lastError: 'The proof has no rendered pages yet: the EPUB is made from them once processing completes.',
    },
    {
      payload: { proofId: 990_003, demo: true },
      status: 1,
      ageMs: 40 * MINUTE,
      attempts: 1,
      lockedBy: 'epubs@demo-worker-2',
    },
  ]);

  // Card detachments (cards/detach.ts): cards removed here, taken off their customer at the provider.
  const detachOf = (index: number, cardRef: string) => ({
    kind: 'card_detach',
    provider: 'stripe',
    customerRef: `cus_demo_${index + 1}`,
    cardRef,
    accountId: projectAt(index)?.accountId ?? 1,
    storedCardId: null,
    demo: true,
  });
  await seedQueue(db, 'queue_payments', queuePayments as unknown as QueueTable, now, [
    {
      payload: detachOf(0, 'card_demo_visa_4242'),
      status: 2,
      ageMs: 5 * HOUR,
      attempts: 1,
      result: { cardRef: 'card_demo_visa_4242', outcome: 'detached' },
    },
    {
      payload: detachOf(1, 'card_demo_amex_0005'),
      status: 3,
      ageMs: 30 * HOUR,
      attempts: 5,
      lastError:
        'The card provider did not answer (HTTP 503) five times: the card is gone here and never charged again.',
    },
    {
      payload: detachOf(2, 'card_demo_mc_4444'),
      status: 4,
      ageMs: 2 * HOUR,
      attempts: 1,
      lastError:
        "This server's card provider is offline, not stripe: detach card_demo_mc_4444 from cus_demo_3 in stripe's dashboard.",
    },
  ]);

  await seedProcessorStatuses(db, now);
}

/** The running workers' pulse (queue/worker.ts's default): the demo's beat as often. */
const DEMO_PULSE_MS = 15_000;

/**
 * Two processors besides the live ones (issue 15 Demo: "two processors, one stale"):
 * `proofs@demo-worker-2` died while running the demo's Processing proof job (it holds its lease), so
 * its last heartbeat is that long ago and it never stopped: stale, red on the page, and it stays so;
 * `uploads@demo-worker-1` beat steadily until it stopped cleanly six hours ago (a deploy). A seeded
 * row cannot keep beating, so the healthy pulses are the running workers' own (`npm start`). The ids
 * have no `:`: a real worker is `<queue>@<host>:<pid>:<random>` (queue/worker.ts), so it never
 * overwrites them.
 */
export async function seedProcessorStatuses(db: Db, now: Date): Promise<void> {
  const [held] = await db
    .select({ id: queueProofs.id, createdAt: queueProofs.createdAt })
    .from(queueProofs)
    .where(and(eq(queueProofs.status, 1), eq(queueProofs.lockedBy, 'proofs@demo-worker-2')))
    .limit(1);
  const diedAt = held ? new Date(held.createdAt.getTime() + 2 * MINUTE) : new Date(now.getTime() - 2 * HOUR);
  const stale = {
    workerId: 'proofs@demo-worker-2',
    queue: 'proofs',
    host: 'demo-worker-2',
    pid: 4127,
    startedAt: new Date(diedAt.getTime() - 3 * DAY),
    lastHeartbeatAt: diedAt,
    stoppedAt: null,
    currentJobId: held?.id ?? null,
    jobsDone: 1_284,
    jobsFailed: 9,
    version: 'demo',
    state: held ? 'busy' : 'idle',
    lastSuccessAt: new Date(diedAt.getTime() - 4 * MINUTE),
    pulseMs: DEMO_PULSE_MS,
  };
  if (!isProcessorStale(stale, now)) throw new Error('the demo stale processor must be stale when seeded');
  const stoppedAt = new Date(now.getTime() - 6 * HOUR);
  const stopped = {
    workerId: 'uploads@demo-worker-1',
    queue: 'uploads',
    host: 'demo-worker-1',
    pid: 3981,
    startedAt: new Date(stoppedAt.getTime() - 2 * DAY),
    lastHeartbeatAt: stoppedAt,
    stoppedAt,
    currentJobId: null,
    jobsDone: 312,
    jobsFailed: 2,
    version: 'demo',
    state: 'idle',
    lastSuccessAt: new Date(stoppedAt.getTime() - 20 * MINUTE),
    pulseMs: DEMO_PULSE_MS,
  };
  await db
    .insert(processorStatuses)
    .values([stale, stopped])
    .onConflictDoUpdate({
      target: processorStatuses.workerId,
      set: {
        startedAt: sql`excluded.started_at`,
        lastHeartbeatAt: sql`excluded.last_heartbeat_at`,
        stoppedAt: sql`excluded.stopped_at`,
        currentJobId: sql`excluded.current_job_id`,
        state: sql`excluded.state`,
      },
    });
}
