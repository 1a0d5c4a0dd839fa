import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = {
  include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
  // The demo is migrated and seeded once per run; each test app gets its own copy.
  globalSetup: ['apps/api/test/demo-template.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

// The API tests run on PGlite always, and again on PostgreSQL when a server is named (CI does).
const postgresProjects: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [{ test: { name: 'api-postgres', ...apiTests, env: { COLOPHON_TEST_DB: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'db', include: ['packages/db/src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      { test: { name: 'api', ...apiTests } },
      {
        test: {
          name: 'roster',
          include: ['apps/roster/src/**/*.test.ts', 'apps/roster/test/**/*.test.ts'],
          // The service's tests sign in through the dashboard: the same demo, made once per run.
          globalSetup: ['apps/api/test/demo-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...postgresProjects,
      'apps/web/vite.config.ts',
    ],
  },
});
