import { accountSettings, accounts, auditLog } from '@colophon/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

const SCHOOL_ADMIN = 'schooladmin@colophon.test';

let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.handle.db.select().from(accounts);
  for (const row of rows) ids[row.name] = row.id;
});
afterAll(async () => t.close());

const reviewOf = async (id: number, as = OWNER) => {
  const response = await t.call({ method: 'GET', url: `/api/accounts/settings/internal_review/${id}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('internal review settings', () => {
  it('shows an account’s own flags and what its studio decides for it', async () => {
    // The demo studio turned internal review on; Lincoln inherits it.
    expect(await reviewOf(ids['Lincoln High School']!, ADVISER)).toEqual({
      accountId: ids['Lincoln High School'],
      internalReview: false,
      optOutInternalReview: false,
      optInAdviserReviewNotes: true,
      effectiveInternalReview: true,
      decidedByAccountId: ids['Evergreen Portrait Studio'],
      decidedBy: { id: ids['Evergreen Portrait Studio'], name: 'Evergreen Portrait Studio', canOpen: false },
    });
    // Willow Creek opted out.
    expect(await reviewOf(ids['Willow Creek Elementary']!)).toMatchObject({
      optOutInternalReview: true,
      effectiveInternalReview: false,
      decidedByAccountId: ids['Willow Creek Elementary'],
    });
    expect(await reviewOf(ids['Oak Valley High School']!, SUPER)).toMatchObject({
      effectiveInternalReview: false,
      decidedByAccountId: null,
    });
  });

  it('names the same deciding account whoever asks, and says whether the caller may open it (issue 9)', async () => {
    const studio = { id: ids['Evergreen Portrait Studio'], name: 'Evergreen Portrait Studio' };
    expect((await reviewOf(ids['Lincoln High School']!, ADVISER)).decidedBy).toEqual({ ...studio, canOpen: false });
    expect((await reviewOf(ids['Lincoln High School']!, OWNER)).decidedBy).toEqual({ ...studio, canOpen: true });
  });

  it('marks the parent of an account as openable only for those who may read it (issue 9)', async () => {
    const parentOf = async (as: string) => {
      const response = await t.call({
        method: 'GET',
        url: `/api/accounts/${ids['Lincoln High School']}?include=parent`,
        as,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().parent;
    };
    expect(await parentOf(ADVISER)).toMatchObject({
      id: ids['Evergreen South'],
      name: 'Evergreen South',
      canOpen: false,
    });
    expect(await parentOf(OWNER)).toMatchObject({ id: ids['Evergreen South'], canOpen: true });
    const unlinked = await t.call({ method: 'GET', url: `/api/accounts/${ids['Evergreen South']}`, as: ADVISER });
    expect(unlinked.statusCode).toBe(404);
  });

  it('answers 404 for another tenant’s account', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/accounts/settings/internal_review/${ids['Oak Valley High School']}`,
      as: OWNER,
    });
    expect(response.statusCode).toBe(404);
    const adviser = await t.call({
      method: 'GET',
      url: `/api/accounts/settings/internal_review/${ids['Hillcrest High School']}`,
      as: ADVISER,
    });
    expect(adviser.statusCode).toBe(404);
  });

  it.each([
    { path: 'internal_review', column: 'internalReview' },
    { path: 'opt_out_internal_review', column: 'optOutInternalReview' },
    { path: 'opt_in_adviser_review_notes', column: 'optInAdviserReviewNotes' },
  ] as const)('sets $column on many accounts at once with $path/bulk_update', async ({ path, column }) => {
    const accountIds = [ids['Maple Grove Elementary']!, ids['Riverside Middle School']!, ids['Evergreen North']!];
    const response = await t.call({
      method: 'POST',
      url: `/api/accounts/settings/${path}/bulk_update`,
      as: OWNER,
      payload: { accountIds, value: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 3, accountIds, value: true });
    const stored = await t.handle.db
      .select()
      .from(accountSettings)
      .where(inArray(accountSettings.accountId, accountIds));
    expect(stored.map((row) => row[column])).toEqual([true, true, true]);
    const off = await t.call({
      method: 'POST',
      url: `/api/accounts/settings/${path}/bulk_update`,
      as: OWNER,
      payload: { accountIds: [accountIds[0]], value: false },
    });
    expect(off.statusCode).toBe(200);
    const [first] = await t.handle.db
      .select()
      .from(accountSettings)
      .where(eq(accountSettings.accountId, accountIds[0]!));
    expect(first?.[column]).toBe(false);
  });

  it('changes nothing and answers 404 when any account is outside the caller’s tree', async () => {
    const before = await t.handle.db.select().from(accountSettings);
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts/settings/internal_review/bulk_update',
      as: OWNER,
      payload: {
        accountIds: [ids['Cedar Park K-8'], ids['Oak Valley High School'], ids['Eastside High School']],
        value: true,
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(`Account ${ids['Oak Valley High School']} was not found.`);
    expect(await t.handle.db.select().from(accountSettings)).toEqual(before);
  });

  it.each([
    { payload: { accountIds: [], value: true }, path: 'accountIds' },
    { payload: { accountIds: [1, 1], value: true }, path: 'accountIds' },
    { payload: { accountIds: [1], value: 'yes' }, path: 'value' },
    { payload: { accountIds: ['x'], value: true }, path: 'accountIds.0' },
  ])('answers 400 naming $path', async ({ payload, path }) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts/settings/opt_out_internal_review/bulk_update',
      as: OWNER,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it('is audited', async () => {
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'accounts/settings/internal_review/bulk_update'));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('account settings', () => {
  it('reads the defaults of an account that never saved any', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/account_settings/${ids['Hillcrest High School']}`,
      as: OWNER,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accountId: ids['Hillcrest High School'],
      projectDefaults: {},
      internalReview: false,
      optOutInternalReview: false,
      optInAdviserReviewNotes: false,
      mfaRequired: true,
      updatedAt: null,
    });
  });

  it('saves defaults for new projects, the review choices and MFA for the account', async () => {
    const lincoln = ids['Lincoln High School']!;
    const response = await t.call({
      method: 'PUT',
      url: `/api/account_settings/${lincoln}`,
      as: SCHOOL_ADMIN,
      payload: {
        projectDefaults: { typeBook: 9, pageCount: 160, typeCoverBoardWeight: 120 },
        optOutInternalReview: true,
        mfaRequired: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      projectDefaults: { typeBook: 9, pageCount: 160, typeCoverBoardWeight: 120 },
      optOutInternalReview: true,
      optInAdviserReviewNotes: true,
      mfaRequired: true,
    });
    const [account] = await t.handle.db.select().from(accounts).where(eq(accounts.id, lincoln));
    expect(account?.mfaRequired).toBe(true);
    expect((await reviewOf(lincoln)).effectiveInternalReview).toBe(false);
    await t.call({
      method: 'PUT',
      url: `/api/account_settings/${lincoln}`,
      as: SUPER,
      payload: { mfaRequired: false },
    });
  });

  it.each([
    { payload: { projectDefaults: { typeBook: 11 } }, path: 'projectDefaults.typeBook' },
    { payload: { projectDefaults: { typeBook: 1, pageCount: 200 } }, path: 'projectDefaults.pageCount' },
    { payload: { internalReview: 'on' }, path: 'internalReview' },
  ])('answers 400 naming $path', async ({ payload, path }) => {
    const response = await t.call({
      method: 'PUT',
      url: `/api/account_settings/${ids['Lincoln High School']}`,
      as: OWNER,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it('answers 404 for another tenant’s account and 403 to a role without settings', async () => {
    const foreign = await t.call({
      method: 'PUT',
      url: `/api/account_settings/${ids['Oak Valley High School']}`,
      as: OWNER,
      payload: { internalReview: true },
    });
    expect(foreign.statusCode).toBe(404);
    const adviser = await t.call({
      method: 'GET',
      url: `/api/account_settings/${ids['Lincoln High School']}`,
      as: ADVISER,
    });
    expect(adviser.statusCode).toBe(403);
  });
});
