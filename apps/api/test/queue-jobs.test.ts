import { auditLog, projects, proofs, queueEvents, queueProofs } from '@colophon/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, complete, enqueue, fail, QueueStatus } from '../src/queue';
import { createTestApp, OWNER, SUPER, type TestApp } from './harness';

/**
 * The processing queues through the API (issue 15): a person's transitions allowed and refused (409
 * naming from and to, nothing changed), the bulk retry, counts per status, history and links, and
 * part 7's generic calls under the same rules.
 */
let t: TestApp;
const db = () => t.handle.db;
let proofId: number;
let projectId: number;
let accountId: number;

/** A proof job driven to Error by its worker (claimed, failed for good). */
/** Due before any other waiting job (run_after at the epoch), so the next claim takes it. */
const first = { runAfter: new Date(0) };

async function failedProofJob(message: string, payload: Record<string, unknown> = { proofId }) {
  const row = await enqueue(db(), 'proofs', payload, first);
  const job = await claim(db(), 'proofs', 'proofs@test', 30_000);
  expect(job?.id).toBe(row.id);
  if (!job) throw new Error('no job claimed');
  await fail(db(), job, new Error(message), { permanent: true });
  return row.id;
}

async function completedProofJob() {
  const row = await enqueue(db(), 'proofs', { proofId }, first);
  const job = await claim(db(), 'proofs', 'proofs@test', 30_000);
  if (!job) throw new Error('no job claimed');
  await complete(db(), job, { pages: 4 });
  return row.id;
}

const jobRow = async (id: number) => (await db().select().from(queueProofs).where(eq(queueProofs.id, id)))[0];
const historyOf = (id: number) =>
  db()
    .select()
    .from(queueEvents)
    .where(and(eq(queueEvents.queue, 'queue_proofs'), eq(queueEvents.jobId, id)))
    .orderBy(queueEvents.id);

beforeAll(async () => {
  t = await createTestApp();
  const [proof] = await db()
    .select({ id: proofs.id, projectId: proofs.projectId, accountId: projects.accountId })
    .from(proofs)
    .innerJoin(projects, eq(projects.id, proofs.projectId))
    .limit(1);
  if (!proof) throw new Error('the demo has no proof');
  proofId = proof.id;
  projectId = proof.projectId;
  accountId = proof.accountId;
  // Only this test's jobs in the proofs queue.
  await db().delete(queueProofs);
});
afterAll(async () => t.close());

describe('a person’s transitions', () => {
  it.each([
    ['retry', 'Waiting', QueueStatus.Waiting],
    ['addressed', 'Addressed', QueueStatus.Addressed],
  ] as const)('%s moves an Error job to %s, with its history line', async (action, _label, to) => {
    const id = await failedProofJob(`cannot render (${action})`);
    const response = await t.call({ method: 'POST', url: `/api/queue_proofs/${id}/${action}`, as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, status: to });
    const history = await historyOf(id);
    expect(history.map((line) => [line.transition, line.fromStatus, line.toStatus])).toEqual([
      ['enqueue', null, QueueStatus.Waiting],
      ['claim', QueueStatus.Waiting, QueueStatus.Processing],
      ['fail', QueueStatus.Processing, QueueStatus.Error],
      [action, QueueStatus.Error, to],
    ]);
    expect(history[2]?.workerId).toBe('proofs@test');
    expect(history[2]?.reason).toBe(`cannot render (${action})`);
    expect(history[3]?.userId).not.toBeNull();
  });

  it('cancels a waiting job: Addressed, with the result { cancelled: true }', async () => {
    const { id } = await enqueue(db(), 'proofs', { proofId });
    const response = await t.call({ method: 'POST', url: `/api/queue_proofs/${id}/cancel`, as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: QueueStatus.Addressed, result: { cancelled: true } });
  });

  it.each([
    ['retry', 'Complete', 'Waiting'],
    ['addressed', 'Complete', 'Addressed'],
    ['cancel', 'Complete', 'Addressed'],
  ] as const)('refuses %s from %s with 409 naming %s, and changes nothing', async (action, from, to) => {
    const id = await completedProofJob();
    const before = await jobRow(id);
    const linesBefore = (await historyOf(id)).length;
    const response = await t.call({ method: 'POST', url: `/api/queue_proofs/${id}/${action}`, as: SUPER });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(`Proof job ${id} is ${from}: it cannot go from ${from} to ${to}.`);
    expect(await jobRow(id)).toEqual(before);
    expect(await historyOf(id)).toHaveLength(linesBefore);
  });

  it('refuses to retry a waiting job (0 → 0) and 404s an unknown one', async () => {
    const { id } = await enqueue(db(), 'proofs', { proofId });
    const waiting = await t.call({ method: 'POST', url: `/api/queue_proofs/${id}/retry`, as: SUPER });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toContain('cannot go from Waiting to Waiting');
    const missing = await t.call({ method: 'POST', url: '/api/queue_proofs/9999999/cancel', as: SUPER });
    expect(missing.statusCode).toBe(404);
  });
});

