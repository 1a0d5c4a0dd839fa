#!/usr/bin/env node
// The server of the end-to-end tests (Playwright's webServer starts it from the repository root):
// the real API, which serves the built web app, on the embedded database in a fresh temporary data
// folder with the demo loaded. Run alone: `PORT=3100 node e2e/support/start-server.mjs`.
//
// The server runs as `node --import tsx apps/api/src/main.ts` (what `npx tsx apps/api/src/main.ts`
// does, minus the npm and tsx wrapper processes, so each signal reaches the server exactly once).
// It gets its own process group, and this wrapper passes SIGINT/SIGTERM/SIGHUP on to it; should the
// wrapper itself be killed outright, exit-with-parent.mjs makes the server close itself.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = join(tmpdir(), `colophon-e2e-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  PORT: process.env.PORT ?? '3100',
  HOST: process.env.HOST ?? '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO: 'true',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
// Always the embedded database, whatever the calling shell points at.
delete env.DATABASE_URL;

console.log(`e2e server: port ${env.PORT}, fresh data folder ${dataDir}`);
const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', new URL('./exit-with-parent.mjs', import.meta.url).href, 'apps/api/src/main.ts'],
  { cwd: root, env, stdio: 'inherit', detached: true },
);

const forward = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);

server.on('error', (error) => {
  console.error(`e2e server: could not start: ${error.message}`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  if (code !== 0 && signal === null) console.error(`e2e server: exited with code ${code}`);
  process.exit(code ?? (signal ? 1 : 0));
});
