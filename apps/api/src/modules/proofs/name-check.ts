import { getProofNameCheck, type ProofNameCheck } from '@colophon/contract';
import { type Db, proofNameChecks, type StoredMissingStudent } from '@colophon/db';
import { checkNames, type ProofTextPage, rosterGrade } from '@colophon/domain';
import { rosterNamesOfAccount, rosterSchoolOfAccount } from '@colophon/roster';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { callerOf } from '../../plugins/authentication';
import { visibleProof } from './query';

export interface NameCheckOutcome {
  /** Null: the proof's school has no roster (no row is kept). */
  rosterSchoolId: number | null;
  findings: number;
  missing: number;
  durationMs: number;
  error: string | null;
}

/**
 * The name check of a processed proof (issue 16): its pages' text against the roster of its school
 * (the proof's project's account), stored as the proof's one `proof_name_checks` row, replacing an
 * earlier run's. No roster: any earlier row goes, and nothing is checked. Teachers and staff are
 * names a page may misspell; only students are listed as missing (a teacher on no page is normal).
 * It never throws: a failure is recorded on the row (and reported to `onError`), because a name
 * check that fails must not fail the proof's processing.
 */
export async function runNameCheck(
  db: Db,
  input: { proofId: number; accountId: number; pages: readonly ProofTextPage[] },
  onError: (error: unknown) => void = () => {},
  now: () => number = () => performance.now(),
): Promise<NameCheckOutcome> {
  const started = now();
  let rosterSchoolId: number | null = null;
  try {
    const roster = await rosterNamesOfAccount(db, input.accountId);
    if (!roster) {
      await db.delete(proofNameChecks).where(eq(proofNameChecks.proofId, input.proofId));
      return { rosterSchoolId: null, findings: 0, missing: 0, durationMs: Math.round(now() - started), error: null };
    }
    rosterSchoolId = roster.schoolId;
    const result = checkNames(input.pages, roster.people);
    const students = new Set(roster.people.filter((person) => person.role === 'student').map((p) => p.individualId));
    const missing: StoredMissingStudent[] = result.missing
      .filter((person) => students.has(person.individualId))
      .map((person) => ({ ...person }));
    const durationMs = Math.round(now() - started);
    const values = {
      proofId: input.proofId,
      checkedAt: new Date(),
      rosterSchoolId: roster.schoolId,
      rosterSize: roster.people.length,
      studentCount: students.size,
      matched: result.matched,
      findings: result.findings.map((finding) => ({
        ...finding,
        box: { ...finding.box },
        alternatives: finding.alternatives.map((alternative) => ({ ...alternative })),
      })),
      missing,
      pageCount: input.pages.length,
      durationMs,
      error: null,
    };
    await db
      .insert(proofNameChecks)
      .values(values)
      .onConflictDoUpdate({ target: proofNameChecks.proofId, set: { ...values, proofId: undefined } });
    return { rosterSchoolId, findings: result.findings.length, missing: missing.length, durationMs, error: null };
  } catch (error) {
    onError(error);
    const message = `The name check could not run: ${error instanceof Error ? error.message : String(error)}`;
    const durationMs = Math.round(now() - started);
    if (rosterSchoolId !== null) {
      const failed = {
        proofId: input.proofId,
        checkedAt: new Date(),
        rosterSchoolId,
        findings: [],
        missing: [],
        pageCount: input.pages.length,
        durationMs,
        error: message,
      };
      await db
        .insert(proofNameChecks)
        .values(failed)
        .onConflictDoUpdate({
          target: proofNameChecks.proofId,
          set: { ...failed, proofId: undefined, rosterSize: 0, studentCount: 0, matched: 0 },
        })
        .catch(onError);
    }
    return { rosterSchoolId, findings: 0, missing: 0, durationMs, error: message };
  }
}

const empty = { data: [], total: 0, page: 1, perPage: 0 };

export async function registerProofNameCheckRoutes(app: FastifyInstance) {
  const { db } = app.services;

  implement(app, getProofNameCheck, async function nameCheckOfProof(request): Promise<ProofNameCheck> {
    // Whoever may see the proof sees its name check; another tenant's proof is a 404 there.
    const { row, item } = await visibleProof({ db, auth: callerOf(request), request }, request.params.id);
    const [check] = await db.select().from(proofNameChecks).where(eq(proofNameChecks.proofId, row.id));
    if (!check) {
      const school = await rosterSchoolOfAccount(db, item.accountId);
      return {
        proofId: row.id,
        state: school ? 'notChecked' : 'noRoster',
        checkedAt: null,
        rosterSize: 0,
        studentCount: 0,
        matched: 0,
        pageCount: 0,
        durationMs: 0,
        error: null,
        findings: [],
        missing: { ...empty, perPage: request.query.perPage },
        missingGroups: [],
      };
    }
    const { page, perPage } = request.query;
    // Stored in the check's order (grade, homeroom, family name): a page is a slice of it.
    const withLabel = (student: StoredMissingStudent) => ({ ...student, gradeLabel: gradeLabel(student.grade) });
    const groups = new Map<string, { grade: string; gradeLabel: string; homeroom: string; count: number }>();
    for (const student of check.missing) {
      const key = `${student.grade}\u0000${student.homeroom}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else
        groups.set(key, {
          grade: student.grade,
          gradeLabel: gradeLabel(student.grade),
          homeroom: student.homeroom,
          count: 1,
        });
    }
    return {
      proofId: row.id,
      state: check.error ? 'failed' : 'checked',
      checkedAt: check.checkedAt.toISOString(),
      rosterSize: check.rosterSize,
      studentCount: check.studentCount,
      matched: check.matched,
      pageCount: check.pageCount,
      durationMs: check.durationMs,
      error: check.error,
      findings: [...check.findings]
        .sort(
          (left, right) => left.pageNumber - right.pageNumber || left.box.y - right.box.y || left.box.x - right.box.x,
        )
        .map((finding) => ({ ...finding, reason: finding.reason as ProofNameCheck['findings'][number]['reason'] })),
      missing: {
        data: check.missing.slice((page - 1) * perPage, page * perPage).map(withLabel),
        total: check.missing.length,
        page,
        perPage,
      },
      missingGroups: [...groups.values()],
    };
  });
}

/** "Grade 9" for `09`; a grade the roster does not know is shown as it is; none: "No grade". */
const gradeLabel = (grade: string) => (grade ? rosterGrade.label(grade) || grade : 'No grade');
