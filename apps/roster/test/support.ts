import { accounts, userAccounts, users } from '@colophon/db';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DIRECT_ADVISER, OWNER, SUPER, type TestApp } from '../../api/test/harness';

/**
 * What the roster's API tests share: calling the service as a demo user (with the roster session
 * headers the dashboard hands out), and the demo accounts the roster's schools are mapped from.
 */

export const ADVISER = 'adviser@colophon.test';

export type RosterMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the roster as a demo user; each user's session is opened once per test app and reused. */
export function rosterCaller(app: () => TestApp) {
  const rosterHeaders = new Map<string, Record<string, string>>();
  async function headersOf(email: string) {
    let headers = rosterHeaders.get(email);
    if (!headers) {
      const opened = await app().call({ method: 'POST', url: '/roster/session', as: email });
      expect(opened.statusCode, opened.body).toBe(201);
      headers = opened.json<{ headers: Record<string, string> }>().headers;
      rosterHeaders.set(email, headers);
    }
    return headers;
  }
  async function roster(email: string, method: RosterMethod, url: string, payload?: object) {
    return app().app.inject({ method, url, headers: await headersOf(email), ...(payload ? { payload } : {}) });
  }
  return { roster, headersOf };
}

export type Roster = ReturnType<typeof rosterCaller>['roster'];

/**
 * The demo's accounts the roster tests map: the owner's studio, the adviser's school (Lincoln), a
 * second school under the studio, and Oak Valley (the direct adviser's school, another tenant).
 */
export async function demoAccounts(t: TestApp) {
  const db = t.handle.db;
  const accountOf = async (email: string) => {
    const [row] = await db
      .select({ accountId: userAccounts.accountId })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(users.email, email));
    if (!row) throw new Error(`no demo account for ${email}`);
    return row.accountId;
  };
  const studioId = await accountOf(OWNER);
  const lincolnId = await accountOf(ADVISER);
  const oakValleyId = await accountOf(DIRECT_ADVISER);
  const [other] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.parentAccountId} = ${studioId} and ${accounts.id} <> ${lincolnId} and ${accounts.depth} = 1`)
    .limit(1);
  if (!other) throw new Error('no second school under the studio');
  return { studioId, lincolnId, otherId: other.id, oakValleyId };
}

interface SchoolMapping {
  sourcedId: string;
  name: string;
  districtId?: number;
}

/**
 * Maps Lincoln and the studio's other school (as the owner) and Oak Valley (as the super user) to
 * roster schools, and answers each one's roster school id.
 */
export async function mapDemoSchools(
  roster: Roster,
  demo: Awaited<ReturnType<typeof demoAccounts>>,
  schools: { lincoln: SchoolMapping; other: SchoolMapping; oak: SchoolMapping },
) {
  const mapped = await roster(OWNER, 'PUT', '/roster/mapping', {
    mappings: [
      { accountId: demo.lincolnId, ...schools.lincoln },
      { accountId: demo.otherId, ...schools.other },
    ],
  });
  expect(mapped.statusCode, mapped.body).toBe(200);
  const oak = await roster(SUPER, 'PUT', '/roster/mapping', {
    mappings: [{ accountId: demo.oakValleyId, ...schools.oak }],
  });
  expect(oak.statusCode, oak.body).toBe(200);
  const mapping = (await roster(SUPER, 'GET', '/roster/mapping')).json() as { accountId: number; schoolId: number }[];
  const schoolOf = (accountId: number) => mapping.find((row) => row.accountId === accountId)?.schoolId ?? 0;
  return {
    lincolnSchool: schoolOf(demo.lincolnId),
    otherSchool: schoolOf(demo.otherId),
    oakSchool: schoolOf(demo.oakValleyId),
  };
}

/** The fields a problem+json answer names. */
export const pathsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((error) => error.path);

/** One bad input: the field it should be refused for, and the call that sends it. */
export type BadInput = [field: string, method: RosterMethod, url: string, payload: object | undefined];

/** Each bad input is answered 400 problem+json naming its field. */
export async function expectEachFieldNamed(roster: Roster, email: string, cases: BadInput[]) {
  for (const [field, method, url, payload] of cases) {
    const response = await roster(email, method, url, payload);
    expect(response.statusCode, `${url} ${JSON.stringify(payload)} ${response.body}`).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(pathsOf(response.json()), response.body).toContain(field);
  }
}
