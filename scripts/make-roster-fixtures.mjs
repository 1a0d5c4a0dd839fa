#!/usr/bin/env node
/**
 * Zips each OneRoster bundle folder under fixtures/oneroster/ (fixtures/oneroster/<name>/manifest.csv,
 * users.csv, …) into fixtures/oneroster/<name>.zip, the file a user uploads to POST /roster/imports.
 * The zips are byte-for-byte the same on every run and machine (names sorted, one fixed timestamp
 * read in local time as zip times are), so regenerating them changes nothing that did not change.
 *
 *   npm run fixtures:roster                               # fixtures/oneroster
 *   node scripts/make-roster-fixtures.mjs <directory>     # the bundle folders under another directory
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const directory = resolve(process.argv[2] ?? join(root, 'fixtures', 'oneroster'));
/** 2026-01-01 00:00 as the zip stores it in every time zone (zip times have no zone). */
const FIXED_TIME = new Date(2026, 0, 1);
const IGNORED = new Set(['.DS_Store', 'Thumbs.db']);

/** Every file under `folder`, as zip paths relative to it, in a stable order. */
function filesUnder(folder) {
  const found = [];
  for (const name of readdirSync(folder).sort()) {
    if (IGNORED.has(name)) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else found.push(path);
  }
  return found;
}

let made = 0;
for (const name of readdirSync(directory).sort()) {
  const folder = join(directory, name);
  if (!statSync(folder).isDirectory()) continue;
  const entries = {};
  for (const path of filesUnder(folder)) {
    entries[relative(folder, path).split(sep).join('/')] = readFileSync(path);
  }
  const zip = zipSync(entries, { level: 9, mtime: FIXED_TIME });
  const target = join(directory, `${name}.zip`);
  writeFileSync(target, zip);
  console.log(`${relative(root, target) || target}: ${Object.keys(entries).length} files, ${zip.length} bytes`);
  made++;
}
if (made === 0) console.log(`No bundle folders under ${directory}.`);
