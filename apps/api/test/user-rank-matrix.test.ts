import { accounts, emailChangeRequests, rowsOf, userAccounts, userNotificationPreferences, users } from '@colophon/db';
import { can, mayAssignRole, type UserChange, userChangeRefusal } from '@colophon/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleAccountIdsSql } from '../src/access/scope';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

/**
 * Issue 8: every demo role × every demo role in the app × every route that changes a user. Each call
 * answers what the domain's rule (`userChangeRefusal`, `mayAssignRole`) says; a refused call changes
 * nothing (the user's row, preferences, linked accounts, e-mail change requests, the outbox); an
 * allowed one does what it says, and is undone before the next call, so one app serves the whole matrix.
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
] as const;

type UserRow = typeof users.$inferSelect;
interface Person {
  email: string;
  row: UserRow;
  /** Accounts this person sees (linked, children, grandchildren); null for a super administrator. */
  visibleAccounts: Set<number> | null;
}

let t: TestApp;
const people = new Map<string, Person>();
const tokens = new Map<string, string>();
const counts = { allowed: 0, refused: 0, calls: 0 };

const signIn = async (email: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ token: string }>().token;
  tokens.set(email, token);
  return token;
};

/** A call as `email`; a session ended by an earlier (undone) deactivation signs in again. */
const callAs = async (email: string, options: InjectOptions): Promise<LightMyRequestResponse> => {
  counts.calls += 1;
  const send = async (token: string) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), authorization: `Bearer ${token}` } });
  const response = await send(tokens.get(email) ?? (await signIn(email)));
  return response.statusCode === 401 ? send(await signIn(email)) : response;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.email, [...DEMO]));
  for (const email of DEMO) {
    const row = rows.find((candidate) => candidate.email === email);
    if (!row) throw new Error(`demo user ${email} missing`);
    const visible = row.bSuperAdmin
      ? null
      : new Set(
          (
            await db
              .select({ id: accounts.id })
              .from(accounts)
              .where(inArray(accounts.id, visibleAccountIdsSql(row.id)))
          ).map((account) => account.id),
        );
    people.set(email, { email, row, visibleAccounts: visible });
  }
  for (const email of DEMO) await signIn(email);
});
afterAll(async () => {
  // The matrix is not vacuous: both answers occur many times.
  expect(counts.allowed).toBeGreaterThan(60);
  expect(counts.refused).toBeGreaterThan(300);
  await t.close();
});

const person = (email: string) => people.get(email) as Person;

/**
 * Everything a call could change about a user, in one query: their row, notification preferences,
 * linked accounts and e-mail change requests, and the newest e-mail of the outbox.
 */
async function stateOf(userId: number) {
  const [state] = await rowsOf<{ state: State }>(
    t.handle.db.execute(sql`
      select json_build_object(
        'row', (select row_to_json(u) from users u where u.id = ${userId}),
        'preferences', (select coalesce(json_agg(p order by p.type_notification), '[]')
                          from user_notification_preferences p where p.user_id = ${userId}),
        'links', (select coalesce(json_agg(l order by l.id), '[]') from user_accounts l where l.user_id = ${userId}),
        'emailChanges', (select coalesce(json_agg(r order by r.id), '[]')
                           from email_change_requests r where r.user_id = ${userId}),
        'lastEmailId', (select max(id) from outbox_emails)
      ) as state`),
  );
  return typeof state?.state === 'string' ? (JSON.parse(state.state) as State) : (state?.state as State);
}
interface State {
  row: {
    email: string;
    first_name: string;
    role: number;
    is_active: boolean;
    mfa_required: boolean;
    token_version: number;
  };
  preferences: { type_notification: number; email: boolean }[];
  links: { id: number; account_id: number }[];
  emailChanges: { used_at: string | null; new_email: string }[];
  lastEmailId: number | null;
}

/** The user as the database holds them, typed, to put them back after an allowed call. */
async function snapshot(userId: number) {
  const db = t.handle.db;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return {
    row: row as UserRow,
    preferences: await db
      .select()
      .from(userNotificationPreferences)
      .where(eq(userNotificationPreferences.userId, userId)),
    links: await db.select().from(userAccounts).where(eq(userAccounts.userId, userId)),
    emailChanges: await db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, userId)),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Puts the user back as the snapshot had them. */
async function restore(before: Snapshot) {
  const db = t.handle.db;
  const { id, ...columns } = before.row;
  await db.transaction(async (tx) => {
    await tx.update(users).set(columns).where(eq(users.id, id));
    await tx.delete(userNotificationPreferences).where(eq(userNotificationPreferences.userId, id));
    if (before.preferences.length > 0) await tx.insert(userNotificationPreferences).values(before.preferences);
    await tx.delete(userAccounts).where(eq(userAccounts.userId, id));
    if (before.links.length > 0) await tx.insert(userAccounts).values(before.links);
    await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, id));
    if (before.emailChanges.length > 0) await tx.insert(emailChangeRequests).values(before.emailChanges);
  });
}

