import { users } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// The smallest valid PNG: one transparent pixel.
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('the profile', () => {
  it('changes the name and time zone of the signed-in user only', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/profile',
      as: ADVISER,
      payload: { firstName: 'Avery J.', timezone: 'EST' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Avery J.', timezone: 'EST', email: ADVISER });
    const refused = await t.call({ method: 'PUT', url: '/api/profile', as: ADVISER, payload: { timezone: 'GMT' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('timezone');
  });

  it('stores an avatar sent as base64, with or without the data-URL prefix, behind a signed URL', async () => {
    const upload = await t.call({
      method: 'POST',
      url: '/api/files/avatar',
      as: ADVISER,
      payload: { data: `data:image/png;base64,${PIXEL_PNG}` },
    });
    expect(upload.statusCode).toBe(200);
    const { uriAvatar } = upload.json();
    expect(uriAvatar).toMatch(/^\/api\/files\/signed\/avatars\/\d+\/[\w-]+\.png\?expires=\d+&signature=/);
    const image = await t.call({ method: 'GET', url: uriAvatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const tampered = await t.call({ method: 'GET', url: uriAvatar.replace(/signature=.*/, 'signature=forged') });
    expect(tampered.statusCode).toBe(403);
    const [adviser] = await t.handle.db.select().from(users).where(eq(users.email, ADVISER));
    expect(adviser?.uriAvatar).toMatch(/^avatars\//);
    const plain = await t.call({ method: 'POST', url: '/api/files/avatar', as: SUPER, payload: { data: PIXEL_PNG } });
    expect(plain.statusCode).toBe(200);
  });

  it('refuses something that is not an image', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/files/avatar',
      as: ADVISER,
      payload: { data: Buffer.from('%PDF-1.7 not an image').toString('base64') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({ path: 'data', message: 'Use a PNG, JPEG, WebP or GIF image.' });
  });
});

describe('the audit log and the outbox', () => {
  it('records who did what, as whom and from where, for super administrators to read', async () => {
    await t.call({ method: 'PUT', url: '/api/profile', as: ADVISER, payload: { lastName: 'Adviser' } });
    const response = await t.call({ method: 'GET', url: '/api/audit_log?resource=profile', as: SUPER });
    expect(response.statusCode).toBe(200);
    const [entry] = response.json().data;
    expect(entry).toMatchObject({
      action: 'PUT',
      resource: 'profile',
      actorEmail: ADVISER,
      asUserId: null,
      ip: '127.0.0.1',
    });
    expect(entry.detail.body).toEqual({ lastName: 'Adviser' });
  });

  it('never keeps a password in the audit log', async () => {
    await t.call({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: ADVISER } });
    const entries = (await t.call({ method: 'GET', url: '/api/audit_log?resource=auth&perPage=100', as: SUPER })).json()
      .data;
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain('colophon-demo');
    expect(everything).toContain('[redacted]');
  });

  it('keeps every e-mail in the outbox', async () => {
    const response = await t.call({ method: 'GET', url: `/api/outbox_emails?to=${ADVISER}`, as: SUPER });
    expect(response.json().data[0]).toMatchObject({
      toAddress: ADVISER,
      subject: 'Reset your Colophon password',
      transport: 'outbox',
    });
  });
});
