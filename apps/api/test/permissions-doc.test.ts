import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderPermissionsDoc } from '../src/docs/permissions-doc';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('docs/permissions.md matches the access table and the routes (run `npm run docs:permissions`)', () => {
  const committed = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
  expect(committed).toBe(renderPermissionsDoc(t.app.routeCatalogue, t.app.rosterRouteCatalogue));
});
