import type { Db } from '@colophon/db';
import type { RosterPersonSourceCode } from '@colophon/domain';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { individuals } from './schema';

/** A person as a bulk write gives it: matched within the school by `sourcedId`. */
export type IndividualWrite = Pick<
  typeof individuals.$inferInsert,
  'givenName' | 'familyName' | 'middleName' | 'preferredName' | 'grade' | 'homeroom' | 'role' | 'email'
> & { sourcedId: string | null };

type WrittenFields = Omit<IndividualWrite, 'sourcedId'>;
const comparedFields = [
  'givenName',
  'familyName',
  'middleName',
  'preferredName',
  'grade',
  'homeroom',
  'role',
  'email',
] as const satisfies readonly (keyof WrittenFields)[];

const INSERT_CHUNK = 500;
const individualColumns = getTableColumns(individuals);

export interface IndividualWriteCounts {
  added: number;
  changed: number;
  unchanged: number;
}

/**
 * The one bulk insert-update of a school's people (bulk-insert-update, imports and syncs): in one
 * transaction, each row matched by sourcedId within the school and changed (a removed person comes
 * back active), else added; an identical active person is left alone. Writing the same rows twice
 * adds nothing the second time, so a retried job never duplicates anyone.
 */
export async function writeIndividuals(
  db: Db,
  schoolId: number,
  rows: readonly IndividualWrite[],
  /** Where the rows came from: an import (or a bulk write through the API) or a sync. */
  source: Exclude<RosterPersonSourceCode, 'manual'> = 'import',
): Promise<IndividualWriteCounts> {
  const sourcedIds = rows.flatMap((row) => (row.sourcedId === null ? [] : [row.sourcedId]));
  return db.transaction(async (tx) => {
    const existing =
      sourcedIds.length === 0
        ? []
        : await tx
            .select(individualColumns)
            .from(individuals)
            .where(and(eq(individuals.schoolId, schoolId), inArray(individuals.sourcedId, sourcedIds)))
            .for('update');
    const bySourcedId = new Map(existing.map((row) => [row.sourcedId, row]));
    const added: (typeof individuals.$inferInsert)[] = [];
    const changed: (WrittenFields & { id: number })[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const known = row.sourcedId === null ? undefined : bySourcedId.get(row.sourcedId);
      if (!known) {
        added.push({ schoolId, ...row, source });
      } else if (known.status === 'active' && comparedFields.every((field) => known[field] === row[field])) {
        unchanged += 1;
      } else {
        const { sourcedId: _sourcedId, ...fields } = row;
        changed.push({ id: known.id, ...fields });
      }
    }
    for (let start = 0; start < added.length; start += INSERT_CHUNK) {
      await tx.insert(individuals).values(added.slice(start, start + INSERT_CHUNK));
    }
    if (changed.length > 0) {
      // One statement for every change: the rows travel as one JSON parameter.
      await tx.execute(sql`
        update roster.individuals as i set
          given_name = r."givenName", family_name = r."familyName", middle_name = r."middleName",
          preferred_name = r."preferredName", grade = r.grade, homeroom = r.homeroom, role = r.role,
          email = r.email, status = 'active', removed_at = null, source = ${source}, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as r(
          id int, "givenName" text, "familyName" text, "middleName" text, "preferredName" text,
          grade text, homeroom text, role text, email text)
        where i.id = r.id and i.school_id = ${schoolId}`);
    }
    return { added: added.length, changed: changed.length, unchanged };
  });
}

/**
 * Marks the active people of these schools that `which` picks removed, answering how many: kept with
 * `removed_at`, so a later import or sync that lists them again brings them back. Only people with a
 * sourcedId (a bundle's or a sync's), never someone entered by hand.
 */
export async function markIndividualsRemoved(db: Db, schoolIds: readonly number[], which: SQL): Promise<number> {
  if (schoolIds.length === 0) return 0;
  const now = new Date();
  const removed = await db
    .update(individuals)
    .set({ status: 'removed', removedAt: now, updatedAt: now })
    .where(
      and(
        inArray(individuals.schoolId, [...schoolIds]),
        eq(individuals.status, 'active'),
        sql`${individuals.sourcedId} is not null`,
        which,
      ),
    )
    .returning({ id: individuals.id });
  return removed.length;
}
