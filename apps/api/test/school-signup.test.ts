import { accounts, outboxEmails, projects, userAccounts, users } from '@colophon/db';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp } from './harness';

const SALES_REP = 'salesrep@colophon.test';

let t: TestApp;
const accountIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(accounts)) accountIds[row.name] = row.id;
});
afterAll(async () => t.close());

const signup = (overrides: { account?: object; adviser?: object; project?: object; agreementYear?: string } = {}) => ({
  account: {
    name: 'Sunrise Elementary',
    type: 2,
    typeSoftware: 3,
    parentAccountId: accountIds['Great Lakes Sales Office'],
    addresses: [{ kind: 'mailing', line1: '5 Sunrise Blvd', city: 'Toledo', region: 'OH', country: 'US' }],
    ...overrides.account,
  },
  adviser: { email: 'sam.sunrise@sunrise.test', firstName: 'Sam', lastName: 'Sunrise', ...overrides.adviser },
  project: { typeBook: 3, pageCount: 64, copies: 200, ...overrides.project },
  agreementYear: overrides.agreementYear ?? '2025-2026',
});

const totals = async () => {
  const [accountTotal] = await t.handle.db.select({ n: count() }).from(accounts);
  const [userTotal] = await t.handle.db.select({ n: count() }).from(users);
  const [projectTotal] = await t.handle.db.select({ n: count() }).from(projects);
  const [emailTotal] = await t.handle.db.select({ n: count() }).from(outboxEmails);
  return { accounts: accountTotal?.n, users: userTotal?.n, projects: projectTotal?.n, emails: emailTotal?.n };
};

describe('school sign-up', () => {
  it('creates the school, its adviser, its project and agreement year, then e-mails a welcome link', async () => {
    const response = await t.call({ method: 'POST', url: '/api/school_signups', as: SALES_REP, payload: signup() });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.account).toMatchObject({
      name: 'Sunrise Elementary',
      type: 2,
      depth: 2,
      typeWhereCreated: 2,
      parentAccountId: accountIds['Great Lakes Sales Office'],
    });
    expect(body.adviser).toMatchObject({ email: 'sam.sunrise@sunrise.test', role: 5, isActive: true });
    expect(body.project).toMatchObject({
      name: 'Sunrise Elementary Yearbook 2025-2026',
      year: 2026,
      agreementYear: '2025-2026',
      typeBook: 3,
      typeSoftware: 3,
      // From the studio's defaults for new projects.
      typeSize: 8,
      copies: 200,
    });
    expect(body.welcomeEmail).toBe('sent');
    const [link] = await t.handle.db.select().from(userAccounts).where(eq(userAccounts.userId, body.adviser.id));
    expect(link?.accountId).toBe(body.account.id);
    const [email] = await t.handle.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'sam.sunrise@sunrise.test'));
    expect(email?.subject).toBe('Welcome to Colophon');
    expect(email?.text).toContain('/new-password?token=');
    const detail = await t.call({
      method: 'GET',
      url: `/api/accounts/${body.account.id}?include=addresses`,
      as: SALES_REP,
    });
    expect(detail.json().addresses[0].line1).toBe('5 Sunrise Blvd');
  });

  it.each([
    {
      name: 'an agreement year other than 2025-2026 or 2024-2025',
      overrides: { agreementYear: '2023-2024' },
      path: 'agreementYear',
    },
    { name: 'a studio instead of a school', overrides: { account: { type: 9 } }, path: 'account.type' },
    { name: 'a bad adviser e-mail', overrides: { adviser: { email: 'not-an-email' } }, path: 'adviser.email' },
    { name: 'a missing adviser name', overrides: { adviser: { firstName: '' } }, path: 'adviser.firstName' },
    {
      name: 'a parent outside the caller’s tree',
      overrides: { account: { parentAccountId: 1 } },
      path: 'account.parentAccountId',
    },
    {
      name: 'Brazil for a rep without an account in Brazil',
      overrides: { account: { country: 'BR' } },
      path: 'account.country',
    },
    {
      name: 'a book type outside the sales-rep view',
      overrides: { project: { typeBook: 4 } },
      path: 'project.typeBook',
    },
    {
      name: 'too many saddle-stitched pages',
      overrides: { project: { typeBook: 1, pageCount: 200 } },
      path: 'project.pageCount',
    },
    {
      name: 'layout software on a Store Only school',
      overrides: { account: { typeSoftware: 9 }, project: { typeSoftware: 3 } },
      path: 'project.typeSoftware',
    },
  ])('refuses $name with a 400 naming $path, writing nothing', async ({ overrides, path }) => {
    const before = await totals();
    const response = await t.call({
      method: 'POST',
      url: '/api/school_signups',
      as: SALES_REP,
      payload: signup(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
    expect(await totals()).toEqual(before);
  });

  it('rolls everything back when the adviser’s e-mail is taken (409 naming adviser.email)', async () => {
    const before = await totals();
    const response = await t.call({
      method: 'POST',
      url: '/api/school_signups',
      as: OWNER,
      payload: signup({ account: { name: 'Duplicate Academy' }, adviser: { email: ADVISER.toUpperCase() } }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].path).toBe('adviser.email');
    expect(await totals()).toEqual(before);
    const [ghost] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Duplicate Academy'));
    expect(ghost).toBeUndefined();
  });

  it('rolls everything back when the last write fails, and sends no e-mail', async () => {
    await t.handle.db.execute(sql`
      create or replace function refuse_signup_project() returns trigger language plpgsql as $$
      begin
        if new.name like 'Doomed%' then raise exception 'the project could not be stored'; end if;
        return new;
      end $$`);
    await t.handle.db.execute(sql`
      create trigger refuse_signup_project before insert on projects
      for each row execute function refuse_signup_project()`);
    try {
      const before = await totals();
      const response = await t.call({
        method: 'POST',
        url: '/api/school_signups',
        as: OWNER,
        payload: signup({
          account: { name: 'Doomed Academy' },
          adviser: { email: 'doomed@doomed.test' },
          project: { name: 'Doomed Yearbook' },
        }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().detail).toBe('Something went wrong on our side. It has been logged.');
      expect(await totals()).toEqual(before);
      const [user] = await t.handle.db.select().from(users).where(eq(users.email, 'doomed@doomed.test'));
      expect(user).toBeUndefined();
    } finally {
      await t.handle.db.execute(sql`drop trigger refuse_signup_project on projects`);
      await t.handle.db.execute(sql`drop function refuse_signup_project()`);
    }
  });

  it('lets a super administrator sign up a school that deals with the plant directly, for 2024-2025', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/school_signups',
      as: SUPER,
      payload: signup({
        account: { name: 'Escola Direta', parentAccountId: null, country: 'BR', typeSoftware: 0 },
        adviser: { email: 'direta@escola.test', timezone: 'EST' },
        project: { typeBook: 6, typeCoverBoardWeight: 120, pageCount: 100 },
        agreementYear: '2024-2025',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().account).toMatchObject({ depth: 0, country: 'BR', parentAccountId: null });
    expect(response.json().project).toMatchObject({ year: 2025, agreementYear: '2024-2025', typeBook: 6 });
  });

  it('refuses a role without the sign-up permission', async () => {
    const response = await t.call({ method: 'POST', url: '/api/school_signups', as: ADVISER, payload: signup() });
    expect(response.statusCode).toBe(403);
  });
});
