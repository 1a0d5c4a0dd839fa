import { manufacturersContract, manufacturingPlantsContract } from '@colophon/contract';
import { manufacturers, manufacturingPlants } from '@colophon/db';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../engine/implement';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';

describeConstraint('manufacturing_plants_code_key', 'code', 'Another plant already has this code.');
describeConstraint('manufacturers_code_key', 'code', 'Another manufacturer already has this code.');
describeConstraint('manufacturers_plant_id_manufacturing_plants_id_fk', 'plantId', 'No plant has this id.');

/** Manufacturing plants and the manufacturers that ship from them (/admin/super). */
export function registerManufacturingResources(app: FastifyInstance) {
  registerResource(app, manufacturingPlantsContract, {
    table: manufacturingPlants,
    csv: [
      { header: 'Code', value: (row) => row.code },
      { header: 'Name', value: (row) => row.name },
    ],
  });

  registerResource(app, manufacturersContract, {
    table: manufacturers,
    hooks: {
      async validate(input, context, existing) {
        if (input.plantId !== undefined) {
          const [plant] = await context.db
            .select({ id: manufacturingPlants.id })
            .from(manufacturingPlants)
            .where(eq(manufacturingPlants.id, input.plantId));
          if (!plant) throw invalidField('plantId', `No plant has the id ${input.plantId}.`);
        }
        const standard = input.turnTimeDays ?? existing?.turnTimeDays;
        const expedited =
          input.expeditedTurnTimeDays !== undefined ? input.expeditedTurnTimeDays : existing?.expeditedTurnTimeDays;
        if (standard !== undefined && expedited !== null && expedited !== undefined && expedited >= standard) {
          throw invalidField('expeditedTurnTimeDays', 'The expedited turn time must be shorter than the standard one.');
        }
      },
      includes: {
        async plant(rows, context) {
          const plantIds = [...new Set(rows.map((row) => row.plantId))];
          if (plantIds.length === 0) return;
          const plants = await context.db
            .select({ id: manufacturingPlants.id, code: manufacturingPlants.code, name: manufacturingPlants.name })
            .from(manufacturingPlants)
            .where(inArray(manufacturingPlants.id, plantIds));
          const byId = new Map(plants.map((plant) => [plant.id, plant]));
          for (const row of rows) row.plant = byId.get(row.plantId);
        },
      },
    },
    csv: [
      { header: 'Code', value: (row) => row.code },
      { header: 'Name', value: (row) => row.name },
      { header: 'Plant', value: (row) => row.plant?.name ?? String(row.plantId) },
      { header: 'Turn time (business days)', value: (row) => row.turnTimeDays },
      { header: 'Expedited turn time', value: (row) => row.expeditedTurnTimeDays },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    ],
  });
}
