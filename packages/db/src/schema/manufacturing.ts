import { boolean, date, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';

export const manufacturingPlants = pgTable(
  'manufacturing_plants',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 1 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Where the books leave from: the shipping calculator's origin. */
    zip: varchar('zip', { length: 10 }),
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
    /**
     * The shared secret the plant signs its postbacks with (HMAC-SHA256); never answered by the API.
     * Null: the plant sends no postbacks.
     */
    postbackSecret: varchar('postback_secret', { length: 128 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('manufacturers_code_key').on(table.code),
    index('manufacturers_plant_idx').on(table.plantId),
    index('manufacturers_name_idx').on(table.name),
  ],
);

/** A manufacturer's turn time for one book type, in business days; redo orders have their own. */
export const manufacturerTurnTimes = pgTable(
  'manufacturer_turn_times',
  {
    id: serial('id').primaryKey(),
    manufacturerId: belongsTo('manufacturer_id', () => manufacturers.id),
    typeBook: smallint('type_book').notNull(),
    turnTimeDays: smallint('turn_time_days').notNull(),
    redoTurnTimeDays: smallint('redo_turn_time_days').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('manufacturer_turn_times_key').on(table.manufacturerId, table.typeBook)],
);

/** A day a manufacturer's plant does not work (beyond weekends and US federal holidays). */
export const manufacturerClosures = pgTable(
  'manufacturer_closures',
  {
    id: serial('id').primaryKey(),
    manufacturerId: belongsTo('manufacturer_id', () => manufacturers.id),
    date: date('date', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 200 }),
    ...timestamps,
  },
  (table) => [uniqueIndex('manufacturer_closures_key').on(table.manufacturerId, table.date)],
);