const sees = (actor: Person, target: Person, links: { account_id: number }[]) =>
  actor.row.id === target.row.id ||
  actor.visibleAccounts === null ||
  links.some((link) => actor.visibleAccounts?.has(link.account_id));

interface Pair {
  actor: Person;
  target: Person;
  before: State;
}

interface RouteCase {
  name: string;
  /** What the route does to the user, in the domain's terms. */
  change: UserChange;
  /** The route itself asks for users.manage, even of a caller acting on themselves. */
  needsManage: boolean;
  request(pair: Pair): InjectOptions;
  /** The answer when the rule allows the call (a reference that cannot be used answers otherwise). */
  allowedStatus(pair: Pair): number;
  /** The role the call gives, checked by `mayAssignRole` once the user may be changed. */
  roleGiven?(pair: Pair): number;
  /** Asserts the allowed call did its work. */
  applied(pair: Pair, after: State, response: LightMyRequestResponse): void;
}

const demotedRole = (target: Person) => (target.row.role === 6 ? 22 : 6);

/** An account the actor sees that the target is not linked to yet, if any. */
const linkableAccount = async ({ actor, before }: Pair): Promise<number | undefined> => {
  const linked = new Set(before.links.map((link) => link.account_id));
  const candidates = actor.visibleAccounts
    ? [...actor.visibleAccounts]
    : (await t.handle.db.select({ id: accounts.id }).from(accounts)).map((account) => account.id);
  return candidates.sort((a, b) => a - b).find((id) => !linked.has(id));
};
const pairAccount = new Map<string, number | undefined>();
const pairKey = ({ actor, target }: Pair) => `${actor.email}>${target.email}`;

/** The target's link the actor can see (their only way to name it), else any of the target's links. */
const visibleLink = ({ actor, before }: Pair) =>
  before.links.find((link) => actor.visibleAccounts === null || actor.visibleAccounts.has(link.account_id)) ??
  before.links[0];

const ROUTES: RouteCase[] = [
  {
    name: 'PUT /api/users/{id} (name)',
    change: 'edit',
    needsManage: true,
    request: ({ target }) => ({ method: 'PUT', url: `/api/users/${target.row.id}`, payload: { firstName: 'Matrix' } }),
    allowedStatus: () => 200,
    applied: (_pair, after) => expect(after.row.first_name).toBe('Matrix'),
  },
  {
    name: 'PUT /api/users/{id} (e-mail)',
    change: 'edit',
    needsManage: true,
    request: ({ target }) => ({
      method: 'PUT',
      url: `/api/users/${target.row.id}`,
      payload: { email: `matrix.${target.row.id}@changed.test` },
    }),
    allowedStatus: () => 200,
    applied: ({ target, before }, after, response) => {
      // Pending, not changed: the address is the old one until the new one confirms.
      expect(after.row.email).toBe(before.row.email);
      expect(response.json().pendingEmail).toBe(`matrix.${target.row.id}@changed.test`);
      expect(after.emailChanges.filter((request) => !request.used_at)).toHaveLength(1);
    },
  },
  {
    name: 'PUT /api/users/{id} (isActive: false)',
    change: 'deactivate',
    needsManage: true,
    request: ({ target }) => ({ method: 'PUT', url: `/api/users/${target.row.id}`, payload: { isActive: false } }),
    allowedStatus: () => 200,
    applied: (_pair, after) => expect(after.row.is_active).toBe(false),
  },
  {
    name: 'DELETE /api/users/{id}',
    change: 'deactivate',
    needsManage: true,
    request: ({ target }) => ({ method: 'DELETE', url: `/api/users/${target.row.id}` }),
    allowedStatus: () => 200,
    applied: ({ before }, after) => {
      expect(after.row.is_active).toBe(false);
      expect(after.row.token_version).toBe(before.row.token_version + 1);
    },
  },
  {
    name: 'PUT /api/users/{id}/user_permissions (demote)',
    change: 'permissions',
    needsManage: true,
    request: ({ target }) => ({
      method: 'PUT',
      url: `/api/users/${target.row.id}/user_permissions`,
      payload: { role: demotedRole(target), mfaRequired: true },
    }),
    roleGiven: ({ target }) => demotedRole(target),
    allowedStatus: () => 200,
    applied: ({ target }, after) => {
      expect(after.row.role).toBe(demotedRole(target));
      expect(after.row.mfa_required).toBe(true);
    },
  },
  {
    name: 'PUT /api/users/{id}/user_notifications',
    change: 'edit',
    needsManage: false,
    request: ({ target }) => ({
      method: 'PUT',
      url: `/api/users/${target.row.id}/user_notifications`,
      payload: { preferences: [{ typeNotification: 1, email: false }] },
    }),
    allowedStatus: () => 200,
    applied: (_pair, after) =>
      expect(after.preferences.find((preference) => preference.type_notification === 1)?.email).toBe(false),
  },
  {
    name: 'POST /api/user_accounts (link an account)',
    change: 'edit',
    needsManage: true,
    request: (pair) => {
      const accountId = pairAccount.get(pairKey(pair)) ?? visibleLink(pair)?.account_id ?? 1;
      return { method: 'POST', url: '/api/user_accounts', payload: { userId: pair.target.row.id, accountId } };
    },
    // Nothing left to link: the same account twice answers 409, past the rule.
    allowedStatus: (pair) => (pairAccount.get(pairKey(pair)) === undefined ? 409 : 201),
    applied: (pair, after) => {
      const accountId = pairAccount.get(pairKey(pair));
      if (accountId !== undefined) expect(after.links.map((link) => link.account_id)).toContain(accountId);
    },
  },
  {
    name: 'DELETE /api/user_accounts/{id} (unlink an account)',
    change: 'edit',
    needsManage: true,
    request: (pair) => ({ method: 'DELETE', url: `/api/user_accounts/${visibleLink(pair)?.id ?? 999_999}` }),
    allowedStatus: () => 204,
    applied: (pair, after) => expect(after.links.map((link) => link.id)).not.toContain(visibleLink(pair)?.id),
  },
];

