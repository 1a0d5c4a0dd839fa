import { boolean, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const manufacturingPlants = pgTable(
  'manufacturing_plants',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 1 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('manufacturing_plants_code_key').on(table.code)],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => manufacturingPlants.id),
    /** Standard turn time in business days, and the faster expedited one. */
    turnTimeDays: smallint('turn_time_days').notNull(),
    expeditedTurnTimeDays: smallint('expedited_turn_time_days'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('manufacturers_code_key').on(table.code),
    index('manufacturers_plant_idx').on(table.plantId),
    index('manufacturers_name_idx').on(table.name),
  ],
);
