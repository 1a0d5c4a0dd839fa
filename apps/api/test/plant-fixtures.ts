import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manufacturers, manufacturingPlants, orders, projects } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { Config } from '../src/config';
import { createTestApp, type TestApp } from './harness';
import { projectOf } from './proof-fixtures';

export type OrderRow = typeof orders.$inferSelect;
export type ManufacturerRow = typeof manufacturers.$inferSelect;

/** A test app whose file store is its own folder (two apps of one process share no order folders). */
export async function createPlantTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'colophon-plant-'));
  return createTestApp({ dataDir, ...overrides });
}

export async function manufacturerByCode(t: TestApp, code: string): Promise<ManufacturerRow> {
  const [row] = await t.handle.db.select().from(manufacturers).where(eq(manufacturers.code, code));
  if (!row) throw new Error(`The demo has no manufacturer ${code}.`);
  return row;
}

export async function plantByCode(t: TestApp, code: string) {
  const [row] = await t.handle.db.select().from(manufacturingPlants).where(eq(manufacturingPlants.code, code));
  if (!row) throw new Error(`The demo has no plant ${code}.`);
  return row;
}

let serial = 0;

/**
 * An order of the school's 2026 book written straight to the table, at BLT1 (Beltsville), submitted
 * and not yet sent, with a book specification the ticket's schema takes.
 */
export async function insertOrder(
  t: TestApp,
  school = 'Lincoln High School',
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow> {
  const { project, accountId } = await projectOf(t, school);
  await t.handle.db
    .update(projects)
    .set({ typeBook: 5, typeSize: 8, pageCount: 96, typeCover: 1, coverApplications: [1, 3], typeFinish: 2 })
    .where(eq(projects.id, project.id));
  const manufacturer = await manufacturerByCode(t, 'BLT1');
  serial += 1;
  const [row] = await t.handle.db
    .insert(orders)
    .values({
      projectId: project.id,
      accountId,
      externalId: `TST-26-${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
      status: 1,
      typeOrder: 1,
      shippingMethod: 'UG',
      copies: 120,
      countExtras: 5,
      manufacturerId: manufacturer.id,
      plantId: manufacturer.plantId,
      shipBy: '2026-05-15',
      submittedAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('The order was not inserted.');
  return row;
}
