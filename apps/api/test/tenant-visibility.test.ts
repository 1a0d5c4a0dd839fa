import { accounts, userAccounts, users } from '@colophon/db';
import { inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountVisible, type Viewer } from '../src/access/scope';
import { createTestApp, DIRECT_ADVISER, SUPER, type TestApp } from './harness';

/**
 * Issue 10: one rule decides which accounts a caller sees (access/scope.ts). For every demo role,
 * every route that lists accounts, projects, proofs, users or notifications answers only rows of
 * those accounts, and the account lists answer exactly those accounts.
 */

const DEMO = [
  'super@colophon.test',
  'owner@colophon.test',
  'studioadmin@colophon.test',
  'contact@colophon.test',
  'salesrep@colophon.test',
  'schooladmin@colophon.test',
  'adviser@colophon.test',
  'volunteer@colophon.test',
  'salesmanager@colophon.test',
  'treasurer@colophon.test',
  DIRECT_ADVISER,
] as const;

type Row = Record<string, unknown> & { id: number };

let t: TestApp;
let everyAccount: Set<number>;
let topLevel: number[];
/** The account ids each user is linked to. */
const linksOf = new Map<number, number[]>();
/** Rows checked per route over every role, and account lists compared: the test is not vacuous. */
const rowsOf = new Map<string, number>();
let accountListsCompared = 0;
const ROUTES = [
  'GET /api/accounts',
  'POST /api/accounts/get/get_accounts_post',
  'GET /api/accounts/account_summary_overview',
  'GET /api/projects',
  'POST /api/projects/get/get_projects_post',
  'GET /api/proofs',
  'GET /api/orders',
  'POST /api/orders/get/get_orders_post',
  'GET /api/notifications',
  'GET /api/users',
];
const counted = (route: string, rows: number) => rowsOf.set(route, (rowsOf.get(route) ?? 0) + rows);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  everyAccount = new Set((await db.select({ id: accounts.id }).from(accounts)).map((row) => row.id));
  topLevel = (await db.select({ id: accounts.id }).from(accounts).where(isNull(accounts.parentAccountId))).map(
    (row) => row.id,
  );
  for (const link of await db.select().from(userAccounts)) {
    linksOf.set(link.userId, [...(linksOf.get(link.userId) ?? []), link.accountId]);
  }
});
afterAll(async () => {
  expect(accountListsCompared).toBeGreaterThan(10);
  for (const route of ROUTES) expect(rowsOf.get(route) ?? 0, route).toBeGreaterThan(20);
  await t.close();
});

/** What the visibility module says the caller sees. */
async function moduleSees(viewer: Viewer): Promise<Set<number>> {
  const rows = await t.handle.db.select({ id: accounts.id }).from(accounts).where(accountVisible(viewer, accounts.id));
  return new Set(rows.map((row) => row.id));
}

/** Every row of a list, paging with perPage=100; null when the role may not use the route (403). */
async function everyRow(
  as: string,
  request: (page: number) => { method: 'GET' | 'POST'; url: string; payload?: object },
): Promise<Row[] | null> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const response = await t.call({ ...request(page), as });
    if (response.statusCode === 403) return null;
    expect(response.statusCode, `${request(page).url}: ${response.body}`).toBe(200);
    const body = response.json<{ data: Row[]; total: number }>();
    rows.push(...body.data);
    if (body.data.length < 100 || rows.length >= body.total) break;
  }
  return rows;
}

const get = (path: string) => (page: number) => ({
  method: 'GET' as const,
  url: `${path}${path.includes('?') ? '&' : '?'}perPage=100&page=${page}`,
});
const post = (url: string) => (page: number) => ({ method: 'POST' as const, url, payload: { page, perPage: 100 } });

