import { accounts, outboxEmails, users } from '@colophon/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVISER,
  createTestApp,
  DEMO_PASSWORD,
  DIRECT_ADVISER,
  OWNER,
  SUPER,
  type TestApp,
  VOLUNTEER,
} from './harness';

let t: TestApp;
let lincolnId: number;
let oakValleyId: number;
let directAdviserId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [lincoln] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  const [oakValley] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Oak Valley High School'));
  const [direct] = await t.handle.db.select().from(users).where(eq(users.email, DIRECT_ADVISER));
  lincolnId = lincoln!.id;
  oakValleyId = oakValley!.id;
  directAdviserId = direct!.id;
});
afterAll(async () => t.close());

const list = (query: string, as = SUPER) => t.call({ method: 'GET', url: `/api/users?${query}`, as });

describe('the users list', () => {
  it('pages with the list envelope and caps the page size', async () => {
    const page = (await list('page=2&perPage=5')).json();
    expect(page).toMatchObject({ page: 2, perPage: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(20);
    const tooMany = await list('perPage=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].path).toBe('perPage');
  });

  it('sorts on the server, both ways, and refuses an unknown sort', async () => {
    const ascending = (await list('sort=email&perPage=100')).json().data.map((user: { email: string }) => user.email);
    expect(ascending).toEqual([...ascending].sort());
    const descending = (await list('sort=-email&perPage=100')).json().data.map((user: { email: string }) => user.email);
    expect(descending[0] >= descending[descending.length - 1]).toBe(true);
    const unknown = await list('sort=password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('sort');
  });

  it('filters by search, by repeated role keys, by activity and by account', async () => {
    const search = (await list('search=avery')).json();
    expect(search.data.map((user: { email: string }) => user.email)).toContain(ADVISER);
    const roles = (await list('role[]=6&role[]=20&perPage=100')).json();
    expect(new Set(roles.data.map((user: { role: number }) => user.role))).toEqual(new Set([6, 20]));
    const inactive = (await list('isActive=false&perPage=100')).json();
    expect(inactive.data.every((user: { isActive: boolean }) => !user.isActive)).toBe(true);
    const lincoln = (await list(`accountId=${lincolnId}&perPage=100`)).json();
    expect(lincoln.data.map((user: { email: string }) => user.email)).toContain('treasurer@colophon.test');
    expect((await list('role[]=abc')).statusCode).toBe(400);
  });

  it('keeps a studio owner to the users of the studio’s own tree', async () => {
    const owned = (await list('perPage=100', OWNER)).json();
    const emails = owned.data.map((user: { email: string }) => user.email);
    expect(emails).toContain(ADVISER);
    expect(emails).not.toContain(DIRECT_ADVISER);
    expect(emails).not.toContain(SUPER);
  });

  it('answers 404 for another tenant’s user, exactly as for a missing one', async () => {
    const foreign = await t.call({ method: 'GET', url: `/api/users/${directAdviserId}`, as: OWNER });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`User ${directAdviserId} was not found.`);
    const schoolFromSchool = await t.call({ method: 'GET', url: `/api/users/${directAdviserId}`, as: ADVISER });
    expect(schoolFromSchool.statusCode).toBe(404);
  });

  it('exports the whole filtered list as CSV', async () => {
    const response = await t.call({ method: 'GET', url: '/api/users/export?role[]=5&sort=email', as: SUPER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('ID,First name,Last name,Email,Role,Super admin,Active,Time zone,Last sign-in');
    const total = (await list('role[]=5')).json().total;
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((line) => line.includes('School Yearbook Adviser'))).toBe(true);
  });
});

describe('creating and changing users', () => {
  it('creates a user linked to an account and e-mails a set-password link', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users',
      as: ADVISER,
      payload: {
        email: 'New.Helper@Lincoln.test',
        firstName: 'Nia',
        lastName: 'Helper',
        role: 6,
        accountId: lincolnId,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'new.helper@lincoln.test',
      role: 6,
      isActive: true,
      timezone: 'CST',
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
    const [email] = await t.handle.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
    expect(email).toMatchObject({ toAddress: 'new.helper@lincoln.test', subject: 'Welcome to Colophon' });
    expect(email?.text).toContain('/new-password?token=');
  });

  it('refuses a duplicate e-mail with 409 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users',
      as: SUPER,
      payload: { email: ADVISER, firstName: 'A', lastName: 'B', role: 5, accountId: lincolnId },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({ path: 'email' });
  });

  it('refuses an unknown role code, a role the caller may not give, and another tenant’s account', async () => {
    const base = { email: 'someone@x.test', firstName: 'Some', lastName: 'One', accountId: lincolnId };
    const unknownRole = await t.call({ method: 'POST', url: '/api/users', as: SUPER, payload: { ...base, role: 42 } });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors[0].path).toBe('role');
    const ownerRole = await t.call({ method: 'POST', url: '/api/users', as: ADVISER, payload: { ...base, role: 8 } });
    expect(ownerRole.statusCode).toBe(400);
    expect(ownerRole.json().errors[0]).toMatchObject({
      path: 'role',
      message: 'You cannot give the role Studio Owner.',
    });
    const foreign = await t.call({
      method: 'POST',
      url: '/api/users',
      as: OWNER,
      payload: { ...base, role: 5, accountId: oakValleyId },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('accountId');
    const [written] = await t.handle.db.select().from(users).where(eq(users.email, 'someone@x.test'));
    expect(written).toBeUndefined();
  });

  it('refuses a volunteer who would create users (403)', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users',
      as: VOLUNTEER,
      payload: { email: 'v@x.test', firstName: 'V', lastName: 'X', role: 6, accountId: lincolnId },
    });
    expect(response.statusCode).toBe(403);
  });

  it('updates a user and deactivates one, which ends their sessions', async () => {
    const [treasurer] = await t.handle.db.select().from(users).where(eq(users.email, 'treasurer@colophon.test'));
    const treasurerToken = await t.tokenFor('treasurer@colophon.test');
    const updated = await t.call({
      method: 'PUT',
      url: `/api/users/${treasurer!.id}`,
      as: OWNER,
      payload: { firstName: 'Theresa', timezone: 'HST' },
    });
    expect(updated.json()).toMatchObject({ firstName: 'Theresa', timezone: 'HST' });
    const badZone = await t.call({
      method: 'PUT',
      url: `/api/users/${treasurer!.id}`,
      as: OWNER,
      payload: { timezone: 'UTC' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().errors[0].path).toBe('timezone');
    const deactivated = await t.call({ method: 'DELETE', url: `/api/users/${treasurer!.id}`, as: OWNER });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().isActive).toBe(false);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: treasurerToken })).statusCode).toBe(401);
    const reactivated = await t.call({
      method: 'PUT',
      url: `/api/users/${treasurer!.id}`,
      as: OWNER,
      payload: { isActive: true },
    });
    expect(reactivated.json().isActive).toBe(true);
  });

  it('refuses to deactivate oneself', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: OWNER })).json();
    const response = await t.call({ method: 'DELETE', url: `/api/users/${me.user.id}`, as: OWNER });
    expect(response.statusCode).toBe(400);
  });
});

