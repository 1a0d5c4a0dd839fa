/**
 * The roster service on its own (`npm run roster`), for a dashboard with ROSTER_URL set: the same
 * /roster paths on ROSTER_PORT, answering the dashboard's origin (DASHBOARD_ORIGIN) across origins.
 * It shares the dashboard's PostgreSQL (DATABASE_URL; an embedded PGlite belongs to one process) and
 * its configuration, and resolves sessions with the dashboard's own code: this entry point, and only
 * it, imports the dashboard's (the library in src/ takes them through RosterHost).
 */
import { loadConfig } from '@colophon/api/config';
import { createRosterHost } from '@colophon/api/roster-host';
import { createServices } from '@colophon/api/services';
import { createDb } from '@colophon/db';
import closeWithGrace from 'close-with-grace';
import { buildRosterApp } from './app';

const config = loadConfig();
if (!config.databaseUrl) {
  throw new Error('Invalid configuration: DATABASE_URL: the roster on its own shares the dashboard’s PostgreSQL');
}
const handle = createDb({ databaseUrl: config.databaseUrl });
// The dashboard's tables (accounts, sessions) come first: its migrations are idempotent.
await handle.migrate();
const services = await createServices(config, handle);
const app = await buildRosterApp({
  db: handle.db,
  config: { dashboardOrigin: config.roster.dashboardOrigin, bodyLimitBytes: config.bodyLimitBytes },
  host: createRosterHost(services, { secretKey: config.roster.secretKey }),
  logger: true,
  logLevel: config.logLevel,
});
closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'roster service stopping after an error');
  await app.close();
  await handle.close();
});
await app.listen({ port: config.roster.port, host: config.host });
