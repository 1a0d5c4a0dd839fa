import type {
  RosterExportColumnCode,
  RosterExportLayoutCode,
  RosterExportSortCode,
  RosterGradeCode,
  RosterPersonSourceCode,
  RosterPersonStatusCode,
  RosterRelationKindCode,
  RosterRoleCode,
  RosterSignatureMethodCode,
} from '@colophon/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { authKinds, oneRosterVersions, syncSchedules } from './contract';

/**
 * The roster service's own tables, in the PostgreSQL schema `roster` of the dashboard's database:
 * written only by the roster, migrated by its own runner (apps/roster/drizzle, journal
 * `roster.migrations`). Dashboard rows (accounts, sessions, users) are referred to by id.
 */
export const roster = pgSchema('roster');

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
};

/** A roster session: only the hash of its header token, tied to the dashboard session it came from. */
export const rosterSessions = roster.table(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull(),
    dashboardSessionId: uuid('dashboard_session_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roster_sessions_token_hash_key').on(table.tokenHash),
    index('roster_sessions_dashboard_session_idx').on(table.dashboardSessionId),
  ],
);

/** A OneRoster district: a studio's group of schools that share a student information system. */
export const districts = roster.table(
  'districts',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    studioAccountId: integer('studio_account_id').notNull(),
    sourcedId: varchar('sourced_id', { length: 255 }),
    ...timestamps,
  },
  (table) => [
    index('roster_districts_studio_name_idx').on(table.studioAccountId, table.name, table.id),
    index('roster_districts_name_idx').on(table.name, table.id),
    index('roster_districts_created_idx').on(table.createdAt, table.id),
    uniqueIndex('roster_districts_studio_sourced_key').on(table.studioAccountId, table.sourcedId),
  ],
);

export const syncStatuses = ['never', 'queued', 'running', 'succeeded', 'failed'] as const;
export type SyncStatus = (typeof syncStatuses)[number];

/** A roster org of type school, mapped to one dashboard account; its last sync's state. */
export const schools = roster.table(
  'schools',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    sourcedId: varchar('sourced_id', { length: 255 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'set null' }),
    lastSyncAt: instant('last_sync_at'),
    syncStatus: varchar('sync_status', { length: 16 }).$type<SyncStatus>().notNull().default('never'),
    syncError: text('sync_error'),
    /** People added, changed, removed and skipped by the last sync or import. */
    syncCounts: jsonb('sync_counts')
      .$type<{ added: number; changed: number; removed: number; skipped: number }>()
      .notNull()
      .default({ added: 0, changed: 0, removed: 0, skipped: 0 }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roster_schools_account_key').on(table.accountId),
    index('roster_schools_district_idx').on(table.districtId),
    index('roster_schools_sourced_idx').on(table.sourcedId),
    index('roster_schools_name_idx').on(table.name, table.id),
  ],
);

/** Where and how to pull a OneRoster REST feed; a school without one inherits its district's. */
export const configurations = roster.table(
  'configurations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    baseUrl: text('base_url').notNull(),
    version: varchar('version', { length: 8 }).$type<(typeof oneRosterVersions)[number]>().notNull(),
    authKind: varchar('auth_kind', { length: 8 }).$type<(typeof authKinds)[number]>().notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM under ROSTER_SECRET_KEY; never returned, never logged. */
    clientSecretSealed: text('client_secret_sealed'),
    /** OAuth 2 only: the token endpoint, where the vendor's is not `<origin>/token` (null: that). */
    tokenUrl: text('token_url'),
    /** OAuth 1 only (set exactly then): how requests are signed. */
    signatureMethod: varchar('signature_method', { length: 16 }).$type<RosterSignatureMethodCode>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roster_configurations_school_key').on(table.schoolId),
    uniqueIndex('roster_configurations_district_key').on(table.districtId),
    check('roster_configurations_one_owner', sql`(${table.schoolId} is null) <> (${table.districtId} is null)`),
    check('roster_configurations_token_url_oauth2', sql`${table.tokenUrl} is null or ${table.authKind} = 'oauth2'`),
    check(
      'roster_configurations_signature_method_oauth1',
      sql`(${table.authKind} = 'oauth1') = (${table.signatureMethod} is not null)`,
    ),
    check(
      'roster_configurations_signature_method_check',
      sql`${table.signatureMethod} in ('HMAC-SHA256', 'HMAC-SHA1')`,
    ),
  ],
);

