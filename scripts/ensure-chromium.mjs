#!/usr/bin/env node
// Makes sure Debian's Chromium is at /usr/bin/chromium for the end-to-end tests (Playwright drives it;
// `npx playwright install` cannot reach its download host here). Idempotent: when the browser is
// there it only says so. Otherwise installs the `chromium` package with apt-get, refreshing the
// package lists first only when apt does not know the package yet (or the install fails on stale lists).
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const say = (message) => console.log(`ensure-chromium: ${message}`);

function fail(message) {
  console.error(`ensure-chromium: ERROR: ${message}`);
  console.error(
    `ensure-chromium: the end-to-end tests need Debian's Chromium at ${CHROMIUM}; install it with ` +
      '`sudo apt-get install -y chromium` and run again.',
  );
  process.exit(1);
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function versionOf(path) {
  try {
    // The Debian wrapper script prints a harmless shell warning on stderr: keep only stdout.
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 })
      .trim()
      .split('\n')[0];
  } catch {
    return 'version unknown';
  }
}

if (isExecutable(CHROMIUM)) {
  say(`${CHROMIUM} is present (${versionOf(CHROMIUM)}); nothing to do.`);
  process.exit(0);
}

say(`${CHROMIUM} is missing: installing Debian's chromium package.`);
if (!onPath('apt-get')) fail('apt-get is not available on this machine (not Debian/Ubuntu?).');

// Root runs apt-get directly; anyone else needs password-less sudo (CI has no terminal to ask on).
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let prefix = [];
if (!asRoot) {
  if (!onPath('sudo')) fail('not running as root and sudo is not installed.');
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    fail('not running as root and sudo needs a password (no terminal to ask on).');
  }
  prefix = ['sudo', '-n'];
}

const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
function run(args) {
  const [command, ...rest] = [...prefix, ...args];
  say(`$ ${[command, ...rest].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: aptEnv });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.error) say(`  could not start: ${result.error.message}`);
  else say(`  exit ${result.status ?? result.signal} after ${seconds} s`);
  return result.status === 0;
}

/** True when apt's package lists offer an installable candidate for chromium. */
function aptKnowsChromium() {
  const policy = spawnSync('apt-cache', ['policy', 'chromium'], { encoding: 'utf8', env: aptEnv });
  const candidate = /Candidate:\s*(\S+)/.exec(policy.stdout ?? '')?.[1];
  return Boolean(candidate && candidate !== '(none)');
}

let updated = false;
if (!aptKnowsChromium()) {
  say('apt does not know the chromium package yet: refreshing the package lists.');
  if (!run(['apt-get', 'update'])) fail('`apt-get update` failed (is the Debian mirror reachable?).');
  updated = true;
}
const install = ['apt-get', 'install', '-y', 'chromium'];
if (!run(install)) {
  // Stale lists point at package versions the mirror no longer has: refresh once and retry.
  if (updated) fail('`apt-get install -y chromium` failed.');
  say('the install failed; refreshing the package lists and trying once more.');
  if (!run(['apt-get', 'update'])) fail('`apt-get update` failed (is the Debian mirror reachable?).');
  if (!run(install)) fail('`apt-get install -y chromium` failed.');
}

if (!isExecutable(CHROMIUM)) fail(`the chromium package installed, but ${CHROMIUM} is still missing.`);
say(`installed ${CHROMIUM} (${versionOf(CHROMIUM)}).`);
