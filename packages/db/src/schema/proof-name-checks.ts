import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { proofs } from './production';

/** A near miss of a roster name printed on a page (the domain's NameFinding, as stored). */
export interface StoredNameFinding {
  pageNumber: number;
  /** Where the name is printed, in points from the page's top-left (like preflight finding boxes). */
  box: { x: number; y: number; width: number; height: number };
  found: string;
  intended: string;
  individualId: string;
  reason: string;
  alternatives: { individualId: string; intended: string }[];
}

/** A student of the roster printed on no page. */
export interface StoredMissingStudent {
  individualId: string;
  name: string;
  grade: string;
  homeroom: string;
}

/**
 * The name check of a proof against its school's roster (issue 16): one row per proof, replaced by
 * each processing run. No row: the school has no roster (or the proof was never processed since).
 * A check that failed keeps its `error` and no findings: it never fails the proof's processing.
 * Findings and missing students are read whole with the row, so they are kept as JSON beside it.
 */
export const proofNameChecks = pgTable(
  'proof_name_checks',
  {
    proofId: integer('proof_id')
      .primaryKey()
      .references(() => proofs.id, { onDelete: 'cascade' }),
    checkedAt: instant('checked_at').notNull().defaultNow(),
    /** The roster school it was checked against (roster.schools.id; another schema, no foreign key). */
    rosterSchoolId: integer('roster_school_id').notNull(),
    /** Active people of the roster whose names were looked for (students, teachers and staff). */
    rosterSize: integer('roster_size').notNull().default(0),
    /** Active students of the roster (those the missing list is about). */
    studentCount: integer('student_count').notNull().default(0),
    /** Roster people printed on at least one page. */
    matched: integer('matched').notNull().default(0),
    findings: jsonb('findings').$type<StoredNameFinding[]>().notNull().default([]),
    missing: jsonb('missing').$type<StoredMissingStudent[]>().notNull().default([]),
    pageCount: integer('page_count').notNull().default(0),
    /** Milliseconds of the check itself (reading the roster and matching; the text comes with the pages). */
    durationMs: integer('duration_ms').notNull().default(0),
    error: text('error'),
  },
  (table) => [index('proof_name_checks_roster_school_idx').on(table.rosterSchoolId)],
);