/** Per school or district: when to sync and which grades to take. */
export const settings = roster.table(
  'settings',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    syncSchedule: varchar('sync_schedule', { length: 16 })
      .$type<(typeof syncSchedules)[number]>()
      .notNull()
      .default('off'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roster_settings_school_key').on(table.schoolId),
    uniqueIndex('roster_settings_district_key').on(table.districtId),
    check('roster_settings_one_owner', sql`(${table.schoolId} is null) <> (${table.districtId} is null)`),
  ],
);

/**
 * A school's person (issue 16): matched by `sourced_id` within the school when an import or sync
 * writes them; removing marks them (`status`, `removed_at`) so a later sync can bring them back.
 */
export const individuals = roster.table(
  'individuals',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sourcedId: varchar('sourced_id', { length: 255 }),
    givenName: varchar('given_name', { length: 100 }).notNull(),
    familyName: varchar('family_name', { length: 100 }).notNull(),
    middleName: varchar('middle_name', { length: 100 }),
    preferredName: varchar('preferred_name', { length: 100 }),
    grade: varchar('grade', { length: 8 }).$type<RosterGradeCode>(),
    homeroom: varchar('homeroom', { length: 100 }),
    role: varchar('role', { length: 16 }).$type<RosterRoleCode>().notNull(),
    email: varchar('email', { length: 254 }),
    photoKey: text('photo_key'),
    status: varchar('status', { length: 16 }).$type<RosterPersonStatusCode>().notNull().default('active'),
    removedAt: instant('removed_at'),
    source: varchar('source', { length: 16 }).$type<RosterPersonSourceCode>().notNull().default('manual'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roster_individuals_school_sourced_key').on(table.schoolId, table.sourcedId),
    uniqueIndex('roster_individuals_school_id_key').on(table.schoolId, table.id),
    index('roster_individuals_school_family_idx').on(table.schoolId, table.familyName, table.givenName, table.id),
    index('roster_individuals_school_given_idx').on(table.schoolId, table.givenName, table.familyName, table.id),
    index('roster_individuals_school_grade_homeroom_idx').on(table.schoolId, table.grade, table.homeroom, table.id),
    index('roster_individuals_school_updated_idx').on(table.schoolId, table.updatedAt, table.id),
    index('roster_individuals_sourced_idx').on(table.sourcedId),
  ],
);

/** "<individual> is <kind> of <related>", both of one school (composite foreign keys). */
export const relations = roster.table(
  'relations',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    individualId: integer('individual_id').notNull(),
    relatedIndividualId: integer('related_individual_id').notNull(),
    kind: varchar('kind', { length: 16 }).$type<RosterRelationKindCode>().notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roster_relations_triple_key').on(table.individualId, table.relatedIndividualId, table.kind),
    index('roster_relations_related_idx').on(table.relatedIndividualId),
  ],
);

/**
 * An export preset (issue 16): which people (roles, grades; removed people never), which columns in
 * which order, which layout and portrait file names, which order; a school's or a district's.
 */
export const exportPresets = roster.table(
  'export_presets',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    districtId: integer('district_id').references(() => districts.id, { onDelete: 'cascade' }),
    roles: jsonb('roles').$type<RosterRoleCode[]>().notNull(),
    /** Empty: every grade, and people without one (staff). */
    grades: jsonb('grades').$type<RosterGradeCode[]>().notNull().default([]),
    columns: jsonb('columns').$type<RosterExportColumnCode[]>().notNull(),
    layout: varchar('layout', { length: 16 }).$type<RosterExportLayoutCode>().notNull(),
    fileNameTemplate: varchar('file_name_template', { length: 200 }).notNull(),
    sortOrder: varchar('sort_order', { length: 32 }).$type<RosterExportSortCode>().notNull().default('familyName'),
    headerRow: boolean('header_row').notNull().default(true),
    /** The dashboard user who made it. */
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roster_export_presets_school_name_key')
      .on(table.schoolId, sql`lower(${table.name})`)
      .where(sql`${table.schoolId} is not null`),
    uniqueIndex('roster_export_presets_district_name_key')
      .on(table.districtId, sql`lower(${table.name})`)
      .where(sql`${table.districtId} is not null`),
    index('roster_export_presets_name_idx').on(table.name, table.id),
    index('roster_export_presets_updated_idx').on(table.updatedAt, table.id),
    check('roster_export_presets_one_owner', sql`(${table.schoolId} is null) <> (${table.districtId} is null)`),
  ],
);