/** What the rule says the call answers. */
function expectedStatus(route: RouteCase, pair: Pair): number {
  const { actor, target, before } = pair;
  const self = actor.row.id === target.row.id;
  if (route.needsManage && !can(actor.row, 'users.manage')) return 403;
  if (!sees(actor, target, before.links)) return 404;
  if (!self && !can(actor.row, 'users.manage')) return 403;
  const refusal = userChangeRefusal(actor.row, target.row, route.change);
  if (refusal) return refusal.kind === 'self' ? 400 : 403;
  if (route.roleGiven && !mayAssignRole(actor.row, route.roleGiven(pair))) return 400;
  return route.allowedStatus(pair);
}

describe.each(ROUTES)('$name', (route) => {
  it.each([...DEMO])('as %s, on every demo user, answers as the rank rule says', async (actorEmail) => {
    for (const targetEmail of DEMO) {
      const target = person(targetEmail);
      const pair: Pair = { actor: person(actorEmail), target, before: await stateOf(target.row.id) };
      if (route.name.startsWith('POST /api/user_accounts')) pairAccount.set(pairKey(pair), await linkableAccount(pair));
      const expected = expectedStatus(route, pair);
      const undo = expected < 400 ? await snapshot(target.row.id) : null;
      const response = await callAs(actorEmail, route.request(pair));
      const label = `${route.name} as ${actorEmail} on ${targetEmail}: ${response.body}`;
      expect(response.statusCode, label).toBe(expected);
      const after = await stateOf(target.row.id);
      if (!undo) {
        counts.refused += 1;
        // A refused call changed nothing, and sent no e-mail.
        expect(after, label).toEqual(pair.before);
        if (expected === 403) expect(response.json().detail, label).toBeTruthy();
      } else {
        counts.allowed += 1;
        route.applied(pair, after, response);
        await restore(undo);
      }
    }
  });
});

describe('the attacks of the issue', () => {
  const idOf = (email: string) => person(email).row.id;

  it('a studio administrator cannot change the studio owner’s e-mail, and no link goes anywhere', async () => {
    const before = await stateOf(idOf('owner@colophon.test'));
    const response = await callAs('studioadmin@colophon.test', {
      method: 'PUT',
      url: `/api/users/${idOf('owner@colophon.test')}`,
      payload: { email: 'attacker@evil.test' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(
      'You can change only users whose role ranks below yours: Studio Owner does not rank below Studio Administrator.',
    );
    expect(await stateOf(idOf('owner@colophon.test'))).toEqual(before);
  });

  it('an adviser can neither demote nor deactivate the school administrator', async () => {
    const admin = idOf('schooladmin@colophon.test');
    const before = await stateOf(admin);
    const demote = await callAs('adviser@colophon.test', {
      method: 'PUT',
      url: `/api/users/${admin}/user_permissions`,
      payload: { role: 6 },
    });
    expect(demote.statusCode).toBe(403);
    const deactivate = await callAs('adviser@colophon.test', { method: 'DELETE', url: `/api/users/${admin}` });
    expect(deactivate.statusCode).toBe(403);
    expect(await stateOf(admin)).toEqual(before);
  });

  it('a studio owner cannot raise a school user to their own rank, nor change a super administrator', async () => {
    const adviser = idOf('adviser@colophon.test');
    const raise = await callAs('owner@colophon.test', {
      method: 'PUT',
      url: `/api/users/${adviser}/user_permissions`,
      payload: { role: 8 },
    });
    expect(raise.statusCode).toBe(400);
    expect(raise.json().errors[0]).toEqual({ path: 'role', message: 'You cannot give the role Studio Owner.' });
    const superUser = idOf('super@colophon.test');
    // The super administrator is not in the studio's tenant: 404, as for any other tenant's user.
    const touch = await callAs('owner@colophon.test', { method: 'DELETE', url: `/api/users/${superUser}` });
    expect(touch.statusCode).toBe(404);
  });
});
