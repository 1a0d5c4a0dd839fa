import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, type ZipOptions, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvRow } from './csv-records';
import { openRosterBundle, type RosterBundleLimits } from './roster-bundle';
import { RosterBundleError, type RosterBundleErrorCode } from './roster-bundle-error';

let directory: string;
let count = 0;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'roster-bundle-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

type Files = Record<string, string | Uint8Array | [Uint8Array, ZipOptions]>;

function zip(files: Files): Uint8Array {
  const zippable: Record<string, Uint8Array | [Uint8Array, ZipOptions]> = {};
  for (const [name, content] of Object.entries(files)) {
    zippable[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(zippable, { mtime: new Date(2026, 0, 1) });
}

async function onDisk(bytes: Uint8Array): Promise<string> {
  count++;
  const path = join(directory, `bundle-${count}.zip`);
  await writeFile(path, bytes);
  return path;
}

async function openZip(files: Files, limits: Partial<RosterBundleLimits> = {}) {
  return openRosterBundle(await onDisk(zip(files)), limits);
}

async function refusal(promise: Promise<unknown>): Promise<RosterBundleError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RosterBundleError) return error;
    throw error;
  }
  throw new Error('the bundle was accepted');
}

async function allRows(rows: AsyncIterable<CsvRow> | undefined): Promise<CsvRow[]> {
  if (!rows) throw new Error('the bundle has no such file');
  const out: CsvRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** Rewrites a size the zip's directory gives an entry, as a zip bomb's author would. */
function declareSize(
  bytes: Uint8Array,
  name: string,
  uncompressedSize: number,
  field: 'uncompressed' | 'compressed' = 'uncompressed',
): Uint8Array {
  const copy = Buffer.from(bytes);
  for (let at = copy.length - 46; at >= 0; at--) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    copy.writeUInt32LE(uncompressedSize, at + (field === 'uncompressed' ? 24 : 20));
    return copy;
  }
  throw new Error(`no entry ${name}`);
}

const manifest = 'propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\nfile.orgs,bulk\n';

