import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  type ClaimedJob,
  type JobContext,
  PermanentJobError,
  type RosterJobReport,
  reportRosterJob,
} from '@colophon/api/roster-jobs';
import { type Db, queueRoster } from '@colophon/db';
import {
  compareRosterExportPeople,
  createRosterExportWriter,
  emptyRosterJobCounts,
  keepRosterJobFaults,
  type RosterExportPerson,
  type RosterJobFault,
  rosterExportPresetProblems,
  rosterFileNameStem,
  rosterJobProgress,
} from '@colophon/domain';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { z } from 'zod';
import type { RosterFileStore } from '../host';
import { exportPresets, individuals, schools } from '../schema';

/** What POST /roster/individuals/export-queue-job queues with an export job, besides its owner. */
export const rosterExportPayloadSchema = z.object({
  kind: z.literal('export'),
  presetId: z.number().int().positive(),
  rosterSchoolId: z.number().int().positive().optional(),
  rosterDistrictId: z.number().int().positive().optional(),
});
export type RosterExportPayload = z.infer<typeof rosterExportPayloadSchema>;

/** What a finished export keeps in its job's result: where the zip is and what it holds. */
export const rosterExportResultSchema = z.object({
  fileKey: z.string().min(1),
  /** The name the download is saved under. */
  fileName: z.string().min(1),
  size: z.number(),
  rows: z.number(),
  portraits: z.number(),
  missingPortraits: z.number(),
});
export type RosterExportResult = z.infer<typeof rosterExportResultSchema>;

export interface RosterExportDeps {
  db: Db;
  files: RosterFileStore;
  /** The zip entries' dates (tests inject one). */
  now?: () => Date;
}

/** How long a finished export's zip is kept (and offered) before it is deleted. */
export const EXPORT_KEPT_MS = 7 * 24 * 60 * 60_000;

/** The store key of a job's zip: one per job, so a retried export replaces its own file. */
export const rosterExportFileKey = (jobId: number) => `roster-exports/${jobId}.zip`;

/** Progress reports per export at most (every person would be a write per row). */
const PROGRESS_STEPS = 50;

/**
 * The export job: reads the preset and its people (removed people never), sorts them by the
 * preset's order (the domain's natural order, "Room 2" before "Room 12", which SQL collations do not
 * give), and streams a zip into the file store: each portrait under the file name its CSV row names,
 * opened from the store one at a time as the zip reaches it, then the CSV itself (UTF-8 with a
 * byte-order mark, CRLF), spooled to a temporary file as rows are written. Only the people's text
 * fields are held, never a portrait or the zip. A portrait the store no longer has leaves its image
 * cell blank and is a fault on that CSV line.
 */
