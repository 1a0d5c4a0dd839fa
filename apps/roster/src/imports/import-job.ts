import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type ClaimedJob,
  type JobContext,
  PermanentJobError,
  type RosterJobReport,
  reportRosterJob,
} from '@colophon/api/roster-jobs';
import type { Db } from '@colophon/db';
import {
  createRosterBundleValidator,
  emptyRosterJobCounts,
  keepRosterJobFaults,
  MANIFEST_FILE,
  type OneRosterUser,
  parseManifest,
  type RosterFault,
  type RosterJobCounts,
  type RosterRoleCode,
  rosterGradeOf,
  rosterRoleOfOneRoster,
} from '@colophon/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RosterFileStore } from '../host';
import { individuals, schools } from '../schema';
import { fillTeacherGradesOfSchool } from '../sync/teacher-grades';
import { type IndividualWrite, markIndividualsRemoved, writeIndividuals } from '../write-individuals';
import { openRosterBundle, type RosterBundle } from './roster-bundle';
import { RosterBundleError } from './roster-bundle-error';

/** What POST /roster/imports queues with an import job, besides the school or district. */
export const rosterImportPayloadSchema = z.object({
  kind: z.literal('import'),
  fileKey: z.string().min(1),
  fileName: z.string().optional(),
  rosterSchoolId: z.number().int().positive().optional(),
  rosterDistrictId: z.number().int().positive().optional(),
});
export type RosterImportPayload = z.infer<typeof rosterImportPayloadSchema>;

export interface RosterImportResult {
  counts: RosterJobCounts;
  faultTotal: number;
}

export interface RosterImportDeps {
  db: Db;
  files: RosterFileStore;
}

/** People written per transaction (the bulk write's own ceiling). */
const WRITE_CHUNK = 5_000;

const sliceOrNull = (value: string | null, max: number) => (value ? value.slice(0, max) : null);

interface PersonRow {
  line: number;
  user: OneRosterUser;
}
interface RoleRow {
  line: number;
  userSourcedId: string;
  role: string;
  primary: boolean;
  orgSourcedId: string;
}

/**
 * The import job: the uploaded bundle is read twice from the store's copy. Pass 1 (0–50 %) validates
 * every file in the domain's reference order, keeping only what the write needs; a blocked bundle
 * ends the job in Error with its faults and nothing written. Pass 2 (50–100 %) writes each school's
 * people through the one bulk insert-update, matched by sourcedId, so a rerun adds no one twice.
 */
