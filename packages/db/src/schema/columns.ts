import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is a UTC instant (`timestamptz`); screens convert to the user's zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};