describe('permissions, notifications and linked accounts', () => {
  it('reads and changes a user’s permissions; only a super admin grants super administration', async () => {
    const [volunteer] = await t.handle.db.select().from(users).where(eq(users.email, VOLUNTEER));
    const read = await t.call({ method: 'GET', url: `/api/users/${volunteer!.id}/user_permissions`, as: ADVISER });
    expect(read.json()).toMatchObject({
      role: 6,
      bSuperAdmin: false,
      permissions: expect.arrayContaining(['proofs.comment']),
    });
    expect(read.json().permissions).not.toContain('orders.place');
    // Nobody gives a role ranking at or above their own: an adviser makes no other adviser.
    const peer = await t.call({
      method: 'POST',
      url: `/api/users/${volunteer!.id}/user_permissions`,
      as: ADVISER,
      payload: { role: 5 },
    });
    expect(peer.statusCode).toBe(400);
    expect(peer.json().errors[0]).toEqual({
      path: 'role',
      message: 'You cannot give the role School Yearbook Adviser.',
    });
    const promote = await t.call({
      method: 'POST',
      url: `/api/users/${volunteer!.id}/user_permissions`,
      as: ADVISER,
      payload: { role: 22 },
    });
    expect(promote.json()).toMatchObject({ role: 22, permissions: expect.arrayContaining(['coupons.manage']) });
    const superGrant = await t.call({
      method: 'PUT',
      url: `/api/users/${volunteer!.id}/user_permissions`,
      as: OWNER,
      payload: { role: 5, bSuperAdmin: true },
    });
    expect(superGrant.statusCode).toBe(403);
    await t.call({
      method: 'PUT',
      url: `/api/users/${volunteer!.id}/user_permissions`,
      as: SUPER,
      payload: { role: 6 },
    });
  });

  it('keeps notification preferences, e-mail on by default', async () => {
    const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: ADVISER })).json();
    const before = (
      await t.call({ method: 'GET', url: `/api/users/${me.user.id}/user_notifications`, as: ADVISER })
    ).json();
    expect(
      before.preferences.find((preference: { typeNotification: number }) => preference.typeNotification === 1),
    ).toEqual({
      typeNotification: 1,
      email: true,
    });
    const saved = await t.call({
      method: 'PUT',
      url: `/api/users/${me.user.id}/user_notifications`,
      as: ADVISER,
      payload: { preferences: [{ typeNotification: 1, email: false }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().preferences.find((preference: { typeNotification: number }) => preference.typeNotification === 1)
        .email,
    ).toBe(false);
    const unknown = await t.call({
      method: 'PUT',
      url: `/api/users/${me.user.id}/user_notifications`,
      as: ADVISER,
      payload: { preferences: [{ typeNotification: 9999, email: false }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('preferences.0.typeNotification');
  });

  it('links and unlinks accounts within the caller’s tree only', async () => {
    const [contact] = await t.handle.db.select().from(users).where(eq(users.email, 'contact@colophon.test'));
    const link = await t.call({
      method: 'POST',
      url: '/api/user_accounts',
      as: OWNER,
      payload: { userId: contact!.id, accountId: lincolnId },
    });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toMatchObject({ userId: contact!.id, account: { name: 'Lincoln High School' } });
    const duplicate = await t.call({
      method: 'POST',
      url: '/api/user_accounts',
      as: OWNER,
      payload: { userId: contact!.id, accountId: lincolnId },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].path).toBe('accountId');
    const foreign = await t.call({
      method: 'POST',
      url: '/api/user_accounts',
      as: OWNER,
      payload: { userId: contact!.id, accountId: oakValleyId },
    });
    expect(foreign.statusCode).toBe(400);
    const listed = (await t.call({ method: 'GET', url: `/api/user_accounts?userId=${contact!.id}`, as: OWNER })).json();
    expect(listed.total).toBe(2);
    const unlinked = await t.call({ method: 'DELETE', url: `/api/user_accounts/${link.json().id}`, as: OWNER });
    expect(unlinked.statusCode).toBe(204);
    const otherTenant = await t.call({
      method: 'DELETE',
      url: `/api/user_accounts/${listed.data[0].id}`,
      as: DIRECT_ADVISER,
    });
    expect(otherTenant.statusCode).toBe(404);
  });
});

describe('what is under a user follows the user’s read rule', () => {
  const idOf = async (email: string) => (await t.handle.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  const subResources = (id: number) => [
    `/api/users/${id}/user_notifications`,
    `/api/users/${id}/user_permissions`,
    `/api/user_accounts?userId=${id}`,
  ];

  it('keeps a volunteer without users.view to their own', async () => {
    const adviserId = await idOf(ADVISER);
    const volunteerId = await idOf(VOLUNTEER);
    // A session of its own: the permission change above ended the volunteer's earlier one.
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: VOLUNTEER, password: DEMO_PASSWORD },
    });
    const volunteer = login.json().token as string;
    for (const url of subResources(adviserId)) {
      const response = await t.call({ method: 'GET', url, as: volunteer });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).not.toHaveProperty('preferences');
    }
    for (const url of subResources(volunteerId)) {
      expect((await t.call({ method: 'GET', url, as: volunteer })).statusCode, url).toBe(200);
    }
    const own = (
      await t.call({ method: 'GET', url: `/api/users/${volunteerId}/user_notifications`, as: volunteer })
    ).json();
    expect(own.userId).toBe(volunteerId);
  });

  it('lets users.view read within the tenant only: another tenant’s user is missing', async () => {
    const volunteerId = await idOf(VOLUNTEER);
    for (const url of subResources(volunteerId)) {
      expect((await t.call({ method: 'GET', url, as: ADVISER })).statusCode, url).toBe(200);
    }
    for (const url of subResources(directAdviserId)) {
      expect((await t.call({ method: 'GET', url, as: OWNER })).statusCode, url).toBe(404);
    }
  });
});
