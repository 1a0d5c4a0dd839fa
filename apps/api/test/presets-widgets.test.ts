import { accounts, presets } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';

let t: TestApp;
const accountIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(accounts)) accountIds[row.name] = row.id;
});
afterAll(async () => t.close());

describe('presets', () => {
  it('shows a school its own presets and its studio’s, and a studio its own', async () => {
    const school = (await t.call({ method: 'GET', url: '/api/presets', as: ADVISER })).json();
    expect(school.data.map((preset: { name: string }) => preset.name)).toEqual([
      'Classic hard cover',
      'Elementary soft cover',
      'Lincoln senior book',
    ]);
    const direct = (await t.call({ method: 'GET', url: '/api/presets', as: DIRECT_ADVISER })).json();
    expect(direct.total).toBe(0);
  });

  it('creates, renames and deletes a preset; a school cannot change its studio’s', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: ADVISER,
      payload: {
        accountId: accountIds['Lincoln High School'],
        name: 'Lincoln mini',
        specification: { typeBook: 1, pageCount: 32, typeSize: 5 },
      },
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: ADVISER,
      payload: { accountId: accountIds['Lincoln High School'], name: 'LINCOLN MINI', specification: {} },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].path).toBe('name');
    const renamed = await t.call({
      method: 'PUT',
      url: `/api/presets/${created.json().id}`,
      as: ADVISER,
      payload: { name: 'Lincoln pocket book' },
    });
    expect(renamed.json().name).toBe('Lincoln pocket book');
    const [studioPreset] = await t.handle.db.select().from(presets).where(eq(presets.name, 'Classic hard cover'));
    const refused = await t.call({
      method: 'PUT',
      url: `/api/presets/${studioPreset!.id}`,
      as: ADVISER,
      payload: { name: 'Mine' },
    });
    expect(refused.statusCode).toBe(403);
    const removed = await t.call({ method: 'DELETE', url: `/api/presets/${created.json().id}`, as: ADVISER });
    expect(removed.statusCode).toBe(204);
  });

  it('answers 400 naming the field and 404 for another tenant’s preset', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: OWNER,
      payload: {
        accountId: accountIds['Evergreen Portrait Studio'],
        name: 'Bad',
        specification: { typeBook: 1, pageCount: 400 },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('specification.pageCount');
    const foreignAccount = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: OWNER,
      payload: { accountId: accountIds['Oak Valley High School'], name: 'Bad', specification: {} },
    });
    expect(foreignAccount.json().errors[0].path).toBe('accountId');
    const [lincolnPreset] = await t.handle.db.select().from(presets).where(eq(presets.name, 'Lincoln senior book'));
    const hidden = await t.call({ method: 'GET', url: `/api/presets/${lincolnPreset!.id}`, as: DIRECT_ADVISER });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('widgets', () => {
  it('shows upcoming deadlines, proofs awaiting review and orders in production from real data', async () => {
    const deadlines = await t.call({ method: 'GET', url: '/api/widgets/upcoming_deadlines', as: OWNER });
    expect(deadlines.statusCode).toBe(200);
    expect(deadlines.json()).toMatchObject({
      name: 'upcoming_deadlines',
      title: 'Upcoming Deadlines',
      settings: { limit: 5, accountId: null, hidden: false },
    });
    expect(deadlines.json().items).toHaveLength(5);
    expect(deadlines.json().total).toBeGreaterThan(5);
    const proofs = (
      await t.call({ method: 'GET', url: '/api/widgets/proofs_awaiting_review?limit=50', as: OWNER })
    ).json();
    expect(proofs.items.length).toBeGreaterThan(0);
    expect(proofs.items.every((item: { statusLabel: string }) => item.statusLabel === 'Needs Review')).toBe(true);
    const orders = (
      await t.call({ method: 'GET', url: '/api/widgets/orders_in_production?limit=50', as: SUPER })
    ).json();
    expect(orders.items.length).toBeGreaterThan(0);
    expect(new Set(orders.items.map((item: { displayStatus: string }) => item.displayStatus))).toContain(
      'In Production',
    );
    expect(orders.items.every((item: { status: number }) => [1, 4, 5, 10, 11].includes(item.status))).toBe(true);
  });

  it('keeps the caller’s settings (POST) and narrows to one account’s tree', async () => {
    const north = accountIds['Evergreen North'];
    const saved = await t.call({
      method: 'POST',
      url: '/api/widgets/upcoming_deadlines',
      as: OWNER,
      payload: { limit: 2, accountId: north },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual({ limit: 2, accountId: north, hidden: false });
    expect(saved.json().items).toHaveLength(2);
    const again = (await t.call({ method: 'GET', url: '/api/widgets/upcoming_deadlines', as: OWNER })).json();
    expect(again.settings).toEqual({ limit: 2, accountId: north, hidden: false });
    const others = (await t.call({ method: 'GET', url: '/api/widgets/upcoming_deadlines', as: ADVISER })).json();
    expect(others.settings.limit).toBe(5);
    expect(others.items.every((item: { accountName: string }) => item.accountName === 'Lincoln High School')).toBe(
      true,
    );
  });

  it('answers 400 naming the field', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/widgets/weather', as: OWNER });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('name');
    const limit = await t.call({
      method: 'POST',
      url: '/api/widgets/orders_in_production',
      as: OWNER,
      payload: { limit: 0 },
    });
    expect(limit.json().errors[0].path).toBe('limit');
    const foreign = await t.call({
      method: 'POST',
      url: '/api/widgets/orders_in_production',
      as: OWNER,
      payload: { accountId: accountIds['Oak Valley High School'] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('accountId');
  });
});
