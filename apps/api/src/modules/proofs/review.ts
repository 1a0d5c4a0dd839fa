import {
  idParamsSchema,
  problemSchema,
  proofChildParamsSchema,
  proofCommentCreateSchema,
  proofCommentInternalCreateSchema,
  proofCommentInternalSchema,
  proofCommentInternalUpdateSchema,
  proofCommentSchema,
  proofCommentUpdateSchema,
  proofInternalActionCreateSchema,
  proofInternalActionSchema,
  proofInternalActionUpdateSchema,
  proofReviewerCreateSchema,
  proofReviewerSchema,
  proofReviewerUpdateSchema,
} from '@colophon/contract';
import {
  proofCommentInternals,
  proofComments,
  proofInternalActions,
  proofReviewers,
  proofs,
  users,
} from '@colophon/db';
import { can, type Permission } from '@colophon/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visibleAccountIds } from '../../access/scope';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { forbidden, invalidField, notFound } from '../../errors';
import { recordAction, visibleProof } from './query';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const tags = ['proofs'];

type Json = Record<string, unknown>;

/** What one nested collection of a proof does; the routes around it are the same for all four. */
interface Child<Create, Update> {
  segment: string;
  label: string;
  read: Permission;
  write: Permission;
  item: z.ZodType;
  createBody: z.ZodType<Create>;
  updateBody: z.ZodType<Update>;
  list(context: ResourceContext, proofId: number): Promise<Json[]>;
  create(context: ResourceContext, proofId: number, input: Create): Promise<Json>;
  /** The row, or null when it is not this proof's. */
  find(context: ResourceContext, proofId: number, childId: number): Promise<(Json & { userId: number | null }) | null>;
  update(context: ResourceContext, childId: number, input: Update): Promise<void>;
  remove(context: ResourceContext, childId: number): Promise<void>;
  /** The history line a change writes (the history itself writes none about itself). */
  action?: (verb: 'added' | 'changed' | 'removed') => string;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const json = (row: Json): Json => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, iso(value)]));