describe('counts, history and links', () => {
  it('counts the jobs per status, zero included, in one answer', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_proofs/counts', as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { counts: { status: number; count: number; atLeast: boolean }[]; total: number };
    expect(body.counts.every((row) => row.atLeast === false)).toBe(true);
    expect(body.counts.map((row) => row.status)).toEqual([0, 1, 2, 3, 4, 5]);
    const rows = await db().select({ status: queueProofs.status }).from(queueProofs);
    expect(body.total).toBe(rows.length);
    expect(body.counts[3]?.count).toBe(rows.filter((row) => row.status === QueueStatus.Error).length);
  });

  it('answers a job with its history and its proof, project and account as links', async () => {
    const id = await failedProofJob('The PDF has no pages');
    const response = await t.call({
      method: 'GET',
      url: `/api/queue_proofs/${id}?include=history,links`,
      as: SUPER,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.history.map((line: { transition: string }) => line.transition)).toEqual(['enqueue', 'claim', 'fail']);
    expect(body.links.proof.id).toBe(proofId);
    expect(body.links.project.id).toBe(projectId);
    expect(body.links.account.id).toBe(accountId);
    expect(body.links.order).toBeNull();
  });

  it('filters the list by account, project and error text', async () => {
    const id = await failedProofJob('Fonts not embedded: Helvetica');
    const byAccount = await t.call({
      method: 'GET',
      url: `/api/queue_proofs?accountId=${accountId}&error=helvetica`,
      as: SUPER,
    });
    expect(byAccount.statusCode, byAccount.body).toBe(200);
    expect(byAccount.json().data.map((job: { id: number }) => job.id)).toEqual([id]);
    const byProject = await t.call({ method: 'GET', url: `/api/queue_proofs?projectId=${projectId}`, as: SUPER });
    expect(byProject.json().data.map((job: { id: number }) => job.id)).toContain(id);
    const otherProject = await t.call({ method: 'GET', url: '/api/queue_proofs?projectId=999999', as: SUPER });
    expect(otherProject.json().total).toBe(0);
  });

  it('answers 400 naming status for an unknown status', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_proofs?status[]=9', as: SUPER });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain('status');
  });
});

describe('bulk retry', () => {
  it('retries the filtered set in one go, leaves the rest, and audits the count', async () => {
    const matching = [
      await failedProofJob('Timeout rendering page 3'),
      await failedProofJob('Timeout rendering page 9'),
    ];
    const other = await failedProofJob('Corrupt image on page 2');
    const done = await completedProofJob();
    const response = await t.call({
      method: 'POST',
      url: '/api/queue_proofs/bulk_retry',
      as: SUPER,
      payload: { status: [QueueStatus.Error, QueueStatus.Complete], error: 'timeout rendering' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ retried: 2, ids: matching, capped: false });
    for (const id of matching) expect((await jobRow(id))?.status).toBe(QueueStatus.Waiting);
    expect((await jobRow(other))?.status).toBe(QueueStatus.Error);
    expect((await jobRow(done))?.status).toBe(QueueStatus.Complete);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'queue_proofs/bulk_retry'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ body: { retried: 2 } });
  });

  it('refuses a caller who may not see the queue (403), and named jobs that are not there (404): nothing changes', async () => {
    const id = await failedProofJob('Missing bleed');
    const refused = await t.call({
      method: 'POST',
      url: '/api/queue_proofs/bulk_retry',
      as: OWNER,
      payload: { ids: [id] },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.call({
      method: 'POST',
      url: '/api/queue_proofs/bulk_retry',
      as: SUPER,
      payload: { ids: [id, 9_999_999] },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await jobRow(id))?.status).toBe(QueueStatus.Error);
  });

  it('answers 400 naming the field for an unknown status', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/queue_proofs/bulk_retry',
      as: SUPER,
      payload: { status: [7] },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain('status');
  });
});

