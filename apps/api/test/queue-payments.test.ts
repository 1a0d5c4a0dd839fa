import { accounts } from '@colophon/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, enqueue, fail, QueueStatus } from '../src/queue';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

let t: TestApp;
const db = () => t.handle.db;

let account: { id: number; name: string };
let failedId: number;

/** A card-detach job as cards/detach.ts queues it. */
const detachOf = (cardRef: string, accountId: number) => ({
  kind: 'card_detach',
  provider: 'stripe',
  customerRef: 'cus_demo_1',
  cardRef,
  accountId,
  storedCardId: null,
});

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await db().select({ id: accounts.id, name: accounts.name }).from(accounts).orderBy(asc(accounts.id));
  account = first!;
  failedId = (await enqueue(db(), 'payments', detachOf('card_refused', account.id))).id;
  const job = await claim(db(), 'payments', 'test-worker', 30_000);
  expect(job?.id).toBe(failedId);
  await fail(db(), job!, new Error('The provider answered 503'), { permanent: true });
  await enqueue(db(), 'payments', detachOf('card_waiting', account.id));
});
afterAll(async () => t.close());

describe('the card detachments queue (queue_payments)', () => {
  it('lists its jobs to a super administrator, with the account the payload names', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_payments?include=links', as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      total: number;
      data: { id: number; payload: { cardRef: string }; links: { account: { id: number; name: string } | null } }[];
    };
    expect(body.total).toBe(2);
    expect(body.data.map((job) => job.payload.cardRef).sort()).toEqual(['card_refused', 'card_waiting']);
    expect(body.data[0]?.links.account).toEqual(account);
    const byAccount = await t.call({ method: 'GET', url: `/api/queue_payments?accountId=${account.id}`, as: SUPER });
    expect(byAccount.json().total).toBe(2);
    const byCard = await t.call({ method: 'GET', url: '/api/queue_payments?search=card_refused', as: SUPER });
    expect(byCard.json().data.map((job: { id: number }) => job.id)).toEqual([failedId]);
  });

  it('retries a failed detachment back to Waiting', async () => {
    const response = await t.call({ method: 'POST', url: `/api/queue_payments/${failedId}/retry`, as: SUPER });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: failedId, status: QueueStatus.Waiting, attempts: 0 });
  });

  it('creates a job only with what its worker reads: 400 naming the missing field', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/queue_payments',
      as: SUPER,
      payload: { payload: detachOf('card_by_hand', account.id) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: QueueStatus.Waiting, payload: { cardRef: 'card_by_hand' } });
    const { cardRef: _missing, ...withoutCard } = detachOf('x', account.id);
    const bad = await t.call({
      method: 'POST',
      url: '/api/queue_payments',
      as: SUPER,
      payload: { payload: withoutCard },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('payload.cardRef');
  });

  it('is refused to anyone but a super administrator', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_payments', as: ADVISER });
    expect(response.statusCode).toBe(403);
  });
});