async function namesOf(context: ResourceContext, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await context.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

async function withNames<Row extends { userId: number | null }>(context: ResourceContext, rows: Row[]) {
  const names = await namesOf(
    context,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => json({ ...row, userName: row.userId === null ? null : (names.get(row.userId) ?? null) }));
}

const commentItem = (row: typeof proofComments.$inferSelect) => {
  const { page, x, y, ...rest } = row;
  return { ...rest, pin: page !== null && x !== null && y !== null ? { page, x, y } : null };
};

/** A pin must be on a page the proof has. */
function checkPin(pageCount: number | null, pin: { page: number } | null | undefined) {
  if (pin && pageCount !== null && pin.page > pageCount) {
    throw invalidField('pin.page', `The proof has ${pageCount} pages.`);
  }
}

export async function registerProofReviewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const contextOf = (request: FastifyRequest) => requestContext(app, request);
  const pageCountOf = async (context: ResourceContext, proofId: number) =>
    (await context.db.select({ pageCount: proofs.pageCount }).from(proofs).where(eq(proofs.id, proofId)))[0]
      ?.pageCount ?? null;

  const reviewers: Child<z.output<typeof proofReviewerCreateSchema>, z.output<typeof proofReviewerUpdateSchema>> = {
    segment: 'proof_reviewers',
    label: 'Reviewer',
    read: 'proofs.view',
    write: 'proofs.comment',
    item: proofReviewerSchema,
    createBody: proofReviewerCreateSchema,
    updateBody: proofReviewerUpdateSchema,
    async list(context, proofId) {
      const rows = await context.db
        .select()
        .from(proofReviewers)
        .where(eq(proofReviewers.proofId, proofId))
        .orderBy(asc(proofReviewers.id));
      return withNames(context, rows);
    },
    async create(context, proofId, input) {
      // A reviewer must be a user the caller can see (someone of the account tree).
      const scope = visibleAccountIds(context.auth);
      const [user] = await context.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.userId),
            scope
              ? inArray(users.id, sql`(select ua.user_id from user_accounts ua where ua.account_id in ${scope})`)
              : undefined,
          ),
        );
      if (!user) throw invalidField('userId', `User ${input.userId} was not found.`);
      const [row] = await context.db
        .insert(proofReviewers)
        .values({ proofId, userId: input.userId, note: input.note ?? null })
        .returning();
      return (await withNames(context, [row!]))[0]!;
    },
    async find(context, proofId, childId) {
      const [row] = await context.db
        .select()
        .from(proofReviewers)
        .where(and(eq(proofReviewers.id, childId), eq(proofReviewers.proofId, proofId)));
      return row ? { ...row, userId: row.userId } : null;
    },
    async update(context, childId, input) {
      await context.db
        .update(proofReviewers)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(proofReviewers.id, childId));
    },
    async remove(context, childId) {
      await context.db.delete(proofReviewers).where(eq(proofReviewers.id, childId));
    },
    action: (verb) => `reviewer ${verb}`,
  };

  const comments: Child<z.output<typeof proofCommentCreateSchema>, z.output<typeof proofCommentUpdateSchema>> = {
    segment: 'proof_comments',
    label: 'Comment',
    read: 'proofs.view',
    write: 'proofs.comment',
    item: proofCommentSchema,
    createBody: proofCommentCreateSchema,
    updateBody: proofCommentUpdateSchema,
    async list(context, proofId) {
      const rows = await context.db
        .select()
        .from(proofComments)
        .where(eq(proofComments.proofId, proofId))
        .orderBy(asc(proofComments.id));
      return withNames(context, rows.map(commentItem));
    },
    async create(context, proofId, input) {
      checkPin(await pageCountOf(context, proofId), input.pin);
      const [row] = await context.db
        .insert(proofComments)
        .values({
          proofId,
          userId: context.auth.user.id,
          body: input.body,
          page: input.pin?.page ?? null,
          x: input.pin?.x ?? null,
          y: input.pin?.y ?? null,
        })
        .returning();
      return (await withNames(context, [commentItem(row!)]))[0]!;
    },
    async find(context, proofId, childId) {
      const [row] = await context.db
        .select()
        .from(proofComments)
        .where(and(eq(proofComments.id, childId), eq(proofComments.proofId, proofId)));
      return row ?? null;
    },
    async update(context, childId, input) {
      const [existing] = await context.db.select().from(proofComments).where(eq(proofComments.id, childId));
      if (input.pin !== undefined) checkPin(await pageCountOf(context, existing!.proofId), input.pin);
      await context.db
        .update(proofComments)
        .set({
          ...(input.body !== undefined ? { body: input.body } : {}),
          ...(input.pin !== undefined
            ? { page: input.pin?.page ?? null, x: input.pin?.x ?? null, y: input.pin?.y ?? null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(proofComments.id, childId));
    },
    async remove(context, childId) {
      await context.db.delete(proofComments).where(eq(proofComments.id, childId));
    },
    action: (verb) => `comment ${verb}`,
  };

  const internalComments: Child<
    z.output<typeof proofCommentInternalCreateSchema>,
    z.output<typeof proofCommentInternalUpdateSchema>
  > = {
    segment: 'proof_comment_internals',
    label: 'Internal comment',
    read: 'proofs.internal',
    write: 'proofs.internal',
    item: proofCommentInternalSchema,
    createBody: proofCommentInternalCreateSchema,
    updateBody: proofCommentInternalUpdateSchema,
    async list(context, proofId) {
      const rows = await context.db
        .select()
        .from(proofCommentInternals)
        .where(eq(proofCommentInternals.proofId, proofId))
        .orderBy(asc(proofCommentInternals.id));
      return withNames(context, rows);
    },
    async create(context, proofId, input) {
      const [row] = await context.db
        .insert(proofCommentInternals)
        .values({ proofId, userId: context.auth.user.id, body: input.body })
        .returning();
      return (await withNames(context, [row!]))[0]!;
    },
    async find(context, proofId, childId) {
      const [row] = await context.db
        .select()
        .from(proofCommentInternals)
        .where(and(eq(proofCommentInternals.id, childId), eq(proofCommentInternals.proofId, proofId)));
      return row ?? null;
    },
    async update(context, childId, input) {
      await context.db
        .update(proofCommentInternals)
        .set({ body: input.body, updatedAt: new Date() })
        .where(eq(proofCommentInternals.id, childId));
    },
    async remove(context, childId) {
      await context.db.delete(proofCommentInternals).where(eq(proofCommentInternals.id, childId));
    },
    action: (verb) => `internal comment ${verb}`,
  };

  const internalActions: Child<
    z.output<typeof proofInternalActionCreateSchema>,
    z.output<typeof proofInternalActionUpdateSchema>
  > = {
    segment: 'proof_internal_actions',
    label: 'Internal action',
    read: 'proofs.internal',
    write: 'proofs.internal',
    item: proofInternalActionSchema,
    createBody: proofInternalActionCreateSchema,
    updateBody: proofInternalActionUpdateSchema,
    async list(context, proofId) {
      const rows = await context.db
        .select()
        .from(proofInternalActions)
        .where(eq(proofInternalActions.proofId, proofId))
        .orderBy(asc(proofInternalActions.createdAt), asc(proofInternalActions.id));
      return withNames(context, rows);
    },
    async create(context, proofId, input) {
      // An action with an internal status moves the proof's internal status (part 3 codes).
      if (input.internalStatus) {
        await context.db
          .update(proofs)
          .set({ internalStatus: input.internalStatus, updatedAt: new Date() })
          .where(eq(proofs.id, proofId));
      }
      const row = await recordAction(
        context,
        proofId,
        context.auth.user.id,
        input.action,
        input.note ?? null,
        input.internalStatus ?? null,
      );
      return (await withNames(context, [row]))[0]!;
    },
    async find(context, proofId, childId) {
      const [row] = await context.db
        .select()
        .from(proofInternalActions)
        .where(and(eq(proofInternalActions.id, childId), eq(proofInternalActions.proofId, proofId)));
      return row ?? null;
    },
    async update(context, childId, input) {
      await context.db
        .update(proofInternalActions)
        .set({ note: input.note, updatedAt: new Date() })
        .where(eq(proofInternalActions.id, childId));
    },
    async remove(context, childId) {
      await context.db.delete(proofInternalActions).where(eq(proofInternalActions.id, childId));
    },
  };

  const register = <Create, Update>(child: Child<Create, Update>) => {
    const path = `/api/proofs/:id/${child.segment}`;
    /** Only the author (or a super administrator) changes a comment or an action; reviewers: anyone who may write. */
    const mayChange = (context: ResourceContext, row: { userId: number | null }) =>
      child.segment === 'proof_reviewers' ||
      context.auth.user.bSuperAdmin ||
      row.userId === context.auth.user.id ||
      (child.segment === 'proof_internal_actions' && can(context.auth.user, 'proofs.internal') && row.userId === null);
    const existing = async (context: ResourceContext, proofId: number, childId: number) => {
      const row = await child.find(context, proofId, childId);
      if (!row) throw notFound(`${child.label} ${childId}`);
      if (!mayChange(context, row)) throw forbidden(`Only its author can change this ${child.label.toLowerCase()}.`);
      return row;
    };

    routes.get(
      path,
      {
        config: { permission: child.read },
        schema: {
          tags,
          summary: `The proof's ${child.segment}`,
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(child.item) }), ...problems },
        },
      },
      async (request) => {
        const context = contextOf(request);
        const { row } = await visibleProof(context, request.params.id);
        return { data: await child.list(context, row.id) };
      },
    );

    routes.post(
      path,
      {
        config: { permission: child.write },
        schema: {
          tags,
          summary: `Add to the proof's ${child.segment}`,
          params: idParamsSchema,
          body: child.createBody,
          response: { 201: child.item, ...problems },
        },
      },
      async (request, reply) => {
        const context = contextOf(request);
        const { row } = await visibleProof(context, request.params.id);
        const created = await child.create(context, row.id, request.body as Create);
        if (child.action) await recordAction(context, row.id, context.auth.user.id, child.action('added'));
        return reply.status(201).send(created);
      },
    );

    routes.put(
      `${path}/:childId`,
      {
        config: { permission: child.write },
        schema: {
          tags,
          summary: `Change one of the proof's ${child.segment}`,
          params: proofChildParamsSchema,
          body: child.updateBody,
          response: { 200: child.item, ...problems },
        },
      },
      async (request) => {
        const context = contextOf(request);
        const { row } = await visibleProof(context, request.params.id);
        await existing(context, row.id, request.params.childId);
        await child.update(context, request.params.childId, request.body as Update);
        if (child.action) await recordAction(context, row.id, context.auth.user.id, child.action('changed'));
        const items = await child.list(context, row.id);
        return items.find((item) => item.id === request.params.childId);
      },
    );

    routes.delete(
      `${path}/:childId`,
      {
        config: { permission: child.write },
        schema: {
          tags,
          summary: `Remove one of the proof's ${child.segment}`,
          params: proofChildParamsSchema,
          response: { 204: z.null(), ...problems },
        },
      },
      async (request, reply) => {
        const context = contextOf(request);
        const { row } = await visibleProof(context, request.params.id);
        await existing(context, row.id, request.params.childId);
        await child.remove(context, request.params.childId);
        if (child.action) await recordAction(context, row.id, context.auth.user.id, child.action('removed'));
        return reply.status(204).send(null);
      },
    );
  };

  register(reviewers);
  register(comments);
  register(internalComments);
  register(internalActions);
}