describe('the generic calls of part 7', () => {
  it('creates a waiting job, its payload checked against the queue', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/queue_proofs',
      as: SUPER,
      payload: { payload: { proofId }, maxAttempts: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: QueueStatus.Waiting, maxAttempts: 3, payload: { proofId } });
    const bad = await t.call({ method: 'POST', url: '/api/queue_proofs', as: SUPER, payload: { payload: { x: 1 } } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('payload.proofId');
  });

  it('moves status by a person’s transition only; 409 otherwise and 400 for an unknown status', async () => {
    const id = await failedProofJob('Low resolution image');
    const retried = await t.call({
      method: 'PUT',
      url: `/api/queue_proofs/${id}`,
      as: SUPER,
      payload: { status: QueueStatus.Waiting, reason: 'Image replaced' },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().status).toBe(QueueStatus.Waiting);
    expect((await historyOf(id)).at(-1)).toMatchObject({ transition: 'retry', reason: 'Image replaced' });

    const before = await jobRow(id);
    const toComplete = await t.call({
      method: 'PUT',
      url: `/api/queue_proofs/${id}`,
      as: SUPER,
      payload: { status: QueueStatus.Complete },
    });
    expect(toComplete.statusCode).toBe(409);
    expect(toComplete.json().detail).toContain('cannot go from Waiting to Complete');
    expect(await jobRow(id)).toEqual(before);

    const unknown = await t.call({ method: 'PUT', url: `/api/queue_proofs/${id}`, as: SUPER, payload: { status: 8 } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().errors)).toContain('status');
  });

  it('changes run_after and max_attempts of a waiting job only', async () => {
    const { id } = await enqueue(db(), 'proofs', { proofId });
    const runAfter = '2030-01-01T00:00:00.000Z';
    const changed = await t.call({
      method: 'PUT',
      url: `/api/queue_proofs/${id}`,
      as: SUPER,
      payload: { runAfter, maxAttempts: 9 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ runAfter, maxAttempts: 9 });
    const finished = await completedProofJob();
    const refused = await t.call({
      method: 'PUT',
      url: `/api/queue_proofs/${finished}`,
      as: SUPER,
      payload: { maxAttempts: 9 },
    });
    expect(refused.statusCode).toBe(409);
  });

  it('deletes a job no worker holds, and refuses a Processing one', async () => {
    const { id } = await enqueue(db(), 'proofs', { proofId: 424242 }, first);
    const job = await claim(db(), 'proofs', 'proofs@test', 30_000);
    expect(job?.id).toBe(id);
    const refused = await t.call({ method: 'DELETE', url: `/api/queue_proofs/${id}`, as: SUPER });
    expect(refused.statusCode).toBe(409);
    expect((await jobRow(id))?.status).toBe(QueueStatus.Processing);
    if (job) await complete(db(), job);
    const deleted = await t.call({ method: 'DELETE', url: `/api/queue_proofs/${id}`, as: SUPER });
    expect(deleted.statusCode).toBe(204);
    expect(await jobRow(id)).toBeUndefined();
    expect(await historyOf(id)).toHaveLength(0);
  });

  it('refuses every generic write to anyone but a super administrator', async () => {
    const { id } = await enqueue(db(), 'proofs', { proofId });
    for (const request of [
      { method: 'POST' as const, url: '/api/queue_proofs', payload: { payload: { proofId } } },
      { method: 'PUT' as const, url: `/api/queue_proofs/${id}`, payload: { status: QueueStatus.Addressed } },
      { method: 'DELETE' as const, url: `/api/queue_proofs/${id}` },
    ]) {
      const response = await t.call({ ...request, as: OWNER });
      expect(response.statusCode).toBe(403);
    }
    expect((await jobRow(id))?.status).toBe(QueueStatus.Waiting);
  });
});
