import type { Db } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { configurations } from '../schema';

export type RosterConfiguration = typeof configurations.$inferSelect;

/**
 * The OneRoster configuration a school syncs with: its own, else its district's (the same rule as
 * `one-roster/inherited-config`). Null when neither has one.
 */
export async function configurationOfSchool(
  db: Db,
  school: { id: number; districtId: number | null },
): Promise<{ source: 'school' | 'district'; configuration: RosterConfiguration } | null> {
  const [own] = await db.select().from(configurations).where(eq(configurations.schoolId, school.id));
  if (own) return { source: 'school', configuration: own };
  if (school.districtId === null) return null;
  const [inherited] = await db.select().from(configurations).where(eq(configurations.districtId, school.districtId));
  return inherited ? { source: 'district', configuration: inherited } : null;
}
