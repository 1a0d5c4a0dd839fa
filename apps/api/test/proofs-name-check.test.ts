import { accounts, projects, proofNameChecks, proofs } from '@colophon/db';
import type { ProofTextPage } from '@colophon/domain';
import { rosterNamesOfAccount } from '@colophon/roster';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individuals, schools } from '../../roster/src/schema';
import { runNameCheck } from '../src/modules/proofs/name-check';
import { enqueueNameCheckDemoProof, makeNamesBook, planNamesBook } from '../src/modules/proofs/name-check-demo';
import { createProofWorkers, type ProofWorkers } from '../src/modules/proofs/workers';
import { createPagePool, trimSizes } from '../src/proof-pipeline';
import { ADVISER, createTestApp, DIRECT_ADVISER, type TestApp } from './harness';

/**
 * The name check of a proof against its school's roster (issue 16), end to end: a roster in the
 * database, a directory PDF generated from it (three names misspelt, some students left out),
 * processed by the real proofs worker (text read by pdf.js in the page workers), the stored check,
 * and GET /api/proofs/:id/name-check with the proof's access rules.
 */
let t: TestApp;
let workers: ProofWorkers;
let lincolnId: number;
let oakValleyId: number;

const GIVEN = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mason', 'Harper', 'Ethan'];
const FAMILY = [
  'Whitfield',
  'Castellano',
  'Brightwater',
  'Okonkwo',
  'Lindqvist',
  'Marchetti',
  'Haverford',
  'Delacroix',
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const [lincoln] = await db.select().from(accounts).where(eq(accounts.name, 'Lincoln High School'));
  lincolnId = lincoln!.id;
  const [oak] = await db.select().from(accounts).where(eq(accounts.name, 'Oak Valley High School'));
  oakValleyId = oak?.id ?? 0;
  const [school] = await db
    .insert(schools)
    .values({ accountId: lincolnId, sourcedId: 'lincoln-test', name: 'Lincoln High School' })
    .returning();
  // 96 students over two grades and four homerooms, and two teachers (names, never missing).
  const people = GIVEN.flatMap((givenName, g) =>
    FAMILY.map((familyName, f) => ({
      schoolId: school!.id,
      givenName,
      familyName,
      grade: g % 2 === 0 ? '09' : '10',
      homeroom: `Room ${100 + (f % 4)}`,
      role: 'student' as const,
    })),
  );
  people.push(
    {
      schoolId: school!.id,
      givenName: 'Harold',
      familyName: 'Pemberton',
      grade: '09',
      homeroom: '',
      role: 'teacher' as never,
    },
    {
      schoolId: school!.id,
      givenName: 'Greta',
      familyName: 'Vasquez',
      grade: '09',
      homeroom: '',
      role: 'teacher' as never,
    },
  );
  await db.insert(individuals).values(people.map((person) => ({ ...person, grade: person.grade as '09' })));
  // A removed student is not in the book: never missing.
  await db.insert(individuals).values({
    schoolId: school!.id,
    givenName: 'Removed',
    familyName: 'Student',
    grade: '09',
    homeroom: 'Room 100',
    role: 'student',
    status: 'removed',
    removedAt: new Date(),
  });
  workers = createProofWorkers(t.app.services, { pool: createPagePool({ size: 2 }) });
}, 60_000);
afterAll(async () => {
  await workers?.stop();
  await t?.close();
});