describe('openRosterBundle', () => {
  it('reads the manifest and streams users.csv with its BOM, CRLF and quoted line breaks on their lines', async () => {
    const bundle = await openZip({
      'manifest.csv': manifest,
      'orgs.csv': 'sourcedId,name\no1,Lincoln High\n',
      'users.csv':
        '\uFEFFsourcedId,givenName,familyName\r\nu1,Ada,Lovelace\r\nu2,"Mary\r\nJane","O\'Neil, ""MJ"""\r\n\r\nu3,Zoë,Ñúñez',
    });
    expect(bundle.folder).toBe('');
    expect(bundle.files).toEqual(['orgs', 'users']);
    expect(bundle.warnings).toEqual([]);
    expect(bundle.manifest.header).toEqual(['propertyName', 'value']);
    expect(bundle.manifest.rows[1]).toEqual({ line: 3, values: ['oneroster.version', '1.2'] });
    expect(bundle.entries.find((entry) => entry.name === 'orgs.csv')).toMatchObject({ uncompressedSize: 31 });

    const users = await bundle.file('users');
    expect(users?.header).toEqual(['sourcedId', 'givenName', 'familyName']);
    expect(users?.headerLine).toBe(1);
    const rows = await allRows(users?.rows);
    expect(rows).toEqual([
      { line: 2, values: ['u1', 'Ada', 'Lovelace'] },
      { line: 3, values: ['u2', 'Mary\r\nJane', 'O\'Neil, "MJ"'] },
      { line: 6, values: ['u3', 'Zoë', 'Ñúñez'] },
    ]);
    // A second pass (the write after the validation) reads the same rows again.
    expect(await allRows(users?.rows)).toEqual(rows);
    expect(await bundle.file('roles')).toBeUndefined();
  });

  it('reads a bundle zipped as one folder, and lists what it does not read as warnings', async () => {
    const bundle = await openZip({
      'lincoln-2026/': new Uint8Array(),
      'lincoln-2026/manifest.csv': manifest,
      'lincoln-2026/Users.csv': 'sourcedId\nu1\n',
      'lincoln-2026/lineItems.csv': 'sourcedId\nl1\n',
      'lincoln-2026/notes/readme.txt': 'hello',
      '__MACOSX/lincoln-2026/._users.csv': 'fork',
      'lincoln-2026/.DS_Store': 'finder',
    });
    expect(bundle.folder).toBe('lincoln-2026/');
    expect(bundle.files).toEqual(['users']);
    expect(bundle.entries.map((entry) => entry.name)).not.toContain('lincoln-2026/');
    expect(bundle.warnings).toEqual([
      {
        entry: 'lincoln-2026/lineItems.csv',
        message: 'A OneRoster file the roster does not import (gradebook or resources); not read.',
      },
      { entry: 'lincoln-2026/notes/readme.txt', message: "Outside the bundle's folder; not read." },
      { entry: '__MACOSX/lincoln-2026/._users.csv', message: 'Added by the archiver; not read.' },
      { entry: 'lincoln-2026/.DS_Store', message: 'Added by the archiver; not read.' },
    ]);
    const users = await bundle.file('users');
    expect(users?.entry).toBe('lincoln-2026/Users.csv');
    expect(await allRows(users?.rows)).toEqual([{ line: 2, values: ['u1'] }]);
  });

  it('reads an empty file as no header and no rows', async () => {
    const bundle = await openZip({
      'manifest.csv': manifest,
      'users.csv': [new Uint8Array(), { level: 0 }],
      'orgs.csv': '',
    });
    for (const name of ['users', 'orgs'] as const) {
      const file = await bundle.file(name);
      expect(file?.header).toEqual([]);
      expect(await allRows(file?.rows)).toEqual([]);
    }
  });

  it('closes a file read only in part and reads it again from the start', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `u${index},Student ${index}`);
    const bundle = await openZip({
      'manifest.csv': manifest,
      'users.csv': `sourcedId,givenName\n${lines.join('\n')}\n`,
    });
    const users = await bundle.file('users');
    if (!users) throw new Error('users.csv was not found');
    const firstTwo: CsvRow[] = [];
    for await (const row of users.rows) {
      firstTwo.push(row);
      if (firstTwo.length === 2) break;
    }
    expect(firstTwo.map((row) => row.line)).toEqual([2, 3]);
    const every = await allRows(users?.rows);
    expect(every).toHaveLength(5000);
    expect(every.at(-1)).toEqual({ line: 5001, values: ['u4999', 'Student 4999'] });
  });

  const refused: { name: string; files: Files; code: RosterBundleErrorCode; message: RegExp }[] = [
    {
      name: 'a bundle without manifest.csv',
      files: { 'users.csv': 'sourcedId\n' },
      code: 'missing_manifest',
      message: /no manifest\.csv/,
    },
    {
      name: 'two manifest.csv',
      files: { 'manifest.csv': manifest, 'copy/manifest.csv': manifest },
      code: 'ambiguous',
      message: /2 manifest\.csv files/,
    },
    {
      name: 'users.csv outside the folder of manifest.csv',
      files: { 'a/manifest.csv': manifest, 'a/users.csv': 'x\n', 'b/users.csv': 'x\n' },
      code: 'ambiguous',
      message: /b\/users\.csv is outside the bundle's folder \(a\/\)/,
    },
    {
      name: 'two files that are both users.csv',
      files: { 'manifest.csv': manifest, 'users.csv': 'x\n', 'USERS.CSV': 'x\n' },
      code: 'ambiguous',
      message: /both users\.csv/,
    },
    {
      name: 'a manifest two folders deep',
      files: { 'a/b/manifest.csv': manifest },
      code: 'missing_manifest',
      message: /must be at the top of the zip or in one folder/,
    },
    ...[
      ['../users.csv', 'a parent folder'],
      ['lincoln/../../users.csv', 'a parent folder'],
      ['/etc/passwd', 'an absolute path'],
      ['C:/Windows/users.csv', 'a drive letter'],
      ['lincoln\\users.csv', 'a backslash'],
    ].map(([path, why]) => ({
      name: `an entry path with ${why}: ${path}`,
      files: { 'manifest.csv': manifest, [path as string]: 'sourcedId\n' },
      code: 'unsafe_path' as const,
      message: new RegExp(`has ${why}`),
    })),
    {
      name: 'a symbolic link',
      files: { 'manifest.csv': manifest, 'users.csv': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] },
      code: 'unsafe_path',
      message: /users\.csv is a link/,
    },
    {
      name: 'more than 64 entries',
      files: Object.fromEntries(Array.from({ length: 65 }, (_, index) => [`file-${index}.csv`, 'x'])),
      code: 'too_many_entries',
      message: /holds 65 entries; a OneRoster bundle has at most 64/,
    },
    {
      name: 'a manifest too large to be one',
      files: { 'manifest.csv': `propertyName,value\n${'x,y\n'.repeat(20_000)}` },
      code: 'too_large',
      message: /manifest is at most 64\.0 KiB/,
    },
  ];
  it.each(refused)('refuses $name', async ({ files, code, message }) => {
    const error = await refusal(openZip(files));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses a file that is not a zip, and a zip cut short', async () => {
    const notZip = await refusal(openRosterBundle(await onDisk(strToU8('sourcedId,givenName\nu1,Ada\n'))));
    expect(notZip).toMatchObject({
      code: 'not_a_zip',
      message: 'The file is not a zip archive (no end-of-directory record).',
    });
    const whole = zip({ 'manifest.csv': manifest });
    const cut = await refusal(openRosterBundle(await onDisk(whole.subarray(0, whole.length - 30))));
    expect(cut.code).toBe('not_a_zip');
  });

  it('refuses an upload over the size limit before reading it', async () => {
    const path = await onDisk(
      zip({ 'manifest.csv': manifest, 'users.csv': [strToU8('x'.repeat(5000)), { level: 0 }] }),
    );
    const error = await refusal(openRosterBundle(path, { maxBundleBytes: 1024 }));
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/a OneRoster bundle may be at most 1\.0 KiB/);
  });

  describe('zip bombs', () => {
    // 20 MiB of one short row again and again deflates to some 20 KiB, as a bomb's payload does.
    const payload = strToU8(`sourcedId\n${'u1\n'.repeat(7 * 1024 * 1024)}`);
    let bomb: Uint8Array;
    beforeAll(() => {
      bomb = zip({ 'manifest.csv': manifest, 'users.csv': [payload, { level: 9 }] });
    });

    it('refuses an entry that declares more than 200:1', async () => {
      expect(bomb.length).toBeLessThan(100_000);
      const error = await refusal(openRosterBundle(await onDisk(bomb)));
      expect(error).toMatchObject({ code: 'zip_bomb', entry: 'users.csv' });
      expect(error.message).toMatch(/more than 200:1 is refused as a zip bomb/);
    });

    it('refuses a bundle that declares more than the total limit', async () => {
      const error = await refusal(
        openZip({ 'manifest.csv': manifest, 'users.csv': 'x'.repeat(3000) }, { maxUncompressedBytes: 2048 }),
      );
      expect(error.code).toBe('zip_bomb');
      expect(error.message).toMatch(/inflates to 3\.0 KiB; a OneRoster bundle may hold at most 2\.0 KiB/);
    });

    it('stops a bomb that lies about its size as the inflated bytes pass what it declared', async () => {
      const path = await onDisk(declareSize(bomb, 'users.csv', 1000));
      const bundle = await openRosterBundle(path);
      const error = await refusal(bundle.file('users'));
      expect(error).toMatchObject({ code: 'zip_bomb', entry: 'users.csv' });
      expect(error.message).toMatch(/inflates past the 1000 bytes its zip declares/);
    });
  });

  it('refuses entries that share their bytes, as non-recursive zip bombs do', async () => {
    const honest = zip({ 'manifest.csv': [strToU8(manifest), { level: 0 }], 'users.csv': 'sourcedId\nu1\n' });
    const overlapping = declareSize(honest, 'manifest.csv', manifest.length + 40, 'compressed');
    const error = await refusal(openRosterBundle(await onDisk(overlapping)));
    expect(error).toMatchObject({ code: 'zip_bomb', entry: 'users.csv' });
    expect(error.message).toMatch(/manifest\.csv and users\.csv share their data/);
  });

  it('names a damaged entry, a malformed record and text that is not UTF-8 by file and line', async () => {
    const stored = zip({ 'manifest.csv': manifest, 'users.csv': [strToU8('sourcedId\nu1\nu2\n'), { level: 0 }] });
    const damaged = Buffer.from(stored);
    damaged[damaged.indexOf('u2')] = 'v'.charCodeAt(0);
    const corrupt = await refusal(allRows((await (await openRosterBundle(await onDisk(damaged))).file('users'))?.rows));
    expect(corrupt).toMatchObject({ code: 'corrupt', entry: 'users.csv' });

    const bundle = await openZip({
      'manifest.csv': manifest,
      'users.csv': 'sourcedId,givenName\nu1,Ada\nu2,"Mary\nJane"x\n',
      'orgs.csv': new Uint8Array([...strToU8('sourcedId,name\no1,Lincoln\no2,'), 0xe9, ...strToU8('cole\n')]),
    });
    const malformed = await refusal(allRows((await bundle.file('users'))?.rows));
    expect(malformed).toMatchObject({
      code: 'malformed_csv',
      entry: 'users.csv',
      line: 4,
      message: 'users.csv line 4: text after a closing quote.',
    });
    const orgs = await bundle.file('orgs');
    if (!orgs) throw new Error('orgs.csv was not found');
    const seen: CsvRow[] = [];
    const latin1 = await refusal(
      (async () => {
        for await (const row of orgs.rows) seen.push(row);
      })(),
    );
    expect(seen).toEqual([{ line: 2, values: ['o1', 'Lincoln'] }]);
    expect(latin1).toMatchObject({
      code: 'not_utf8',
      entry: 'orgs.csv',
      line: 3,
      message: 'orgs.csv line 3 is not UTF-8 text; OneRoster files are UTF-8.',
    });
  });
});
