import { type ClaimedJob, type JobContext, PermanentJobError, reportRosterJob } from '@colophon/api/roster-jobs';
import type { Db } from '@colophon/db';
import { emptyRosterJobCounts, type RosterJobCounts } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createOneRosterClient, type OneRosterAuth, type OneRosterClock, systemClock } from '../oneroster-rest';
import { individuals, schools } from '../schema';
import { markIndividualsRemoved, writeIndividuals } from '../write-individuals';
import { configurationOfSchool, type RosterConfiguration } from './configuration';
import { enrollmentOf, homeroomClass, userForSchool } from './records';
import { fillTeacherGradesOfSchool } from './teacher-grades';

/** What a sync job's payload holds (enqueueSchoolSync writes it). */
export const rosterSyncPayloadSchema = z.object({
  kind: z.literal('sync'),
  rosterSchoolId: z.number().int().positive(),
  full: z.boolean().optional(),
});

export interface RosterSyncDeps {
  db: Db;
  /** Opens the configuration's sealed client secret (the host's sealing, AES-256-GCM). */
  secrets: { open(sealed: string): string | null };
  /** The HTTP client the pull uses (tests wrap it to break a connection mid-pull). */
  fetch?: typeof fetch;
  /** The time a sync starts at (its `lastSyncAt`) and the adapter's waits; tests move it. */
  clock?: OneRosterClock;
  /** Records per page asked of the information system; the adapter's 100 by default. */
  pageSize?: number;
}

export interface RosterSyncResult {
  counts: RosterJobCounts;
  full: boolean;
  /** The incremental pull's `dateLastModified>` instant; null for a full pull. */
  since: string | null;
}

type SchoolRow = typeof schools.$inferSelect;

/**
 * The sync job of one school: its OneRoster configuration (its own, else its district's), a REST pull
 * of its homeroom classes, enrollments and users, each page of people written as it comes through the
 * one insert-update by sourcedId. A full pull (the first one, or when asked) then removes the school's
 * synced people it no longer lists; an incremental one (`dateLastModified>` the last successful sync's
 * start) removes only people sent `tobedeleted`. Any failure leaves everyone in place, the school's
 * state `failed` with the error, its counts as they were, and the job to its retries; a retry pulls
 * again from the start, which the idempotent writes make safe.
 */
export function rosterSyncHandler(deps: RosterSyncDeps) {
  return async (job: ClaimedJob<unknown>, context: Pick<JobContext, 'signal'>): Promise<RosterSyncResult> => {
    const parsed = rosterSyncPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('The sync job names no roster school.');
    const { db } = deps;
    const [school] = await db.select().from(schools).where(eq(schools.id, parsed.data.rosterSchoolId));
    if (!school) throw new PermanentJobError('The school of this sync no longer exists.');
    try {
      return await syncSchool(deps, job, context.signal, school, parsed.data.full ?? false);
    } catch (error) {
      // A run that lost its job writes nothing more: the worker that took it over owns the state.
      if (!context.signal.aborted) {
        await db
          .update(schools)
          .set({ syncStatus: 'failed', syncError: messageOf(error), updatedAt: new Date() })
          .where(eq(schools.id, school.id));
      }
      throw error;
    }
  };
}

/**
 * Where the rostering service is: a configured address with a path is the service root itself (a
 * vendor's own mount, or the standard's `/ims/oneroster/v1p1` written out); a bare origin gets the
 * version's standard base path. The OAuth 2 token endpoint is the configuration's own `tokenUrl`
 * where the vendor's lies elsewhere, else `/token` at the same origin.
 */