describe('the name check of a proof', () => {
  let proofId: number;

  it('finds the three misspellings with their page and box, and lists the students left out', async () => {
    const roster = await rosterNamesOfAccount(t.handle.db, lincolnId);
    expect(roster?.people).toHaveLength(98);
    const plan = planNamesBook(roster!.people);
    expect(plan.misspelt).toHaveLength(3);

    const queued = await enqueueNameCheckDemoProof(t.app.services);
    expect(queued).toEqual(expect.any(Number));
    proofId = queued!;
    // Made once: a second start of the demo queues nothing.
    expect(await enqueueNameCheckDemoProof(t.app.services)).toBeNull();
    expect(await workers.proofs.drain()).toBe(1);

    const [proof] = await t.handle.db.select().from(proofs).where(eq(proofs.id, proofId));
    expect(proof?.processingStatus).toBe(2);
    const [check] = await t.handle.db.select().from(proofNameChecks).where(eq(proofNameChecks.proofId, proofId));
    expect(check).toMatchObject({ rosterSize: 98, studentCount: 96, error: null, pageCount: 2 });
    expect(check!.findings.map((finding) => [finding.found, finding.intended]).sort()).toEqual(
      plan.misspelt.map((misspelt) => [misspelt.printed, misspelt.intended]).sort(),
    );
    // Each on the page it was printed on, boxed where the caption is (points from the top-left).
    const [project] = await t.handle.db.select().from(projects).where(eq(projects.id, proof!.projectId));
    const trim = trimSizes[project!.typeSize ?? 8]!;
    const [width, height] = [trim.width * 72, trim.height * 72];
    for (const finding of check!.findings) {
      const index = plan.printed.indexOf(finding.found);
      expect(finding.pageNumber).toBe(Math.floor(index / 72) + 1);
      const slot = index % 72;
      const column = Math.floor(slot / 18);
      const row = slot % 18;
      const columnWidth = (width - 108) / 4;
      const rowHeight = (height - 108 - 40) / 18;
      const baselineFromTop = 54 + 40 + row * rowHeight + rowHeight / 2;
      expect(finding.box.x).toBeCloseTo(54 + column * columnWidth + 24, 0);
      expect(Math.abs(finding.box.y + finding.box.height - baselineFromTop)).toBeLessThan(3);
      expect(finding.box.height).toBeGreaterThan(5);
    }
    // The students left out, and no teacher, nor the removed student.
    expect(check!.missing.map((student) => student.individualId).sort()).toEqual([...plan.leftOut].sort());
    expect(check!.missing.every((student) => student.homeroom.startsWith('Room'))).toBe(true);
  }, 120_000);

  it('answers the check to whoever may see the proof, and 404 to another tenant', async () => {
    const seen = await t.call({ method: 'GET', url: `/api/proofs/${proofId}/name-check?perPage=3`, as: ADVISER });
    expect(seen.statusCode, seen.body).toBe(200);
    const body = seen.json();
    expect(body).toMatchObject({ state: 'checked', rosterSize: 98, studentCount: 96 });
    expect(body.findings).toHaveLength(3);
    expect(body.missing).toMatchObject({ total: 7, page: 1, perPage: 3 });
    expect(body.missing.data).toHaveLength(3);
    expect(body.missing.data[0]).toMatchObject({ gradeLabel: expect.stringMatching(/^Grade/) });
    expect(body.missingGroups.reduce((sum: number, group: { count: number }) => sum + group.count, 0)).toBe(7);
    const third = await t.call({
      method: 'GET',
      url: `/api/proofs/${proofId}/name-check?perPage=3&page=3`,
      as: ADVISER,
    });
    expect(third.json().missing.data).toHaveLength(1);

    const other = await t.call({ method: 'GET', url: `/api/proofs/${proofId}/name-check`, as: DIRECT_ADVISER });
    expect(other.statusCode).toBe(404);
    const bad = await t.call({ method: 'GET', url: `/api/proofs/${proofId}/name-check?perPage=0`, as: ADVISER });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(bad.json())).toContain('perPage');
  });

  it('keeps no check for a school without a roster, and the screen is told so', async () => {
    const [project] = await t.handle.db.select().from(projects).where(eq(projects.accountId, oakValleyId)).limit(1);
    const [proof] = await t.handle.db
      .insert(proofs)
      .values({ projectId: project!.id, status: 1, internalStatus: 1, roundNumber: 99, kind: 'pages' })
      .returning();
    const bytes = await makeNamesBook(['Olivia Whitfeild']);
    expect(bytes.length).toBeGreaterThan(0);
    const outcome = await runNameCheck(t.handle.db, { proofId: proof!.id, accountId: oakValleyId, pages: [] });
    expect(outcome.rosterSchoolId).toBeNull();
    const rows = await t.handle.db.select().from(proofNameChecks).where(eq(proofNameChecks.proofId, proof!.id));
    expect(rows).toHaveLength(0);
    const answer = await t.call({ method: 'GET', url: `/api/proofs/${proof!.id}/name-check`, as: DIRECT_ADVISER });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ state: 'noRoster', findings: [], missing: { total: 0 } });
  });

  it('records a check that fails instead of failing the processing', async () => {
    const errors: unknown[] = [];
    const broken = {
      pageNumber: 1,
      width: 612,
      height: 792,
      get items(): ProofTextPage['items'] {
        throw new Error('unreadable text');
      },
    } satisfies ProofTextPage;
    const outcome = await runNameCheck(t.handle.db, { proofId, accountId: lincolnId, pages: [broken] }, (error) =>
      errors.push(error),
    );
    expect(outcome.error).toContain('unreadable text');
    expect(errors.map(String)).toEqual(['Error: unreadable text']);
    const [row] = await t.handle.db
      .select()
      .from(proofNameChecks)
      .where(and(eq(proofNameChecks.proofId, proofId)));
    expect(row?.error).toContain('unreadable text');
    const answer = await t.call({ method: 'GET', url: `/api/proofs/${proofId}/name-check`, as: ADVISER });
    expect(answer.json()).toMatchObject({ state: 'failed', findings: [] });
  });
});
