import { emailChangeRequests, outboxEmails, users } from '@colophon/db';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/modules/auth/password-links';
import { createTestApp, DEMO_PASSWORD, OWNER, type TestApp } from './harness';

/** Issue 8: a new e-mail address counts only once the link sent to it is opened. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const userByEmail = async (email: string) => {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
};
const userById = async (id: number) => (await t.handle.db.select().from(users).where(eq(users.id, id)))[0];
const mailsTo = (address: string) =>
  t.handle.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(desc(outboxEmails.id));
const tokenIn = (text: string | undefined) => /\/confirm-email\?token=([\w-]+)/.exec(text ?? '')?.[1];
const signIn = (email: string) =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
const confirm = (token: string) => t.call({ method: 'POST', url: '/api/users/confirm_email', payload: { token } });
const changeEmail = (id: number, email: string, as = OWNER) =>
  t.call({ method: 'PUT', url: `/api/users/${id}`, as, payload: { email } });

describe('changing the e-mail of a user ranking below', () => {
  it('keeps the address, says the change is pending, links the new address and tells the old one', async () => {
    const treasurer = await userByEmail('treasurer@colophon.test');
    const response = await changeEmail(treasurer.id, 'Tess.New@Lincoln.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'treasurer@colophon.test', pendingEmail: 'tess.new@lincoln.test' });
    expect((await userById(treasurer.id))?.email).toBe('treasurer@colophon.test');

    const [toNew] = await mailsTo('tess.new@lincoln.test');
    expect(toNew?.subject).toBe('Confirm your new Colophon e-mail address');
    expect(toNew?.text).toContain(`${t.config.publicUrl}/confirm-email?token=`);
    expect(toNew?.text).toContain('Olivia Owner (owner@colophon.test) asked');
    const [toOld] = await mailsTo('treasurer@colophon.test');
    expect(toOld?.subject).toBe('A change of your Colophon e-mail address was requested');
    expect(toOld?.text).toContain('from treasurer@colophon.test to tess.new@lincoln.test');
    expect(toOld?.text).not.toContain('token=');

    // Kept hashed, for 24 hours, with who asked.
    const [request] = await t.handle.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, treasurer.id));
    const token = tokenIn(toNew?.text) as string;
    expect(request).toMatchObject({ newEmail: 'tess.new@lincoln.test', tokenHash: sha256(token), usedAt: null });
    expect(request?.requestedByUserId).toBe((await userByEmail(OWNER)).id);
    const hours = ((request?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const read = await t.call({ method: 'GET', url: `/api/users/${treasurer.id}?include=pendingEmail`, as: OWNER });
    expect(read.json()).toMatchObject({ email: 'treasurer@colophon.test', pendingEmail: 'tess.new@lincoln.test' });
  });

  it('confirms through the link once: the address changes, every session ends, the old address is told', async () => {
    const salesManager = await userByEmail('salesmanager@colophon.test');
    const oldSession = (await signIn('salesmanager@colophon.test')).json().token as string;
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: oldSession })).statusCode).toBe(200);
    await changeEmail(salesManager.id, 'sal.new@lincoln.test');
    const token = tokenIn((await mailsTo('sal.new@lincoln.test'))[0]?.text) as string;

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'sal.new@lincoln.test' });
    const after = await userById(salesManager.id);
    expect(after?.email).toBe('sal.new@lincoln.test');
    expect(after?.tokenVersion).toBe(salesManager.tokenVersion + 1);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: oldSession })).statusCode).toBe(401);
    const [done] = await mailsTo('salesmanager@colophon.test');
    expect(done?.subject).toBe('Your Colophon e-mail address was changed');
    expect(done?.text).toContain('is now sal.new@lincoln.test');
    expect((await signIn('sal.new@lincoln.test')).statusCode).toBe(200);
    expect((await signIn('salesmanager@colophon.test')).statusCode).toBe(401);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].path).toBe('token');
    const read = await t.call({ method: 'GET', url: `/api/users/${salesManager.id}?include=pendingEmail`, as: OWNER });
    expect(read.json().pendingEmail).toBeNull();
  });

  it('refuses an expired link, and a made-up one', async () => {
    const volunteer = await userByEmail('volunteer@colophon.test');
    await changeEmail(volunteer.id, 'val.late@lincoln.test');
    const token = tokenIn((await mailsTo('val.late@lincoln.test'))[0]?.text) as string;
    await t.handle.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.tokenHash, sha256(token)));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0]).toMatchObject({ path: 'token' });
    expect((await userById(volunteer.id))?.email).toBe('volunteer@colophon.test');
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    expect((await confirm('short')).statusCode).toBe(400);
  });

  it('answers 409 for an address another user has, when asked and when confirmed', async () => {
    const volunteer = await userByEmail('volunteer@colophon.test');
    const requestsBefore = await t.handle.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, volunteer.id));
    const taken = await changeEmail(volunteer.id, 'Adviser@Colophon.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('email');
    expect(
      await t.handle.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, volunteer.id)),
    ).toEqual(requestsBefore);

    // Free when asked, taken by the time the link is opened.
    await changeEmail(volunteer.id, 'val.contested@lincoln.test');
    const token = tokenIn((await mailsTo('val.contested@lincoln.test'))[0]?.text) as string;
    const [lincoln] = await t
      .call({ method: 'GET', url: `/api/user_accounts?userId=${volunteer.id}`, as: OWNER })
      .then((response) => response.json().data as { accountId: number }[]);
    const created = await t.call({
      method: 'POST',
      url: '/api/users',
      as: OWNER,
      payload: {
        email: 'val.contested@lincoln.test',
        firstName: 'V',
        lastName: 'C',
        role: 6,
        accountId: lincoln?.accountId,
      },
    });
    expect(created.statusCode).toBe(201);
    const conflict = await confirm(token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors[0].path).toBe('email');
    expect((await userById(volunteer.id))?.email).toBe('volunteer@colophon.test');
  });

  it('keeps only the newest request: an earlier link stops working', async () => {
    const adviser = await userByEmail('adviser@colophon.test');
    await changeEmail(adviser.id, 'avery.first@lincoln.test');
    const first = tokenIn((await mailsTo('avery.first@lincoln.test'))[0]?.text) as string;
    await changeEmail(adviser.id, 'avery.second@lincoln.test');
    const open = await t.handle.db
      .select()
      .from(emailChangeRequests)
      .where(
        and(
          eq(emailChangeRequests.userId, adviser.id),
          isNull(emailChangeRequests.usedAt),
          gt(emailChangeRequests.expiresAt, new Date()),
        ),
      );
    expect(open.map((request) => request.newEmail)).toEqual(['avery.second@lincoln.test']);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await userById(adviser.id))?.email).toBe('adviser@colophon.test');
  });

  it('changes nothing and sends nothing when the address is the same one, whatever its case', async () => {
    const owner = await userByEmail(OWNER);
    const [lastMail] = await t.handle.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
    const response = await t.call({
      method: 'PUT',
      url: `/api/profile`,
      as: OWNER,
      payload: { email: 'OWNER@colophon.test', firstName: 'Olivia' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: OWNER, pendingEmail: null });
    const [newest] = await t.handle.db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(1);
    expect(newest?.id).toBe(lastMail?.id);
    expect(
      await t.handle.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, owner.id)),
    ).toEqual([]);
  });
});

describe('changing one’s own e-mail from the profile', () => {
  it('is pending in the answer and in the session until the link is opened', async () => {
    const token = (await signIn('schooladmin@colophon.test')).json().token as string;
    const response = await t.call({
      method: 'PUT',
      url: '/api/profile',
      as: token,
      payload: { email: 'sofia.new@lincoln.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'schooladmin@colophon.test',
      pendingEmail: 'sofia.new@lincoln.test',
    });
    const me = (await t.call({ method: 'GET', url: '/api/auth/me', as: token })).json();
    expect(me.user).toMatchObject({ email: 'schooladmin@colophon.test', pendingEmail: 'sofia.new@lincoln.test' });
    const [toNew] = await mailsTo('sofia.new@lincoln.test');
    expect(toNew?.text).toContain('You asked');
    const [toOld] = await mailsTo('schooladmin@colophon.test');
    expect(toOld?.subject).toBe('A change of your Colophon e-mail address was requested');

    expect((await confirm(tokenIn(toNew?.text) as string)).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/auth/me', as: token })).statusCode).toBe(401);
    const fresh = (await signIn('sofia.new@lincoln.test')).json().token as string;
    const after = (await t.call({ method: 'GET', url: '/api/auth/me', as: fresh })).json();
    expect(after.user).toMatchObject({ email: 'sofia.new@lincoln.test', pendingEmail: null });
  });

  it('answers 409 for an address another user has', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/profile',
      as: 'contact@colophon.test',
      payload: { email: OWNER, lastName: 'Changed' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0].path).toBe('email');
    // Nothing of the call was kept.
    expect((await userByEmail('contact@colophon.test')).lastName).toBe('Contact');
  });
});
