import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvRow } from './csv-records';
import { openRosterBundle } from './roster-bundle';

const script = fileURLToPath(new URL('../../../../scripts/make-roster-fixtures.mjs', import.meta.url));
const fixtures = fileURLToPath(new URL('../../../../fixtures/oneroster', import.meta.url));
const run = promisify(execFile);

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'roster-fixtures-'));
  await mkdir(join(directory, 'lincoln-1.2'));
  await writeFile(join(directory, 'lincoln-1.2', 'manifest.csv'), 'propertyName,value\noneroster.version,1.2\n');
  await writeFile(join(directory, 'lincoln-1.2', 'users.csv'), 'sourcedId,givenName\r\nu1,Ada\r\n');
  await writeFile(join(directory, 'lincoln-1.2', '.DS_Store'), 'finder');
  await mkdir(join(directory, 'washington-1.1'));
  await writeFile(join(directory, 'washington-1.1', 'manifest.csv'), 'propertyName,value\noneroster.version,1.1\n');
  await writeFile(join(directory, 'notes.txt'), 'not a bundle folder');
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('scripts/make-roster-fixtures.mjs', () => {
  it('zips each bundle folder into <name>.zip, the same bytes in every time zone', async () => {
    const { stdout } = await run(process.execPath, [script, directory], { env: { ...process.env, TZ: 'UTC' } });
    expect(stdout).toMatch(/lincoln-1\.2\.zip: 2 files/);
    const first = await readFile(join(directory, 'lincoln-1.2.zip'));
    await run(process.execPath, [script, directory], { env: { ...process.env, TZ: 'Pacific/Auckland' } });
    expect(Buffer.compare(await readFile(join(directory, 'lincoln-1.2.zip')), first)).toBe(0);

    const bundle = await openRosterBundle(join(directory, 'lincoln-1.2.zip'));
    expect(bundle.files).toEqual(['users']);
    const users = await bundle.file('users');
    const rows: CsvRow[] = [];
    for await (const row of users?.rows ?? []) rows.push(row);
    expect(rows).toEqual([{ line: 2, values: ['u1', 'Ada'] }]);
    expect((await openRosterBundle(join(directory, 'washington-1.1.zip'))).files).toEqual([]);
  });

  it('keeps the committed fixture zips equal to their folders (else: npm run fixtures:roster)', async () => {
    const copy = join(directory, 'committed');
    await cp(fixtures, copy, { recursive: true, filter: (path) => !path.endsWith('.zip') });
    await run(process.execPath, [script, copy]);
    const zips = (await readdir(fixtures)).filter((name) => name.endsWith('.zip'));
    expect(zips.length).toBeGreaterThanOrEqual(2);
    for (const name of zips) {
      const fresh = await readFile(join(copy, name));
      expect(Buffer.compare(await readFile(join(fixtures, name)), fresh), name).toBe(0);
      const bundle = await openRosterBundle(join(fixtures, name));
      expect(bundle.warnings, name).toEqual([]);
      expect(bundle.files.length, name).toBeGreaterThanOrEqual(5);
    }
  });
});
