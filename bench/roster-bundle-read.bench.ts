// Reading a OneRoster bundle of 100,000 people through the import's reader (apps/roster/src/imports):
// the zip is opened and checked (directory, sizes, layout, manifest), then every row of users.csv and
// orgs.csv is streamed (inflate, UTF-8, CSV records with their lines). Prints rows/s, MB/s of CSV, the
// time to open, and the process's RSS before reading, sampled every 20 ms while reading (peak) and at
// each quarter of the file: the reader holds one piece of the file and one record, so the RSS stays
// flat whatever the file's length (try BENCH_USERS=1000000).
//
// Run: npm run bench:roster-read -w @colophon/bench (seconds). Knobs: BENCH_USERS (100000),
// BENCH_RUNS (3, the best and the median printed).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { strToU8, zipSync } from 'fflate';
import { openRosterBundle } from '../apps/roster/src/imports/roster-bundle';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SCHOOLS = 40;
const MiB = 1024 * 1024;

const GIVEN = ['Ada', 'Zoë', 'José', 'Mary Jane', 'Li', 'Oluwaseun', 'Anne-Marie', 'Kai', 'Siobhán', 'Tomás'];
const FAMILY = ['Lovelace', 'Ñúñez', "O'Neil", 'Smith, Jr.', 'Nguyen', 'Van der Berg', 'Okafor', 'Müller', 'Kim'];
const GRADES = ['KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** A CSV field as producers write it: quoted when it holds a comma or a quote. */
const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function usersCsv(): string {
  const lines = [
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  ];
  for (let index = 0; index < USERS; index++) {
    const given = GIVEN[index % GIVEN.length] ?? '';
    const family = FAMILY[(index * 7) % FAMILY.length] ?? '';
    const teacher = index % 25 === 0;
    lines.push(
      [
        `usr-${index}`,
        '',
        '',
        'true',
        `org-${index % SCHOOLS}`,
        teacher ? 'teacher' : 'student',
        `user${index}`,
        `{SIS:${100000 + index}}`,
        given,
        family,
        '',
        `${100000 + index}`,
        `user${index}@lincoln.example.edu`,
        '',
        '',
        '',
        teacher ? '' : (GRADES[index % GRADES.length] ?? ''),
        '',
      ]
        .map(field)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function orgsCsv(): string {
  const lines = [
    'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
    'district,,,Lincoln Unified,district,,',
  ];
  for (let index = 0; index < SCHOOLS; index++) {
    lines.push(`org-${index},,,"Lincoln School ${index}, Campus ${index % 3}",school,S${index},district`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const manifest = [
  'propertyName,value',
  'manifest.version,1.0',
  'oneroster.version,1.1',
  'file.users,bulk',
  'file.orgs,bulk',
]
  .concat(
    ['academicSessions', 'categories', 'classes', 'classResources', 'courses', 'courseResources', 'demographics'].map(
      (name) => `file.${name},absent`,
    ),
  )
  .concat(['enrollments', 'lineItems', 'resources', 'results'].map((name) => `file.${name},absent`))
  .join('\n');

const rssMiB = () => process.memoryUsage().rss / MiB;

async function readOnce(path: string) {
  let peak = rssMiB();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB());
  }, 20);
  const started = performance.now();
  const bundle = await openRosterBundle(path);
  const opened = performance.now();
  let rows = 0;
  const quarters: number[] = [];
  for (const name of ['orgs', 'users'] as const) {
    const file = await bundle.file(name);
    if (!file) throw new Error(`${name} is missing from the bench's bundle`);
    for await (const row of file.rows) {
      rows++;
      if (name === 'users' && row.line % Math.max(1, Math.floor(USERS / 4)) === 0) {
        const rss = rssMiB();
        peak = Math.max(peak, rss);
        quarters.push(rss);
      }
    }
  }
  const finished = performance.now();
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB());
  return { openMs: opened - started, readMs: finished - opened, rows, peak, quarters };
}

async function main() {
  const directory = await mkdtemp(join(tmpdir(), 'roster-read-bench-'));
  try {
    const users = usersCsv();
    const csvBytes = Buffer.byteLength(users);
    const zip = zipSync({
      'lincoln-2026/manifest.csv': strToU8(manifest),
      'lincoln-2026/orgs.csv': strToU8(orgsCsv()),
      'lincoln-2026/users.csv': strToU8(users),
    });
    const path = join(directory, 'lincoln-2026.zip');
    await writeFile(path, zip);
    console.log(
      `Bundle: ${USERS.toLocaleString('en-US')} users (users.csv ${(csvBytes / MiB).toFixed(1)} MiB, zip ${(zip.length / MiB).toFixed(1)} MiB), ${SCHOOLS} schools`,
    );

    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const before = rssMiB();
      const result = await readOnce(path);
      runs.push(result);
      const rowsPerSecond = result.rows / (result.readMs / 1000);
      console.log(
        `run ${run + 1}: open ${result.openMs.toFixed(1)} ms, read ${result.rows.toLocaleString('en-US')} rows in ${result.readMs.toFixed(0)} ms = ${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s, ${(csvBytes / MiB / (result.readMs / 1000)).toFixed(1)} MiB/s of CSV; RSS ${before.toFixed(0)} MiB before, peak ${result.peak.toFixed(0)} MiB, at each quarter of users.csv ${result.quarters.map((rss) => rss.toFixed(0)).join(' / ')} MiB`,
      );
    }
    const byTime = [...runs].sort((a, b) => a.readMs - b.readMs);
    const best = byTime[0];
    const median = byTime[Math.floor(byTime.length / 2)];
    if (best && median) {
      const rate = (ms: number) => Math.round(USERS / (ms / 1000)).toLocaleString('en-US');
      console.log(
        `users.csv rows/s: best ${rate(best.readMs)}, median ${rate(median.readMs)}; peak RSS over all runs ${Math.max(...runs.map((run) => run.peak)).toFixed(0)} MiB`,
      );
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
