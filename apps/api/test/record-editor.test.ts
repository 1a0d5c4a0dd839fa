import { accounts, auditLog, orders, projects, proofs } from '@colophon/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, OWNER, SUPER, type TestApp } from './harness';

/*
 * The super administrator's record editor (issue 15): proofs created, edited and deleted through
 * POST/PUT/DELETE /api/proofs (super administrators only), every change with a reason that reaches
 * the audit row, and deletes that would orphan records refused with what holds them.
 */

let t: TestApp;
const because = (reason: string) => ({ 'x-change-reason': encodeURIComponent(reason) });

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function lastAudit(resource: string, resourceId: string) {
  const [row] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, resource), eq(auditLog.resourceId, resourceId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function projectWithoutProofs() {
  const [row] = await t.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`not exists (select 1 from proofs p where p.project_id = ${projects.id}) and ${projects.isActive}`)
    .limit(1);
  if (!row) throw new Error('no project without proofs in the demo');
  return row.id;
}

describe('proofs in the record editor', () => {
  it('creates a proof only with a reason (400 naming x-change-reason), in the next round, audited with the reason', async () => {
    const projectId = await projectWithoutProofs();
    const payload = { projectId, status: 1, pageCount: 48 };
    const missing = await t.call({ method: 'POST', url: '/api/proofs', as: SUPER, payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'x-change-reason', message: 'Say why you make this change.' }]);

    const created = await t.call({
      method: 'POST',
      url: '/api/proofs',
      as: SUPER,
      payload,
      headers: because('Plant re-keyed the lost first round'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ projectId, status: 1, pageCount: 48, roundNumber: 1 });
    const second = await t.call({
      method: 'POST',
      url: '/api/proofs',
      as: SUPER,
      payload: { projectId },
      headers: because('Second round'),
    });
    expect(second.json().roundNumber).toBe(2);

    const audit = await lastAudit('proofs', String(second.json().id));
    expect(audit?.detail).toMatchObject({ reason: 'Second round', body: { projectId } });
  });

  it('edits a proof with a reason, kept in the audit row and the proof history', async () => {
    const projectId = await projectWithoutProofs();
    const created = (
      await t.call({ method: 'POST', url: '/api/proofs', as: SUPER, payload: { projectId }, headers: because('New') })
    ).json();
    const updated = await t.call({
      method: 'PUT',
      url: `/api/proofs/${created.id}`,
      as: SUPER,
      payload: { status: 3, internalStatus: 8 },
      headers: because('School approved by phone, réf. 42'),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 3, internalStatus: 8 });
    expect((await lastAudit('proofs/:id', String(created.id)))?.detail).toMatchObject({
      reason: 'School approved by phone, réf. 42',
    });
    const history = await t.call({ method: 'GET', url: `/api/proofs/${created.id}/proof_internal_actions`, as: SUPER });
    expect(history.json().data.map((action: { note: string }) => action.note)).toContain(
      'School approved by phone, réf. 42',
    );
  });

  it('deletes a proof without orders; refuses one orders were placed from (409 saying how many)', async () => {
    const projectId = await projectWithoutProofs();
    const created = (
      await t.call({ method: 'POST', url: '/api/proofs', as: SUPER, payload: { projectId }, headers: because('Test') })
    ).json();
    const noReason = await t.call({ method: 'DELETE', url: `/api/proofs/${created.id}`, as: SUPER });
    expect(noReason.statusCode).toBe(400);
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/proofs/${created.id}`,
      as: SUPER,
      headers: because('Made by mistake'),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/proofs/${created.id}`, as: SUPER })).statusCode).toBe(404);

    // An order placed from a proof made here (the demo's orders name no proof).
    const placedFrom = (
      await t.call({ method: 'POST', url: '/api/proofs', as: SUPER, payload: { projectId }, headers: because('Test') })
    ).json();
    const [project] = await t.handle.db
      .select({ accountId: projects.accountId })
      .from(projects)
      .where(eq(projects.id, projectId));
    await t.handle.db
      .insert(orders)
      .values({ projectId, accountId: project?.accountId ?? 0, proofId: placedFrom.id, copies: 10 });
    const held = { proofId: placedFrom.id as number, total: 1 };
    const refused = await t.call({
      method: 'DELETE',
      url: `/api/proofs/${held.proofId}`,
      as: SUPER,
      headers: because('Clean up'),
    });
    expect(refused.statusCode).toBe(409);
    const orderWord = held.total === 1 ? 'order' : 'orders';
    expect(refused.json().detail).toBe(
      `Proof ${held.proofId} has ${held.total} ${orderWord}. Cancel or move them first.`,
    );
  });

  it.each([
    { method: 'POST' as const, url: () => '/api/proofs' },
    { method: 'PUT' as const, url: (id: number) => `/api/proofs/${id}` },
    { method: 'DELETE' as const, url: (id: number) => `/api/proofs/${id}` },
  ])('$method is for super administrators only (403)', async ({ method, url }) => {
    const [proof] = await t.handle.db.select({ id: proofs.id }).from(proofs).limit(1);
    const response = await t.call({
      method,
      url: url(proof?.id ?? 1),
      as: OWNER,
      headers: because('Trying'),
      ...(method === 'DELETE' ? {} : { payload: { projectId: 1 } }),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('deletes that would orphan records', () => {
  it('refuses to close a project with orders and proofs, saying what holds it', async () => {
    const [held] = await t.handle.db
      .select({ projectId: orders.projectId })
      .from(orders)
      .innerJoin(projects, eq(projects.id, orders.projectId))
      .where(eq(projects.isActive, true))
      .limit(1);
    if (!held) throw new Error('no project with orders in the demo');
    const [[placed], [proofRows]] = await Promise.all([
      t.handle.db.select({ total: count() }).from(orders).where(eq(orders.projectId, held.projectId)),
      t.handle.db.select({ total: count() }).from(proofs).where(eq(proofs.projectId, held.projectId)),
    ]);
    const response = await t.call({
      method: 'DELETE',
      url: `/api/projects/${held.projectId}`,
      as: SUPER,
      headers: because('Closing'),
    });
    expect(response.statusCode).toBe(409);
    const n = (value: number | undefined, one: string, many: string) => `${value} ${value === 1 ? one : many}`;
    const holders = [
      n(placed?.total, 'order', 'orders'),
      ...(proofRows?.total ? [n(proofRows.total, 'proof', 'proofs')] : []),
    ];
    expect(response.json().detail).toBe(`Project ${held.projectId} has ${holders.join(' and ')}.`);
  });

  it('refuses to deactivate an account with active projects', async () => {
    const [school] = await t.handle.db
      .select({ id: accounts.id, total: count() })
      .from(accounts)
      .innerJoin(projects, and(eq(projects.accountId, accounts.id), eq(projects.isActive, true)))
      .where(
        and(
          eq(accounts.isActive, true),
          sql`not exists (select 1 from accounts c where c.parent_account_id = ${accounts.id} and c.is_active)`,
        ),
      )
      .groupBy(accounts.id)
      .limit(1);
    if (!school) throw new Error('no account with projects in the demo');
    const response = await t.call({ method: 'DELETE', url: `/api/accounts/${school.id}`, as: SUPER });
    expect(response.statusCode).toBe(409);
    const word = school.total === 1 ? 'active project' : 'active projects';
    expect(response.json().detail).toBe(`Account ${school.id} has ${school.total} ${word}. Close them first.`);
  });
});

describe('a reason on any write', () => {
  it('is kept in the audit row, and a record history is its audit rows (resource and resourceId)', async () => {
    const projectId = await projectWithoutProofs();
    const response = await t.call({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      as: SUPER,
      payload: { copies: 321 },
      headers: because('Copies confirmed by the school'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const history = await t.call({
      method: 'GET',
      url: `/api/audit_log?resource=projects&resourceId=${projectId}`,
      as: SUPER,
    });
    expect(history.json().data[0]).toMatchObject({
      action: 'PUT',
      resourceId: String(projectId),
      detail: { reason: 'Copies confirmed by the school', body: { copies: 321 } },
    });
  });

  it.each([
    { name: 'blank', value: '   ' },
    { name: 'over 500 characters', value: 'x'.repeat(501) },
  ])('refuses a $name reason with 400 naming x-change-reason, changing nothing', async ({ value }) => {
    const projectId = await projectWithoutProofs();
    const response = await t.call({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      as: SUPER,
      payload: { copies: 999 },
      headers: { 'x-change-reason': value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('x-change-reason');
    const [row] = await t.handle.db
      .select({ copies: projects.copies })
      .from(projects)
      .where(eq(projects.id, projectId));
    expect(row?.copies).not.toBe(999);
  });
});

describe("creating through each generic call (the editor's New …)", () => {
  async function activeAccountId() {
    const [row] = await t.handle.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.isActive, true), sql`${accounts.parentAccountId} is not null`))
      .limit(1);
    if (!row) throw new Error('no active child account in the demo');
    return row.id;
  }

  it.each([
    {
      type: 'accounts',
      payload: async () => ({ name: 'Riverside Preschool', type: 1, parentAccountId: null }),
    },
    {
      type: 'projects',
      payload: async () => ({ accountId: await activeAccountId(), name: 'Riverside 2026', year: 2026, typeBook: 5 }),
    },
    {
      type: 'users',
      payload: async () => ({
        email: 'Riverside.Editor@Colophon.test',
        firstName: 'Rita',
        lastName: 'Riverside',
        role: 5,
        accountId: await activeAccountId(),
      }),
    },
    {
      type: 'proofs',
      payload: async () => ({ projectId: await projectWithoutProofs() }),
    },
    {
      type: 'orders',
      payload: async () => {
        const proof = await t.call({
          method: 'POST',
          url: '/api/proofs',
          as: SUPER,
          payload: { projectId: await projectWithoutProofs(), status: 3 },
          headers: because('Approved on paper'),
        });
        return { proofId: proof.json().id as number, copies: 40, shippingMethod: 'FG' };
      },
    },
  ])(
    'POST /api/$type with a reason: 201, the audit row of the new record keeps the reason',
    async ({ type, payload }) => {
      const body = await payload();
      const reason = `Created from the record editor (${type})`;
      const response = await t.call({
        method: 'POST',
        url: `/api/${type}`,
        as: SUPER,
        payload: body,
        headers: because(reason),
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = String(response.json().id);
      expect((await lastAudit(type, id))?.detail).toMatchObject({ reason });
      const history = await t.call({
        method: 'GET',
        url: `/api/audit_log?resource=${type}&resourceId=${id}`,
        as: SUPER,
      });
      expect(history.json().data[0]).toMatchObject({ action: 'POST', resourceId: id, detail: { reason } });
    },
  );

  it('answers a create the schema refuses with 400 naming the field, writing nothing', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: SUPER,
      payload: { accountId: await activeAccountId(), name: 'Too early', year: 1999 },
      headers: because('Testing'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual(['year']);
    const [row] = await t.handle.db.select({ total: count() }).from(projects).where(eq(projects.name, 'Too early'));
    expect(row?.total).toBe(0);
  });
});
