import { bigserial, index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, instant, timestamps } from './columns';
import { accounts, users } from './identity';
import { projects } from './projects';

/** A notification (part 3's fields), shown on its account and on the profile, e-mailed by preference. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: belongsTo('account_id', () => accounts.id),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    typeNotification: smallint('type_notification').notNull(),
    date: instant('date').notNull().defaultNow(),
    userName: varchar('user_name', { length: 200 }),
    projectName: varchar('project_name', { length: 200 }),
    orderExternalId: varchar('order_external_id', { length: 64 }),
    info: text('info'),
    carrier: varchar('carrier', { length: 40 }),
    typeTrackingNumber: smallint('type_tracking_number'),
    typeBook: smallint('type_book'),
    trackingNumber: varchar('tracking_number', { length: 100 }),
    shippingMethod: varchar('shipping_method', { length: 8 }),
    errorMessage: text('error_message'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('notifications_account_date_idx').on(
      table.accountId,
      table.date.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('notifications_date_idx').on(table.date.desc().nullsFirst()),
  ],
);

/** A user's choices for one profile widget (how many rows, which account, hidden). */
export const userWidgetSettings = pgTable(
  'user_widget_settings',
  {
    userId: belongsTo('user_id', () => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [primaryKey({ columns: [table.userId, table.name] })],
);
