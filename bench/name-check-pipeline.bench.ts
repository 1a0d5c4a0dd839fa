// The name check inside a proof's processing (issue 16): a generated 200-page directory (72 names a
// page, 14,400 captions, three of them misspelt) against a 2,000-student roster. Measures what the
// check adds to processing: every page's text read by pdf.js in the page pool (the same workers and
// the same opened document as the page images; here without drawing, to isolate the text), then
// `checkNames`. The budget: 200 pages and 2,000 names within 5 s.
//
// Run: npm run bench:name-check-pipeline -w @colophon/bench. Knobs: BENCH_PAGES (200),
// BENCH_STUDENTS (2000), BENCH_POOL (cores).
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { checkNames, type ProofTextPage } from '@colophon/domain';
import type { RosterName } from '@colophon/roster';
import { makeNamesBook, planNamesBook } from '../apps/api/src/modules/proofs/name-check-demo';
import { createPagePool } from '../apps/api/src/proof-pipeline';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const POOL = Number(process.env.BENCH_POOL ?? Math.max(1, availableParallelism() - 1));

const GIVEN = 'Olivia Liam Emma Noah Ava Elijah Sophia Lucas Mia Mason Harper Ethan Amelia Logan Ella James'.split(' ');
const FAMILY = `Whitfield Castellano Brightwater Okonkwo Lindqvist Marchetti Haverford Delacroix Ashcombe Ferreira
  Nakamura Oyelaran Petrovic Quintero Rasmussen Sorensen Thibodeaux Umberto Valdivia Wexford Yamamoto Zielinski
  Abernathy Blackwood Calloway Donnelly Eastwood Fairbanks Galloway Hargrove Ingram Jennings Kowalski Lockhart
  Montague Northcott Oakley Prescott Radcliffe Sinclair Thornbury Underhill Vandermeer Whitaker Yardley Zimmerman`
  .split(/\s+/)
  .filter(Boolean);

const roster: RosterName[] = Array.from({ length: STUDENTS }, (_, index) => ({
  individualId: String(index + 1),
  givenName: GIVEN[index % GIVEN.length] as string,
  familyName: `${FAMILY[Math.floor(index / GIVEN.length) % FAMILY.length]}${index >= GIVEN.length * FAMILY.length ? 'son' : ''}`,
  grade: String(9 + (index % 4)).padStart(2, '0'),
  homeroom: `Room ${100 + (index % 12)}`,
  role: 'student',
}));

const plan = planNamesBook(roster);
// The directory repeated until it fills the book (a yearbook prints a student on several pages).
const printed = Array.from({ length: PAGES * 72 }, (_, index) => plan.printed[index % plan.printed.length] as string);
const bytes = await makeNamesBook(printed);
const pool = createPagePool({ size: POOL });
try {
  // A first pass warms the workers (start, fonts) and is not counted.
  await pool.run(bytes, { render: null, text: false });
  // The same pass without the text: the difference is what reading the text adds to processing.
  const baseStarted = performance.now();
  await pool.run(bytes, { render: null, text: false });
  const contentOnlyMs = performance.now() - baseStarted;
  const started = performance.now();
  const results = await pool.run(bytes, { render: null, text: true });
  const textMs = performance.now() - started;
  const pages: ProofTextPage[] = results
    .sort((left, right) => left.page - right.page)
    .map((result) => ({
      pageNumber: result.page,
      width: result.widthPts,
      height: result.heightPts,
      items: result.text ?? [],
    }));
  const checkStarted = performance.now();
  const result = checkNames(pages, roster);
  const checkMs = performance.now() - checkStarted;
  console.log(
    JSON.stringify({
      pages: pages.length,
      captions: printed.length,
      roster: roster.length,
      pool: POOL,
      contentOnlyMs: Math.round(contentOnlyMs),
      textAndContentMs: Math.round(textMs),
      textAddedMs: Math.round(textMs - contentOnlyMs),
      checkMs: Math.round(checkMs),
      addedByNameCheckMs: Math.round(textMs - contentOnlyMs + checkMs),
      findings: result.findings.length,
      missing: result.missing.length,
      matched: result.matched,
    }),
  );
} finally {
  await pool.close();
}