export function rosterImportHandler(deps: RosterImportDeps) {
  return async (job: ClaimedJob<unknown>, context: Pick<JobContext, 'signal'>): Promise<RosterImportResult> => {
    const parsed = rosterImportPayloadSchema.safeParse(job.payload);
    if (!parsed.success) {
      // The roster worker sends only imports here; anything else is never taken for one.
      const kind = (job.payload as { kind?: unknown } | null)?.kind;
      if (kind !== 'import') throw new PermanentJobError(`A roster ${String(kind)} job is not an import.`);
      throw new PermanentJobError('The import job names no uploaded bundle.');
    }
    const payload = parsed.data;
    const folder = await mkdtemp(join(tmpdir(), 'roster-import-'));
    try {
      const path = join(folder, 'bundle.zip');
      const stored = await deps.files.getStream(payload.fileKey);
      if (!stored) throw new PermanentJobError('The uploaded bundle is no longer stored; upload it again.');
      await pipeline(stored, createWriteStream(path));
      let bundle: RosterBundle;
      try {
        bundle = await openRosterBundle(path);
      } catch (error) {
        if (error instanceof RosterBundleError) throw new PermanentJobError(error.message);
        throw error;
      }
      return await importBundle(deps.db, job, context.signal, payload, bundle);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}

async function importBundle(
  db: Db,
  job: ClaimedJob<unknown>,
  signal: AbortSignal,
  payload: RosterImportPayload,
  bundle: RosterBundle,
): Promise<RosterImportResult> {
  const report = async (progress: RosterJobReport) => {
    if (!(await reportRosterJob(db, job, progress))) throw new Error('The import was taken over by another worker.');
  };
  const stopIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The import was stopped.');
  };

  const targets = await db
    .select({ id: schools.id, sourcedId: schools.sourcedId })
    .from(schools)
    .where(
      payload.rosterSchoolId !== undefined
        ? eq(schools.id, payload.rosterSchoolId)
        : eq(schools.districtId, payload.rosterDistrictId ?? -1),
    );
  if (targets.length === 0) throw new PermanentJobError('The school or district of this import no longer exists.');

  const { manifest, faults: manifestFaults } = parseManifest(bundle.manifest.header, bundle.manifest.rows);
  if (!manifest) {
    await report({ faults: keepRosterJobFaults([...manifestFaults]) });
    throw new PermanentJobError(`manifest.csv cannot be read: ${describe(manifestFaults)}`);
  }

  // Pass 1: every file validated before anything is written; only what the write needs is kept.
  const validator = createRosterBundleValidator(manifest, [
    MANIFEST_FILE,
    ...bundle.files.map((file) => `${file}.csv`),
  ]);
  const orgs: { line: number; sourcedId: string; type: string }[] = [];
  const homerooms = new Map<string, { line: number; name: string }>();
  const people: PersonRow[] = [];
  const deletedPeople: { line: number; sourcedId: string }[] = [];
  const roles: RoleRow[] = [];
  const homeroomEnrollments: { line: number; userSourcedId: string; classSourcedId: string; role: string }[] = [];
  for (const [index, name] of bundle.files.entries()) {
    stopIfAborted();
    const file = await bundle.file(name);
    if (!file) continue;
    if (!validator.begin(`${name}.csv`, file.header).accepted) continue;
    for await (const row of file.rows) {
      const { record } = validator.row(row.line, row.values);
      if (!record) continue;
      const line = row.line;
      switch (record.kind) {
        case 'org':
          orgs.push({ line, sourcedId: record.sourcedId, type: record.type });
          break;
        case 'class':
          if (record.classType.toLowerCase() === 'homeroom')
            homerooms.set(record.sourcedId, { line, name: record.classCode ?? record.title });
          break;
        case 'user':
          people.push({ line, user: record });
          break;
        case 'role':
          roles.push({
            line,
            userSourcedId: record.userSourcedId,
            role: record.role,
            primary: record.roleType === 'primary',
            orgSourcedId: record.orgSourcedId,
          });
          break;
        case 'enrollment':
          if (homerooms.has(record.classSourcedId))
            homeroomEnrollments.push({
              line,
              userSourcedId: record.userSourcedId,
              classSourcedId: record.classSourcedId,
              role: record.role,
            });
          break;
        case 'deletion':
          if (record.file === 'users') deletedPeople.push({ line, sourcedId: record.sourcedId });
          break;
        default:
          break;
      }
    }
    await report({ progress: (50 * (index + 1)) / bundle.files.length });
  }
  const checked = validator.finish();
  const faults: RosterFault[] = [...manifestFaults, ...checked.faults];
  if (checked.blocked) {
    await report({ progress: 50, faults: keepRosterJobFaults(faults) });
    throw new PermanentJobError(`The bundle cannot be imported; nothing was written: ${describe(faults)}`);
  }

  // Which org is which roster school: the org with the school's sourcedId, else (for one school) the
  // bundle's only school org. The school's own sourcedId always names it (a delta without orgs.csv).
  const acceptedOrgs = orgs.filter((org) => checked.isAccepted('orgs', org.line));
  const schoolOfOrg = new Map<string, number>(targets.map((school) => [school.sourcedId, school.id]));
  const schoolOrgs = acceptedOrgs.filter((org) => org.type.toLowerCase() === 'school');
  const onlySchool = targets[0];
  if (targets.length === 1 && onlySchool && !acceptedOrgs.some((org) => org.sourcedId === onlySchool.sourcedId)) {
    const [only, ...more] = schoolOrgs;
    if (only && more.length === 0) schoolOfOrg.set(only.sourcedId, onlySchool.id);
  }
  const counts = emptyRosterJobCounts();
  counts.skipped += schoolOrgs.filter((org) => !schoolOfOrg.has(org.sourcedId)).length;
  counts.skipped += checked.files.users?.rejected ?? 0;

  const rolesOf = new Map<string, RoleRow[]>();
  for (const role of roles) {
    if (!checked.isAccepted('roles', role.line) || !schoolOfOrg.has(role.orgSourcedId)) continue;
    const list = rolesOf.get(role.userSourcedId) ?? [];
    list.push(role);
    rolesOf.set(role.userSourcedId, list);
  }
  const homeroomOf = new Map<string, string>();
  for (const enrollment of homeroomEnrollments) {
    if (!checked.isAccepted('enrollments', enrollment.line)) continue;
    const homeroom = homerooms.get(enrollment.classSourcedId);
    if (!homeroom || !checked.isAccepted('classes', homeroom.line)) continue;
    // A student's homeroom wins over one they only help in.
    if (!homeroomOf.has(enrollment.userSourcedId) || enrollment.role.toLowerCase() === 'student')
      homeroomOf.set(enrollment.userSourcedId, homeroom.name);
  }

  const bySchool = new Map<number, IndividualWrite[]>(targets.map((school) => [school.id, []]));
  for (const { line, user } of people) {
    // Faulty rows are counted once, below, from the validator's own figure.
    if (!checked.isAccepted('users', line)) continue;
    let role: RosterRoleCode | null = null;
    let schoolId: number | undefined;
    if (manifest.version === '1.1') {
      role = rosterRoleOfOneRoster(user.roles[0]);
      const org = user.orgSourcedIds.find((sourcedId) => schoolOfOrg.has(sourcedId));
      schoolId = org === undefined ? undefined : schoolOfOrg.get(org);
    } else {
      const held = (rolesOf.get(user.sourcedId) ?? []).sort((a, b) => Number(b.primary) - Number(a.primary));
      const first = held.find((candidate) => rosterRoleOfOneRoster(candidate.role) !== null);
      role = first ? rosterRoleOfOneRoster(first.role) : null;
      schoolId = first ? schoolOfOrg.get(first.orgSourcedId) : undefined;
    }
    const list = schoolId === undefined ? undefined : bySchool.get(schoolId);
    if (!role || !list) {
      counts.skipped += 1;
      continue;
    }
    const email = user.email && user.email.length <= 254 ? user.email : null;
    list.push({
      sourcedId: user.sourcedId,
      givenName: user.givenName.slice(0, 100),
      familyName: user.familyName.slice(0, 100),
      middleName: sliceOrNull(user.middleName, 100),
      preferredName: sliceOrNull(user.preferredFirstName, 100),
      grade: rosterGradeOf(user.grades[0]),
      homeroom: sliceOrNull(homeroomOf.get(user.sourcedId) ?? null, 100),
      role,
      email,
    });
  }

  // Pass 2: the writes, a school at a time, in chunks of the bulk write's size.
  const total = [...bySchool.values()].reduce((sum, list) => sum + list.length, 0);
  let written = 0;
  for (const [schoolId, list] of bySchool) {
    for (let start = 0; start < list.length; start += WRITE_CHUNK) {
      stopIfAborted();
      const chunk = list.slice(start, start + WRITE_CHUNK);
      const result = await writeIndividuals(db, schoolId, chunk);
      counts.added += result.added;
      counts.changed += result.changed;
      written += chunk.length;
      await report({ progress: 50 + (50 * written) / Math.max(total, 1), counts });
    }
  }

  // A full list removes whoever it no longer names, but only when every user row was read: a row
  // skipped for a fault must not look like a person who left.
  const usersRead = checked.files.users;
  const rolesRead = checked.files.roles;
  const wholeUsers =
    manifest.files.users === 'bulk' &&
    usersRead !== undefined &&
    usersRead.rejected === 0 &&
    (manifest.version === '1.1' || (rolesRead !== undefined && rolesRead.rejected === 0));
  const now = new Date();
  if (wholeUsers) {
    for (const [schoolId, list] of bySchool) {
      const kept = list.flatMap((person) => (person.sourcedId === null ? [] : [person.sourcedId]));
      counts.removed += await markIndividualsRemoved(
        db,
        [schoolId],
        sql`${individuals.sourcedId} not in (select jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb))`,
      );
    }
  }
  const deletions = deletedPeople.filter((deletion) => checked.isAccepted('users', deletion.line));
  if (deletions.length > 0) {
    counts.removed += await markIndividualsRemoved(
      db,
      targets.map((school) => school.id),
      inArray(
        individuals.sourcedId,
        deletions.map((deletion) => deletion.sourcedId),
      ),
    );
  }

  // The main API's teacher/grade counts follow the schools' new people.
  for (const schoolId of bySchool.keys()) await fillTeacherGradesOfSchool(db, schoolId, now);

  await report({ progress: 100, counts, faults: keepRosterJobFaults(faults) });
  return { counts, faultTotal: faults.length };
}

function describe(faults: readonly RosterFault[]): string {
  const [first] = faults;
  if (!first) return 'no fault was named.';
  const more = faults.length > 1 ? ` (and ${faults.length - 1} more)` : '';
  return `${first.file} line ${first.line}: ${first.message}${more}.`;
}
