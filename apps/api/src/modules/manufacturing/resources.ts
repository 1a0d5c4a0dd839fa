import {
  manufacturerCreateSchema,
  manufacturerListQuerySchema,
  manufacturerSchema,
  manufacturerUpdateSchema,
  manufacturingPlantCreateSchema,
  manufacturingPlantListQuerySchema,
  manufacturingPlantSchema,
  manufacturingPlantUpdateSchema,
} from '@colophon/contract';
import { manufacturers, manufacturingPlants } from '@colophon/db';
import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { defineResource } from '../../engine/resource';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';

describeConstraint('manufacturing_plants_code_key', 'code', 'Another plant already has this code.');
describeConstraint('manufacturers_code_key', 'code', 'Another manufacturer already has this code.');
describeConstraint('manufacturers_plant_id_manufacturing_plants_id_fk', 'plantId', 'No plant has this id.');

export const manufacturingPlantsResource = defineResource({
  name: 'manufacturing_plants',
  label: 'Manufacturing plant',
  table: manufacturingPlants,
  item: manufacturingPlantSchema,
  listQuery: manufacturingPlantListQuerySchema,
  createBody: manufacturingPlantCreateSchema,
  updateBody: manufacturingPlantUpdateSchema,
  // Plants are reference data every signed-in user reads (orders name them); the plant side edits them.
  access: { write: 'super.plants' },
  sorts: { code: manufacturingPlants.code, name: manufacturingPlants.name, createdAt: manufacturingPlants.createdAt },
  defaultSort: 'code',
  filters: (query: z.output<typeof manufacturingPlantListQuerySchema>) => [
    query.search
      ? or(ilike(manufacturingPlants.name, `%${query.search}%`), ilike(manufacturingPlants.code, `%${query.search}%`))
      : undefined,
    query.code?.length ? inArray(manufacturingPlants.code, query.code) : undefined,
  ],
  csv: [
    { header: 'Code', value: (row) => row.code as string },
    { header: 'Name', value: (row) => row.name as string },
  ],
});

export const manufacturersResource = defineResource({
  name: 'manufacturers',
  label: 'Manufacturer',
  table: manufacturers,
  item: manufacturerSchema,
  listQuery: manufacturerListQuerySchema,
  createBody: manufacturerCreateSchema,
  updateBody: manufacturerUpdateSchema,
  access: { write: 'super.plants' },
  sorts: {
    code: manufacturers.code,
    name: manufacturers.name,
    turnTimeDays: manufacturers.turnTimeDays,
    createdAt: manufacturers.createdAt,
  },
  defaultSort: 'name',
  filters: (query: z.output<typeof manufacturerListQuerySchema>) => [
    query.search
      ? or(ilike(manufacturers.name, `%${query.search}%`), ilike(manufacturers.code, `%${query.search}%`))
      : undefined,
    query.plantId?.length ? inArray(manufacturers.plantId, query.plantId) : undefined,
    query.isActive === undefined ? undefined : eq(manufacturers.isActive, query.isActive),
  ],
  async validate(input, context, existing) {
    if (input.plantId !== undefined) {
      const [plant] = await context.db
        .select({ id: manufacturingPlants.id })
        .from(manufacturingPlants)
        .where(eq(manufacturingPlants.id, input.plantId));
      if (!plant) throw invalidField('plantId', `No plant has the id ${input.plantId}.`);
    }
    const standard = input.turnTimeDays ?? (existing?.turnTimeDays as number | undefined);
    const expedited =
      input.expeditedTurnTimeDays !== undefined
        ? input.expeditedTurnTimeDays
        : (existing?.expeditedTurnTimeDays as number | null | undefined);
    if (standard !== undefined && expedited !== null && expedited !== undefined && expedited >= standard) {
      throw invalidField('expeditedTurnTimeDays', 'The expedited turn time must be shorter than the standard one.');
    }
  },
  includes: {
    async plant(rows, context) {
      const plantIds = [...new Set(rows.map((row) => row.plantId as number))];
      if (plantIds.length === 0) return;
      const plants = await context.db
        .select({ id: manufacturingPlants.id, code: manufacturingPlants.code, name: manufacturingPlants.name })
        .from(manufacturingPlants)
        .where(inArray(manufacturingPlants.id, plantIds));
      const byId = new Map(plants.map((plant) => [plant.id, plant]));
      for (const row of rows) row.plant = byId.get(row.plantId as number);
    },
  },
  csv: [
    { header: 'Code', value: (row) => row.code as string },
    { header: 'Name', value: (row) => row.name as string },
    { header: 'Plant', value: (row) => (row.plant as { name: string } | undefined)?.name ?? String(row.plantId) },
    { header: 'Turn time (business days)', value: (row) => row.turnTimeDays as number },
    { header: 'Expedited turn time', value: (row) => row.expeditedTurnTimeDays as number | null },
    { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
});
