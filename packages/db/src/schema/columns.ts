import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is a UTC instant (`timestamptz`); screens convert to the user's zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};

/** The id of the row this one belongs to: required, and deleted with it (`on delete cascade`). */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
