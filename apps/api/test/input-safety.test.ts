import { auditLog } from '@colophon/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_DETAIL_MAX_CHARS, auditDetail } from '../src/plugins/audit';
import { findNul, jsonDepthExceeds, MAX_JSON_DEPTH } from '../src/plugins/input-safety';
import { createTestApp, DEMO_PASSWORD, SUPER, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const fieldsOf = (response: { json: () => { errors?: { path: string; message: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

/** A session of its own, for cases that would end the shared one if the server got them wrong. */
async function freshToken(email = SUPER): Promise<string> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return login.json<{ token: string }>().token;
}

describe('ids past int4', () => {
  it.each([
    ['/api/accounts/2147483648', 'id'],
    ['/api/users/2147483648', 'id'],
    ['/api/proofs/2147483648/compare', 'id'],
    ['/api/projects?accountId=2147483648', 'accountId.0'],
    ['/api/projects?accountId[]=2147483648', 'accountId.0'],
    ['/api/accounts?type=40000', 'type.0'],
    ['/api/proofs?year[]=2147483648', 'year.0'],
  ])('GET %s is a 400 naming %s', async (url, field) => {
    const response = await t.call({ method: 'GET', url, as: SUPER });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toContain(field);
  });

  it('names the range in the message', async () => {
    const response = await t.call({ method: 'GET', url: '/api/accounts/2147483648', as: SUPER });
    expect(response.json().errors[0].message).toBe('Must be a whole number from 1 to 2147483647');
  });

  it('takes the largest int4 id as an ordinary missing record', async () => {
    const response = await t.call({ method: 'GET', url: '/api/accounts/2147483647', as: SUPER });
    expect(response.statusCode).toBe(404);
  });

  it('takes queue ids (bigserial) past int4', async () => {
    const response = await t.call({ method: 'GET', url: '/api/queue_proofs/2147483648', as: SUPER });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a body id past int4 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects/get/get_projects_post',
      as: SUPER,
      payload: { ids: [1, 2147483648], ancestorId: 2147483648 },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(expect.arrayContaining(['ids.1', 'ancestorId']));
  });
});

describe('the NUL character', () => {
  it('is a 400 naming the query parameter', async () => {
    const response = await t.call({ method: 'GET', url: '/api/accounts?search=%00', as: SUPER });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['search']);
  });

  it('is a 400 naming the body field, also deep inside it', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: SUPER,
      payload: { name: 'ok', accountId: 1, specification: { notes: ['fine', 'a\u0000b'] } },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['specification.notes.1']);
  });

  it('is refused on a route that declares no body, before it runs', async () => {
    const token = await freshToken();
    const response = await t.call({ method: 'POST', url: '/api/auth/logout', as: token, payload: { note: '\u0000' } });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['note']);
    const stillSignedIn = await t.call({ method: 'GET', url: '/api/auth/me', as: token });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('is found in keys and strings at any depth, not in other values', () => {
    expect(findNul({ a: [{ b: 'x' }, { c: 'y\u0000' }] }, '')).toBe('a.1.c');
    expect(findNul({ 'k\u0000': 1 }, '')).toBe('k\\u0000');
    expect(findNul('\u0000', '')).toBe('');
    expect(findNul({ a: 1, b: null, c: true, d: ['x'] }, '')).toBeNull();
  });
});

describe('include names', () => {
  it.each(['__proto__', 'hasOwnProperty', 'valueOf', 'constructor', '__proto__,hasOwnProperty,valueOf'])(
    'include=%s is a 400 naming include, on lists, exports and single records',
    async (include) => {
      for (const url of ['/api/accounts', '/api/accounts/export', '/api/accounts/1']) {
        const response = await t.call({ method: 'GET', url: `${url}?include=${include}`, as: SUPER });
        expect(response.statusCode, url).toBe(400);
        expect(fieldsOf(response), url).toEqual(['include']);
      }
    },
  );

  it('still fills a known include', async () => {
    const response = await t.call({ method: 'GET', url: '/api/accounts?include=parent', as: SUPER });
    expect(response.statusCode).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('is refused with a 400 naming the body before the route runs', async () => {
    const token = await freshToken();
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      as: token,
      headers: { 'content-type': 'application/json' },
      payload: deep(5000),
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['body']);
    const stillSignedIn = await t.call({ method: 'GET', url: '/api/auth/me', as: token });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('is measured on the text: brackets inside strings do not count', () => {
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[{{{{"\\"[['.repeat(100) }), 2)).toBe(false);
  });

  it('still refuses prototype poisoning as before', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects/get/get_projects_post',
      as: SUPER,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('keeps only the size of a body a route does not read: 3 MB of junk makes a small row', async () => {
    const token = await freshToken();
    const junk = JSON.stringify({ junk: 'x'.repeat(3_000_000), more: Array.from({ length: 1000 }, (_, i) => i) });
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      as: token,
      headers: { 'content-type': 'application/json' },
      payload: junk,
    });
    expect(response.statusCode).toBe(204);
    const [row] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'auth/logout'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.detail).toEqual({ params: {}, bodyBytes: junk.length });
    expect(JSON.stringify(row).length).toBeLessThan(2000);
  });

  it('keeps the validated body without the fields the schema dropped', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/presets',
      as: SUPER,
      payload: { name: 'Audited preset', accountId: 1, specification: {}, unknownField: 'x'.repeat(10_000) },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'presets'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const body = (row?.detail as { body?: Record<string, unknown> } | undefined)?.body;
    expect(body?.name).toBe('Audited preset');
    expect(body).not.toHaveProperty('unknownField');
  });

  it('caps the detail: a long or deep validated body gives way to a marker', () => {
    const big = { notes: Array.from({ length: 50 }, () => 'y'.repeat(500)) };
    const detail = auditDetail({ id: 7 }, big, true, 30_000);
    expect(JSON.stringify(detail).length).toBeLessThanOrEqual(AUDIT_DETAIL_MAX_CHARS);
    expect(detail).toMatchObject({ truncated: true, bodyBytes: 30_000 });

    let nested: unknown = 'bottom';
    for (let level = 0; level < 50; level++) nested = { a: nested };
    expect(JSON.stringify(auditDetail({}, nested, true, 500))).toContain('[nested]');
    expect(auditDetail({}, { password: 'secret', name: 'n' }, true, 40)).toEqual({
      params: {},
      body: { password: '[redacted]', name: 'n' },
    });
  });
});