export function serviceOf(configuration: Pick<RosterConfiguration, 'baseUrl' | 'version' | 'tokenUrl'>) {
  const url = new URL(configuration.baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return {
    baseUrl: url.origin,
    ...(path === '' ? {} : { basePath: path }),
    tokenUrl: configuration.tokenUrl ?? `${url.origin}/token`,
  };
}

function clientAuth(configuration: RosterConfiguration, secret: string, tokenUrl: string): OneRosterAuth {
  if (configuration.authKind === 'oauth1') {
    return {
      kind: 'oauth1',
      consumerKey: configuration.clientId,
      consumerSecret: secret,
      // A row from before the column (or a hand-made one) signs as the standard says.
      signatureMethod: configuration.signatureMethod ?? 'HMAC-SHA256',
    };
  }
  return { kind: 'oauth2', tokenUrl, clientId: configuration.clientId, clientSecret: secret };
}

async function syncSchool(
  deps: RosterSyncDeps,
  job: ClaimedJob<unknown>,
  signal: AbortSignal,
  school: SchoolRow,
  fullAsked: boolean,
): Promise<RosterSyncResult> {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const startedAt = clock.now();
  const counts = emptyRosterJobCounts();
  const report = async (progress: number) => {
    if (!(await reportRosterJob(db, job, { progress, counts }))) {
      throw new Error('The sync stopped: its job was cancelled, or taken over by another worker.');
    }
  };

  const found = await configurationOfSchool(db, school);
  if (!found) throw new PermanentJobError('The school has no OneRoster configuration, nor has its district.');
  const { configuration } = found;
  if (configuration.clientSecretSealed === null) {
    throw new PermanentJobError('The OneRoster configuration has no client secret.');
  }
  const secret = deps.secrets.open(configuration.clientSecretSealed);
  if (secret === null) {
    throw new PermanentJobError('The configuration’s client secret cannot be opened (was ROSTER_SECRET_KEY changed?).');
  }
  const { tokenUrl, ...service } = serviceOf(configuration);
  const client = createOneRosterClient({
    ...service,
    version: configuration.version,
    auth: clientAuth(configuration, secret, tokenUrl),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    clock,
    ...(deps.pageSize ? { pageSize: deps.pageSize } : {}),
  });

  const full = fullAsked || school.lastSyncAt === null;
  const since = full ? undefined : (school.lastSyncAt ?? undefined);
  await db
    .update(schools)
    .set({ syncStatus: 'running', syncError: null, updatedAt: new Date() })
    .where(eq(schools.id, school.id));
  await report(0);

  // Homeroom classes always in full: an enrollment changed since the last sync may name a class that
  // did not change. Classes are few next to people.
  const homerooms = new Map<string, string>();
  for await (const record of client.pull('classes', { signal })) {
    const homeroom = homeroomClass(record, school.sourcedId);
    if (homeroom) homerooms.set(homeroom.sourcedId, homeroom.name);
  }
  await report(5);
  const homeroomOf = new Map<string, string>();
  for await (const record of client.pull('enrollments', { since, signal })) {
    const enrollment = enrollmentOf(record);
    const name = enrollment ? homerooms.get(enrollment.classSourcedId) : undefined;
    if (!enrollment || name === undefined) continue;
    // A student's homeroom wins over one they only teach or help in (the import's rule).
    if (!homeroomOf.has(enrollment.userSourcedId) || enrollment.role === 'student') {
      homeroomOf.set(enrollment.userSourcedId, name);
    }
  }
  await report(20);

  /** Everyone the pull named at this school (written, deleted or skipped): a full pull keeps them. */
  const named = new Set<string>();
  let pagesRead = 0;
  for await (const page of client.pages('users', { since, signal })) {
    const people = [];
    const deleted: string[] = [];
    for (const record of page.records) {
      const user = userForSchool(record, school.sourcedId, (id) => homeroomOf.get(id) ?? null);
      if (user.kind === 'person') people.push(user.person);
      else if (user.kind === 'deleted') deleted.push(user.sourcedId);
      else if (user.kind === 'skipped') counts.skipped += 1;
      if (user.kind === 'person') named.add(user.person.sourcedId);
      else if (user.kind === 'skipped' && user.sourcedId !== null) named.add(user.sourcedId);
    }
    if (!full) {
      // A changed person the delta gives no homeroom keeps the one they have.
      const kept = await storedHomerooms(
        db,
        school.id,
        people.filter((person) => person.homeroom === null).map((person) => person.sourcedId),
      );
      for (const person of people) if (person.homeroom === null) person.homeroom = kept.get(person.sourcedId) ?? null;
    }
    if (people.length > 0) {
      const written = await writeIndividuals(db, school.id, people, 'sync');
      counts.added += written.added;
      counts.changed += written.changed;
    }
    // Someone sent `tobedeleted` is removed, in a full pull as in an incremental one.
    if (deleted.length > 0)
      counts.removed += await markIndividualsRemoved(db, [school.id], inArray(individuals.sourcedId, deleted));
    pagesRead += 1;
    // The total is unknown (X-Total-Count is not to be trusted): progress nears 95 % page by page.
    await report(20 + (75 * pagesRead) / (pagesRead + 10));
  }

  if (!full) {
    // An enrollment changed without its user: the person's homeroom follows it.
    const moved = [...homeroomOf].filter(([sourcedId]) => !named.has(sourcedId));
    if (moved.length > 0) {
      const changed = await db.execute(sql`
        update roster.individuals as i set homeroom = left(m.homeroom, 100), updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(moved.map(([sourcedId, homeroom]) => ({ sourcedId, homeroom })))}::jsonb)
          as m("sourcedId" text, homeroom text)
        where i.school_id = ${school.id} and i.sourced_id = m."sourcedId" and i.status = 'active'
          and i.homeroom is distinct from left(m.homeroom, 100)
        returning i.id`);
      counts.changed += rowCount(changed);
    }
  } else {
    // Only here, after every page of a full pull came back whole, may anyone be taken as gone.
    const [listed] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(individuals)
      .where(
        and(
          eq(individuals.schoolId, school.id),
          eq(individuals.status, 'active'),
          sql`${individuals.sourcedId} is not null`,
        ),
      );
    if (named.size === 0 && (listed?.value ?? 0) > 0) {
      // A feed that suddenly lists nobody here is a vendor's or a mapping's mistake, not an empty school.
      throw new PermanentJobError(
        `The full pull listed no one at org ${school.sourcedId}, which has synced people: nobody was removed.`,
      );
    }
    counts.removed += await markIndividualsRemoved(
      db,
      [school.id],
      sql`${individuals.sourcedId} not in (select jsonb_array_elements_text(${JSON.stringify([...named])}::jsonb))`,
    );
  }

  await fillTeacherGradesOfSchool(db, school.id, startedAt);
  await db
    .update(schools)
    .set({ syncStatus: 'succeeded', lastSyncAt: startedAt, syncError: null, syncCounts: counts, updatedAt: new Date() })
    .where(eq(schools.id, school.id));
  await report(100);
  return { counts, full, since: since ? since.toISOString() : null };
}

async function storedHomerooms(db: Db, schoolId: number, sourcedIds: string[]) {
  if (sourcedIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ sourcedId: individuals.sourcedId, homeroom: individuals.homeroom })
    .from(individuals)
    .where(and(eq(individuals.schoolId, schoolId), inArray(individuals.sourcedId, sourcedIds)));
  return new Map(rows.flatMap((row) => (row.sourcedId && row.homeroom ? [[row.sourcedId, row.homeroom]] : [])));
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] } | unknown[] | null) ?? [];
  return Array.isArray(rows) ? rows.length : Array.isArray(rows.rows) ? rows.rows.length : 0;
}

/** One line for the school's page; adapter errors never quote a record, so neither does this. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : 'The sync failed.';
  return message.split('\n')[0]?.slice(0, 500) ?? 'The sync failed.';
}