export function rosterExportHandler(deps: RosterExportDeps) {
  const now = deps.now ?? (() => new Date());
  return async (job: ClaimedJob<unknown>, context: Pick<JobContext, 'signal'>): Promise<RosterExportResult> => {
    const parsed = rosterExportPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('The export job names no export preset.');
    const payload = parsed.data;
    const { db, files } = deps;
    await purgeOldRosterExports(db, files, now());

    const [preset] = await db.select().from(exportPresets).where(eq(exportPresets.id, payload.presetId)).limit(1);
    if (!preset) throw new PermanentJobError('The export preset was deleted; choose another one and export again.');
    const problems = rosterExportPresetProblems(preset);
    if (problems[0]) throw new PermanentJobError(`The export preset cannot be used: ${problems[0].message}.`);

    const schoolIds = await exportSchools(db, payload, preset);
    if (schoolIds.length === 0) throw new PermanentJobError('The school or district of this export no longer exists.');

    const people: RosterExportPerson[] = await db
      .select({
        sourcedId: individuals.sourcedId,
        givenName: individuals.givenName,
        familyName: individuals.familyName,
        middleName: individuals.middleName,
        preferredName: individuals.preferredName,
        grade: individuals.grade,
        homeroom: individuals.homeroom,
        role: individuals.role,
        email: individuals.email,
        photoKey: individuals.photoKey,
      })
      .from(individuals)
      .where(
        and(
          inArray(individuals.schoolId, schoolIds),
          eq(individuals.status, 'active'),
          isNull(individuals.removedAt),
          inArray(individuals.role, preset.roles),
          preset.grades.length > 0 ? inArray(individuals.grade, preset.grades) : undefined,
        ),
      );
    people.sort(compareRosterExportPeople(preset.sortOrder));

    const report = async (progress: RosterJobReport) => {
      if (!(await reportRosterJob(db, job, progress))) throw new Error('The export was taken over by another worker.');
    };
    const stopIfAborted = () => {
      if (context.signal.aborted) {
        throw context.signal.reason instanceof Error ? context.signal.reason : new Error('The export was stopped.');
      }
    };

    const stem = rosterFileNameStem(preset.name);
    const csvName = `${stem}.csv`;
    const fileKey = rosterExportFileKey(job.id);
    const withImages = preset.layout === 'csv-with-images';
    const writer = createRosterExportWriter(preset);
    const faults: RosterJobFault[] = [];
    const mtime = now();
    let portraits = 0;

    const folder = await mkdtemp(join(tmpdir(), 'roster-export-'));
    const zip = new ZipFile();
    const zipped = new PassThrough();
    zip.outputStream.pipe(zipped);
    // A portrait that fails mid-read is the zip's error: it ends the store's write (nothing kept).
    zip.on('error', (error: Error) => zipped.destroy(error));
    const stored = files.putStream(fileKey, zipped, 'application/zip');
    // A store that fails stops the loop below rather than leaving it waiting on a zip nobody reads.
    const storeFailed = new Promise<never>((_, reject) => {
      stored.catch(reject);
    });
    storeFailed.catch(() => {});
    try {
      const csvPath = join(folder, csvName);
      const csv = createWriteStream(csvPath);
      const csvFinished = finished(csv);
      csvFinished.catch(() => {});
      let csvLine = 0;
      const writeLine = async (line: string) => {
        csvLine += 1;
        if (!csv.write(`${line}\r\n`)) await drained(csv);
      };
      csv.write('\uFEFF');
      const header = writer.header();
      if (header !== null) await writeLine(header);

      const step = Math.max(1, Math.ceil(people.length / PROGRESS_STEPS));
      for (const [index, person] of people.entries()) {
        stopIfAborted();
        const portrait = withImages && person.photoKey !== null ? await files.getStream(person.photoKey) : null;
        const missing = withImages && person.photoKey !== null && portrait === null;
        const { line, imageFileName } = writer.row(missing ? { ...person, photoKey: null } : person);
        await writeLine(line);
        if (missing) {
          faults.push({
            file: csvName,
            line: csvLine,
            field: 'imageFileName',
            message: `The portrait of ${person.givenName} ${person.familyName} is no longer stored; the image cell is blank`,
          });
        }
        if (portrait && imageFileName !== null) {
          const read = finished(portrait);
          // Portraits are JPEG or PNG already: deflating them again costs time and saves nothing.
          zip.addReadStream(portrait, imageFileName, { compress: false, mtime });
          await Promise.race([read, storeFailed]);
          portraits += 1;
        } else {
          portrait?.destroy();
        }
        if ((index + 1) % step === 0 && index + 1 < people.length) {
          // Up to 95 %: the CSV's entry and the store's last write are the rest.
          await report({ progress: Math.floor(rosterJobProgress(index + 1, people.length) * 0.95) });
        }
      }
      csv.end();
      await csvFinished;
      zip.addFile(csvPath, csvName, { compress: true, mtime });
      zip.end();
      const { size } = await stored;
      const counts = { ...emptyRosterJobCounts(), skipped: faults.length };
      await report({ progress: 100, counts, faults: keepRosterJobFaults(faults) });
      return {
        fileKey,
        fileName: `${stem}.zip`,
        size,
        rows: people.length,
        portraits,
        missingPortraits: faults.length,
      };
    } catch (error) {
      // Ends the store's write: a partial zip is never kept (putStream stores whole files only).
      zipped.destroy(error instanceof Error ? error : new Error(String(error)));
      await stored.catch(() => {});
      throw error;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}

/** The schools an export reads: the job's school, or every school of its district, as the preset allows. */
async function exportSchools(
  db: Db,
  payload: RosterExportPayload,
  preset: { schoolId: number | null; districtId: number | null },
): Promise<number[]> {
  if (payload.rosterSchoolId !== undefined) {
    const [school] = await db
      .select({ id: schools.id, districtId: schools.districtId })
      .from(schools)
      .where(eq(schools.id, payload.rosterSchoolId))
      .limit(1);
    if (!school) return [];
    const allowed =
      preset.schoolId === school.id || (preset.districtId !== null && preset.districtId === school.districtId);
    if (!allowed) throw new PermanentJobError('The export preset no longer belongs to this school or its district.');
    return [school.id];
  }
  if (payload.rosterDistrictId === undefined || preset.districtId !== payload.rosterDistrictId) {
    throw new PermanentJobError('The export preset no longer belongs to this district.');
  }
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.districtId, payload.rosterDistrictId));
  return rows.map((row) => row.id);
}

const drained = (stream: WriteStream) =>
  new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });

/** Export zips deleted per pass at most (a pass runs before each export). */
const PURGE_BATCH = 100;

/**
 * Deletes the zips of exports finished more than 7 days ago from the file store and drops their key
 * from the job's result (the job and its figures stay on the jobs page; its link is then 410). Run by
 * each export before it writes its own, so the store holds a week of exports without a scheduler.
 */
export async function purgeOldRosterExports(db: Db, files: RosterFileStore, now: Date): Promise<number> {
  const old = await db
    .select({ id: queueRoster.id, fileKey: sql<string>`${queueRoster.result} ->> 'fileKey'` })
    .from(queueRoster)
    .where(
      and(
        eq(queueRoster.kind, 'export'),
        lt(queueRoster.completedAt, new Date(now.getTime() - EXPORT_KEPT_MS)),
        sql`${queueRoster.result} ->> 'fileKey' is not null`,
      ),
    )
    .limit(PURGE_BATCH);
  for (const row of old) {
    await files.delete(row.fileKey);
    await db
      .update(queueRoster)
      .set({
        result: sql`(${queueRoster.result} - 'fileKey') || ${JSON.stringify({ deletedAt: now.toISOString() })}::jsonb`,
      })
      .where(eq(queueRoster.id, row.id));
  }
  return old.length;
}
