import { doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { belongsTo, timestamps } from './columns';
import { users } from './identity';
import { proofs } from './production';

/**
 * The proofs capability (issue 4): what the preflight found on each page, and the review around a
 * proof (reviewers, comments pinned to pages, staff-only comments, the history of internal actions).
 */

/** One preflight finding; `box` is in PDF points from the page's top-left (see decisions, Preflight). */
export const proofFindings = pgTable(
  'proof_findings',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    /** Null for a finding about the whole file. */
    page: integer('page'),
    code: varchar('code', { length: 40 }).notNull(),
    severity: varchar('severity', { length: 10 }).notNull(),
    message: text('message').notNull(),
    box: jsonb('box'),
  },
  (table) => [index('proof_findings_proof_idx').on(table.proofId, table.page)],
);

export const proofReviewers = pgTable(
  'proof_reviewers',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    userId: belongsTo('user_id', () => users.id),
    /** The reviewer's own verdict: null undecided, else a proof status (1 Needs Review, 2, 3). */
    status: smallint('status'),
    note: text('note'),
    ...timestamps,
  },
  (table) => [index('proof_reviewers_proof_idx').on(table.proofId)],
);

/** A comment the school and studio both see; optionally pinned to a point of a page (fractions 0..1). */
export const proofComments = pgTable(
  'proof_comments',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    page: integer('page'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    ...timestamps,
  },
  (table) => [index('proof_comments_proof_idx').on(table.proofId)],
);

/** Staff-only comments ('proofs.internal'): never returned to school users. */
export const proofCommentInternals = pgTable(
  'proof_comment_internals',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...timestamps,
  },
  (table) => [index('proof_comment_internals_proof_idx').on(table.proofId)],
);

/** The history of a proof: every action on it writes one row (uploaded, processed, approved…). */
export const proofInternalActions = pgTable(
  'proof_internal_actions',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 60 }).notNull(),
    internalStatus: smallint('internal_status'),
    note: text('note'),
    ...timestamps,
  },
  (table) => [index('proof_internal_actions_proof_idx').on(table.proofId, table.createdAt)],
);

/**
 * A proof cancelled or rejected in an external layout software (`proofs/{software}/{id}/cancel`,
 * `proofs/{software}/reject`): what was asked, through which adapter, and the vendor's reference.
 */
export const proofSoftwareActions = pgTable(
  'proof_software_actions',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    software: smallint('software').notNull(),
    /** 'cancel' or 'reject'. */
    action: varchar('action', { length: 20 }).notNull(),
    reason: text('reason'),
    /** The adapter that carried it ('offline' for the embedded default). */
    adapter: varchar('adapter', { length: 40 }).notNull(),
    externalRef: varchar('external_ref', { length: 200 }),
    requestedBy: integer('requested_by'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('proof_software_actions_proof_idx').on(table.proofId, table.createdAt)],
);

/** A proof sent to an automation service (`proofs/{automation}/send`) and what the service answered. */
export const proofAutomationSends = pgTable(
  'proof_automation_sends',
  {
    id: serial('id').primaryKey(),
    proofId: belongsTo('proof_id', () => proofs.id),
    automation: varchar('automation', { length: 40 }).notNull(),
    /** 'sent' or 'failed'. */
    status: varchar('status', { length: 20 }).notNull(),
    adapter: varchar('adapter', { length: 40 }).notNull(),
    externalRef: varchar('external_ref', { length: 200 }),
    payload: jsonb('payload'),
    response: jsonb('response'),
    requestedBy: integer('requested_by'),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('proof_automation_sends_proof_idx').on(table.proofId, table.createdAt)],
);
