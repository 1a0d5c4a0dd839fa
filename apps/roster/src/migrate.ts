import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '@colophon/db';
import { sql } from 'drizzle-orm';

export const rosterMigrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

/** Any number, the same in every process: two rosters starting at once migrate one after the other. */
const MIGRATION_LOCK = 0x726f7374;

/**
 * Applies the roster's hand-written migrations (apps/roster/drizzle/NNNN_name.sql, statements split
 * by drizzle's `--> statement-breakpoint`) that its journal `roster.migrations` has not seen, each in
 * its own transaction, under an advisory lock. The dashboard's migrations must have run first: the
 * roster refers to its accounts and sessions.
 */
export async function migrateRoster(db: Db, folder = rosterMigrationsFolder): Promise<string[]> {
  const files = (await readdir(folder)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists roster`);
    await tx.execute(
      sql`create table if not exists roster.migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      ((await tx.execute(sql`select name from roster.migrations`)) as unknown as { rows: { name: string }[] }).rows.map(
        (row) => row.name,
      ),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await readFile(join(folder, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.replace(/--.*$/gm, '').trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into roster.migrations (name) values (${file})`);
      applied.push(file);
    }
  });
  return applied;
}
