import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { users } from './identity';

/**
 * Which guided walkthroughs (packages/domain walkthroughs.ts) a user finished or ended: a tour with
 * a row here no longer starts by itself for them. The key serves the one read: a user's rows.
 */
export const userTours = pgTable(
  'user_tours',
  {
    userId: belongsTo('user_id', () => users.id),
    tourId: varchar('tour_id', { length: 64 }).notNull(),
    /** 'finished' or 'ended' (walkthroughOutcomes). */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tourId] }),
    check('user_tours_outcome_check', sql`${table.outcome} in ('finished', 'ended')`),
  ],
);
