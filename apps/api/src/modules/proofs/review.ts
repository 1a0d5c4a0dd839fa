import {
  proofCommentInternalsContract,
  proofCommentsContract,
  proofInternalActionsContract,
  proofReviewersContract,
} from '@colophon/contract';
import {
  proofCommentInternals,
  proofComments,
  proofInternalActions,
  proofReviewers,
  proofs,
  users,
} from '@colophon/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { visibleAccountIds } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { parentIdOf, type ResourceChange, type ResourceContext } from '../../engine/resource';
import { forbidden, invalidField } from '../../errors';
import { recordAction, visibleProof } from './query';

/** Each collection hangs under a proof the caller can see (404 otherwise) and keeps to its rows. */
const underProof = (column: AnyPgColumn) => ({
  column,
  visible: (context: ResourceContext, proofId: number) => visibleProof(context, proofId),
});

const VERBS: Record<ResourceChange, string> = { created: 'added', updated: 'changed', removed: 'removed' };

/** Every change to reviewers, comments and internal comments writes a line of the proof's history. */
const writesHistory =
  (what: string) =>
  async (change: ResourceChange, _row: unknown, context: ResourceContext): Promise<void> => {
    await recordAction(context, parentIdOf(context), context.auth.user.id, `${what} ${VERBS[change]}`);
  };

/** Only its author (or a super administrator) changes or removes a comment. */
function authorOnly(label: string) {
  return (row: { userId: number | null }, context: ResourceContext) => {
    if (context.auth.user.bSuperAdmin || row.userId === context.auth.user.id) return;
    throw forbidden(`Only its author can change this ${label}.`);
  };
}

/** `userName` of each row: the author's (or the reviewer's) first and last name. */
async function fillUserNames(rows: { userId: number | null; userName?: string | null }[], context: ResourceContext) {
  const wanted = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const found = wanted.length
    ? await context.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  const names = new Map(found.map((user) => [user.id, `${user.firstName} ${user.lastName}`]));
  for (const row of rows) row.userName = row.userId === null ? null : (names.get(row.userId) ?? null);
}

/** A pin must be on a page the proof has. */
async function checkPin(context: ResourceContext, pin: { page: number } | null | undefined) {
  if (!pin) return;
  const [proof] = await context.db
    .select({ pageCount: proofs.pageCount })
    .from(proofs)
    .where(eq(proofs.id, parentIdOf(context)));
  const pageCount = proof?.pageCount ?? null;
  if (pageCount !== null && pin.page > pageCount) throw invalidField('pin.page', `The proof has ${pageCount} pages.`);
}

/** A reviewer must be a user the caller can see (someone of the account tree). */
async function checkReviewer(context: ResourceContext, userId: number) {
  const scope = visibleAccountIds(context.auth);
  const [user] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        scope
          ? inArray(users.id, sql`(select ua.user_id from user_accounts ua where ua.account_id in ${scope})`)
          : undefined,
      ),
    );
  if (!user) throw invalidField('userId', `User ${userId} was not found.`);
}

const pinColumns = (pin: { page: number; x: number; y: number } | null | undefined) => ({
  page: pin?.page ?? null,
  x: pin?.x ?? null,
  y: pin?.y ?? null,
});

export async function registerProofReviewRoutes(app: FastifyInstance) {
  registerResource(app, proofReviewersContract, {
    table: proofReviewers,
    parent: underProof(proofReviewers.proofId),
    hooks: {
      fill: fillUserNames,
      async validate(input, context) {
        if (input.userId !== undefined) await checkReviewer(context, input.userId);
      },
      changed: writesHistory('reviewer'),
    },
    csv: [],
  });

  registerResource(app, proofCommentsContract, {
    table: proofComments,
    parent: underProof(proofComments.proofId),
    hooks: {
      async fill(rows, context) {
        for (const row of rows) {
          const { page, x, y } = row;
          row.pin = page !== null && x !== null && y !== null ? { page, x, y } : null;
        }
        await fillUserNames(rows, context);
      },
      authorize: authorOnly('comment'),
      async validate(input, context) {
        await checkPin(context, input.pin);
      },
      create: async function createComment(input, context) {
        const [row] = await context.db
          .insert(proofComments)
          .values({
            proofId: parentIdOf(context),
            userId: context.auth.user.id,
            body: input.body,
            ...pinColumns(input.pin),
          })
          .returning();
        return row!;
      },
      update: async function updateComment(existing, input, context) {
        const [row] = await context.db
          .update(proofComments)
          .set({
            ...(input.body !== undefined ? { body: input.body } : {}),
            ...(input.pin !== undefined ? pinColumns(input.pin) : {}),
            updatedAt: new Date(),
          })
          .where(eq(proofComments.id, existing.id))
          .returning();
        return row;
      },
      changed: writesHistory('comment'),
    },
    csv: [],
  });

  registerResource(app, proofCommentInternalsContract, {
    table: proofCommentInternals,
    parent: underProof(proofCommentInternals.proofId),
    hooks: {
      fill: fillUserNames,
      authorize: authorOnly('internal comment'),
      create: async function createInternalComment(input, context) {
        const [row] = await context.db
          .insert(proofCommentInternals)
          .values({ proofId: parentIdOf(context), userId: context.auth.user.id, body: input.body })
          .returning();
        return row!;
      },
      changed: writesHistory('internal comment'),
    },
    csv: [],
  });

  // The history itself writes no line about itself.
  registerResource(app, proofInternalActionsContract, {
    table: proofInternalActions,
    parent: underProof(proofInternalActions.proofId),
    hooks: {
      fill: fillUserNames,
      // The author's, or a line the system wrote (no author): the route already needs `proofs.internal`.
      authorize(row, context) {
        if (row.userId !== null) authorOnly('internal action')(row, context);
      },
      create: async function createInternalAction(input, context) {
        const proofId = parentIdOf(context);
        // An action with an internal status moves the proof's internal status (part 3 codes).
        if (input.internalStatus) {
          await context.db
            .update(proofs)
            .set({ internalStatus: input.internalStatus, updatedAt: new Date() })
            .where(eq(proofs.id, proofId));
        }
        return recordAction(
          context,
          proofId,
          context.auth.user.id,
          input.action,
          input.note ?? null,
          input.internalStatus ?? null,
        );
      },
    },
    csv: [],
  });
}
