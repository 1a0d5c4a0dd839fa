import { auditLog } from '@colophon/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, OWNER, type TestApp, VOLUNTEER } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const tours = (as: string) => t.call({ method: 'GET', url: '/api/profile/tours', as });
const record = (as: string, tourId: string, payload: unknown) =>
  t.call({ method: 'PUT', url: `/api/profile/tours/${tourId}`, as, payload: payload as Record<string, unknown> });

describe('the walkthroughs a user finished or ended', () => {
  it('starts empty, remembers a finished and an ended tour, and a second answer replaces the first', async () => {
    expect((await tours(ADVISER)).json()).toEqual({ data: [] });
    const finished = await record(ADVISER, 'proofs', { outcome: 'finished' });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ tourId: 'proofs', outcome: 'finished' });
    expect((await record(ADVISER, 'getting-around', { outcome: 'ended' })).statusCode).toBe(200);
    expect((await record(ADVISER, 'getting-around', { outcome: 'finished' })).statusCode).toBe(200);
    const list = await tours(ADVISER);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { tourId: string; outcome: string }) => [row.tourId, row.outcome])).toEqual([
      ['getting-around', 'finished'],
      ['proofs', 'finished'],
    ]);
  });

  it("keeps each user's own: another user sees none of the adviser's, and resetting touches only one's own", async () => {
    await record(OWNER, 'accounts', { outcome: 'ended' });
    expect((await tours(VOLUNTEER)).json()).toEqual({ data: [] });
    expect((await tours(OWNER)).json().data.map((row: { tourId: string }) => row.tourId)).toEqual(['accounts']);
    const reset = await t.call({ method: 'DELETE', url: '/api/profile/tours', as: OWNER });
    expect(reset.statusCode).toBe(204);
    expect((await tours(OWNER)).json()).toEqual({ data: [] });
    expect((await tours(ADVISER)).json().data).toHaveLength(2);
  });

  it('refuses an unknown tour or outcome naming the field, and changes nothing', async () => {
    const unknownTour = await record(VOLUNTEER, 'no-such-tour', { outcome: 'finished' });
    expect(unknownTour.statusCode).toBe(400);
    expect(unknownTour.json().errors[0].path).toBe('tourId');
    const unknownOutcome = await record(VOLUNTEER, 'proofs', { outcome: 'skipped' });
    expect(unknownOutcome.statusCode).toBe(400);
    expect(unknownOutcome.json().errors[0].path).toBe('outcome');
    const extra = await record(VOLUNTEER, 'proofs', { outcome: 'finished', userId: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await tours(VOLUNTEER)).json()).toEqual({ data: [] });
  });

  it('needs a session, and audits a change', async () => {
    expect((await t.call({ method: 'GET', url: '/api/profile/tours' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'PUT', url: '/api/profile/tours/users', payload: { outcome: 'ended' } })).statusCode,
    ).toBe(401);
    await record(VOLUNTEER, 'users', { outcome: 'ended' });
    const [last] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'PUT'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(last).toMatchObject({ resource: 'profile/tours/:tourId', detail: { params: { tourId: 'users' } } });
  });
});
