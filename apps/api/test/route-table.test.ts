import { can, type Permission } from '@colophon/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** Demo users from the least to the most privileged; the first one a permission refuses is used for 403. */
const CANDIDATES = [
  { email: 'volunteer@colophon.test', role: 6, bSuperAdmin: false },
  { email: 'treasurer@colophon.test', role: 20, bSuperAdmin: false },
  { email: 'salesmanager@colophon.test', role: 22, bSuperAdmin: false },
  { email: 'owner@colophon.test', role: 8, bSuperAdmin: false },
];

function userRefusedBy(permission: Permission) {
  return CANDIDATES.find((candidate) => !can(candidate, permission));
}

// Named path segments that are not ids get a valid sample (a software path name, an automation).
const concrete = (url: string, id = '1') =>
  url
    .replace(/:software\([^)]*\)/, 'ordering-software-h')
    .replace(':automation', 'prepress')
    .replace(':id', id)
    .replace('*', 'x.png');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('every API route', () => {
  it('is catalogued', () => {
    expect(t.app.routeCatalogue.length).toBeGreaterThan(30);
  });

  it('answers 401 problem+json to a caller without a session, unless it is public', async () => {
    for (const route of t.app.routeCatalogue.filter((candidate) => !candidate.public)) {
      const response = await t.call({ method: route.method as 'GET', url: concrete(route.url) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers 401 to an expired or forged token', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Your session has ended. Please sign in again.');
  });

  it('answers 403 to a role without the permission, before looking at the input', async () => {
    const guarded = t.app.routeCatalogue.filter((route) => route.permission);
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const refused = userRefusedBy(route.permission!);
      if (!refused) continue;
      const response = await t.call({
        method: route.method as 'GET',
        url: concrete(route.url),
        as: refused.email,
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url} as ${refused.email}`).toBe(403);
    }
  });

  it('answers 400 naming the body to malformed JSON on every route that takes a body', async () => {
    // A plant's postback checks its signature before it reads the body: unsigned, any body is a 401
    // (postbacks.test.ts sends it signed malformed JSON and gets this 400).
    const signedByPlants = new Set(['/api/manufacturer/internal/postbacks']);
    const withBody = t.app.routeCatalogue.filter((route) => route.hasBody && !signedByPlants.has(route.url));
    for (const route of withBody) {
      const response = await t.call({
        method: route.method as 'POST',
        url: concrete(route.url),
        as: route.public ? undefined : 'super@colophon.test',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(response.json().errors?.[0]?.path).toBe('body');
    }
  });

  it('answers 400 naming the id to a path id that is not a number', async () => {
    for (const route of t.app.routeCatalogue.filter((candidate) => candidate.hasIdParam)) {
      const response = await t.call({
        method: route.method as 'GET',
        url: concrete(route.url, 'abc'),
        as: 'super@colophon.test',
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain('id');
    }
  });

  it('answers 404 problem+json to an unknown API path', async () => {
    const response = await t.call({ method: 'GET', url: '/api/no-such-thing', as: 'super@colophon.test' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