/** Each route's rows as account ids, asserted against what the module computes for the caller. */
async function checkRoutes(as: string, viewer: Viewer, sees: Set<number>) {
  const subset = (route: string, ids: number[]) => {
    counted(route, ids.length);
    const outside = ids.filter((id) => !sees.has(id));
    expect(outside, `${as} on ${route} sees accounts outside its tree`).toEqual([]);
  };

  for (const [route, request] of [
    ['GET /api/accounts', get('/api/accounts')],
    ['POST /api/accounts/get/get_accounts_post', post('/api/accounts/get/get_accounts_post')],
  ] as const) {
    const rows = await everyRow(as, request);
    if (!rows) continue;
    accountListsCompared += 1;
    const ids = rows.map((row) => row.id);
    counted(route, ids.length);
    expect(ids.length, `${as} on ${route} lists an account twice`).toBe(new Set(ids).size);
    expect(new Set(ids), `${as} on ${route}`).toEqual(sees);
  }

  // The overview of each account at the top of the caller's tree (every top-level one for a super administrator).
  const roots = viewer.user.bSuperAdmin ? topLevel : (linksOf.get(viewer.user.id) ?? []);
  for (const root of roots) {
    const rows = await everyRow(as, get(`/api/accounts/account_summary_overview/${root}?showInactive=true`));
    if (rows)
      subset(
        'GET /api/accounts/account_summary_overview',
        rows.map((row) => row.accountId as number),
      );
  }

  for (const [route, request] of [
    ['GET /api/projects', get('/api/projects')],
    ['POST /api/projects/get/get_projects_post', post('/api/projects/get/get_projects_post')],
    ['GET /api/proofs', get('/api/proofs')],
    ['GET /api/orders', get('/api/orders')],
    ['POST /api/orders/get/get_orders_post', post('/api/orders/get/get_orders_post')],
    ['GET /api/notifications', get('/api/notifications')],
    ['GET /api/pricing_adjustments', get('/api/pricing_adjustments')],
    ['GET /api/customer_pricings', get('/api/customer_pricings')],
    ['GET /api/teacher_grade_combinations', get('/api/teacher_grade_combinations')],
  ] as const) {
    const rows = await everyRow(as, request);
    if (rows)
      subset(
        route,
        rows.map((row) => row.accountId as number),
      );
  }

  // A user is listed for an account of the caller's tree they are linked to (or for being the caller).
  const listed = await everyRow(as, get('/api/users'));
  if (listed) {
    for (const user of listed) {
      if (user.id === viewer.user.id) continue;
      const links = linksOf.get(user.id) ?? [];
      counted('GET /api/users', 1);
      expect(
        links.some((id) => sees.has(id)),
        `${as} on GET /api/users sees user ${user.id}, linked to none of its accounts`,
      ).toBe(true);
    }
  }
}

describe('tenant visibility', () => {
  for (const email of DEMO) {
    it(`shows ${email} only the accounts the visibility rule gives, on every list`, async () => {
      const [row] = await t.handle.db
        .select()
        .from(users)
        .where(inArray(users.email, [email]));
      if (!row) throw new Error(`demo user ${email} missing`);
      const viewer = { user: row };
      const sees = await moduleSees(viewer);
      if (row.bSuperAdmin) expect(sees).toEqual(everyAccount);
      else {
        expect(sees.size).toBeGreaterThan(0);
        expect(sees.size).toBeLessThan(everyAccount.size);
      }
      await checkRoutes(email, viewer, sees);
    });
  }

  it('shows a super administrator impersonating a user exactly what that user sees', async () => {
    for (const email of ['owner@colophon.test', 'adviser@colophon.test']) {
      const [row] = await t.handle.db
        .select()
        .from(users)
        .where(inArray(users.email, [email]));
      if (!row) throw new Error(`demo user ${email} missing`);
      const response = await t.call({
        method: 'POST',
        url: '/api/auth/impersonate',
        payload: { userId: row.id },
        as: SUPER,
      });
      expect(response.statusCode, response.body).toBe(200);
      const token = response.json<{ token: string }>().token;
      const viewer = { user: row };
      await checkRoutes(token, viewer, await moduleSees(viewer));
    }
  });
});
