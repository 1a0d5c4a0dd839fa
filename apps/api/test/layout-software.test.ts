import { accounts, projects } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineLayoutSoftware } from '../src/integrations/layout-software';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let projectId: number;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [account] = await t.handle.db.select().from(accounts).where(eq(accounts.name, 'Willow Creek Elementary'));
  const [project] = await t.handle.db.select().from(projects).where(eq(projects.accountId, account!.id));
  accountId = account!.id;
  projectId = project!.id;
});
afterAll(async () => t.close());

describe('the offline layout-software adapter', () => {
  const request = () => ({
    software: 1,
    projectId,
    accountId,
    email: ' Kim.Lee@Willow.test ',
    firstName: 'Kim',
    lastName: 'Lee',
    role: 'adviser' as const,
    addedByUserId: null,
  });

  it('adds a user once, whatever the case of the e-mail, and lists the book’s users', async () => {
    const adapter = createOfflineLayoutSoftware(t.handle.db);
    const first = await adapter.addUser(request());
    expect(first).toMatchObject({ status: 'added', email: 'kim.lee@willow.test', role: 'adviser', software: 1 });
    const second = await adapter.addUser({ ...request(), email: 'KIM.LEE@willow.test' });
    expect(second).toMatchObject({ status: 'already_added', id: first.id, externalUserId: first.externalUserId });
    const other = await adapter.addUser({ ...request(), software: 2 });
    expect(other.status).toBe('added');
    expect(await adapter.listUsers(1, projectId)).toHaveLength(1);
  });

  it('agrees with itself under concurrent calls', async () => {
    const adapter = createOfflineLayoutSoftware(t.handle.db);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => adapter.addUser({ ...request(), email: 'same@willow.test' })),
    );
    expect(results.filter((result) => result.status === 'added')).toHaveLength(1);
    expect(new Set(results.map((result) => result.externalUserId)).size).toBe(1);
  });
});
