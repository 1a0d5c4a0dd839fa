import { auditLog, manufacturingPlants, outboxEmails, users } from '@colophon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SUPER, type TestApp } from './harness';

// Every list's text search matches `%` and `_` literally, and its total stays right past the last page.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.handle.db.insert(users).values([
    { email: 'percent@search.test', firstName: 'Percy', lastName: '100%', role: 6 },
    { email: 'under_score@search.test', firstName: 'Una', lastName: 'Underscore', role: 6 },
    { email: 'plain@search.test', firstName: 'Pia', lastName: 'Plain', role: 6 },
  ]);
  await t.handle.db.insert(auditLog).values([
    { action: 'update', resource: 'search%probe' },
    { action: 'update', resource: 'search_probe' },
    { action: 'update', resource: 'searchxprobe' },
  ]);
  await t.handle.db.insert(outboxEmails).values(
    ['per%cent@search.test', 'under_score@search.test', 'underxscore@search.test'].map((toAddress) => ({
      toAddress,
      subject: 'Search probe',
      text: 'Search probe',
      transport: 'outbox',
    })),
  );
  await t.handle.db.insert(manufacturingPlants).values([
    { code: 'Q', name: 'Per%cent Plant' },
    { code: 'R', name: 'Under_score Plant' },
    { code: 'S', name: 'Underxscore Plant' },
  ]);
});
afterAll(async () => t.close());

const list = async (url: string) => {
  const response = await t.call({ method: 'GET', url, as: SUPER });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; total: number; page: number; perPage: number };
};
const q = (text: string) => encodeURIComponent(text);

describe('text search matches wildcards literally', () => {
  it.each([
    ['%', ['percent@search.test']],
    ['_', ['under_score@search.test']],
    ['%@', []],
  ])('users: %j', async (search, expected) => {
    const found = await list(`/api/users?search=${q(search)}&perPage=100`);
    expect(found.data.map((user) => user.email)).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  it.each([
    ['%', ['Q']],
    ['_', ['R']],
    ['r_s', ['R']],
  ])('manufacturing plants: %j', async (search, expected) => {
    const found = await list(`/api/manufacturing_plants?search=${q(search)}&perPage=100`);
    expect(found.data.map((plant) => plant.code)).toEqual(expected);
  });

  it.each([
    ['search%', ['search%probe']],
    ['search_', ['search_probe']],
    ['%', []],
    ['_', []],
  ])('audit log (by resource prefix): %j', async (resource, expected) => {
    const found = await list(`/api/audit_log?resource=${q(resource)}&perPage=100`);
    expect(found.data.map((entry) => entry.resource)).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });

  it.each([
    ['%', ['per%cent@search.test']],
    ['_', ['under_score@search.test']],
  ])('outbox: %j', async (to, expected) => {
    const found = await list(`/api/outbox_emails?to=${q(to)}&perPage=100`);
    expect(found.data.map((email) => email.toAddress)).toEqual(expected);
    expect(found.total).toBe(expected.length);
  });
});

describe('paging totals', () => {
  it.each([
    '/api/users?sort=email',
    '/api/manufacturing_plants?sort=code',
    '/api/audit_log?sort=createdAt',
    '/api/outbox_emails?to=search.test',
  ])('%s: pages add up, and a page past the end is empty with the same total', async (url) => {
    const all = await list(`${url}&perPage=100`);
    expect(all.total).toBe(all.data.length);
    const first = await list(`${url}&perPage=2&page=1`);
    const second = await list(`${url}&perPage=2&page=2`);
    expect([first.total, second.total]).toEqual([all.total, all.total]);
    expect([...first.data, ...second.data]).toEqual(all.data.slice(0, 4));
    const beyond = await list(`${url}&perPage=2&page=500`);
    expect(beyond).toEqual({ data: [], total: all.total, page: 500, perPage: 2 });
  });

  it('the account and project searches keep their total past the end', async () => {
    for (const url of ['/api/accounts/get/get_accounts_post', '/api/projects/get/get_projects_post']) {
      const all = (await t.call({ method: 'POST', url, as: SUPER, payload: { perPage: 100 } })).json();
      expect(all.total).toBeGreaterThan(0);
      const beyond = await t.call({ method: 'POST', url, as: SUPER, payload: { perPage: 10, page: 500 } });
      expect(beyond.json()).toEqual({ data: [], total: all.total, page: 500, perPage: 10 });
    }
  });
});
