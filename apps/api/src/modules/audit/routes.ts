import {
  auditEntrySchema,
  auditListQuerySchema,
  listEnvelopeSchema,
  outboxEmailSchema,
  outboxListQuerySchema,
  problemSchema,
} from '@colophon/contract';
import { auditLog, outboxEmails, users } from '@colophon/db';
import { auditActionLabel } from '@colophon/domain';
import { type AnyColumn, and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonRow } from '../../engine/json-row';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/** "Olivia Owner", or null when the row has no such user (the system). */
function personName(person: { firstName: AnyColumn; lastName: AnyColumn }) {
  return sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;
}

/** The audit log and the e-mail outbox: read-only, newest first, for super administrators. */
export async function registerAuditRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;
  const actor = alias(users, 'actor');
  const actingAs = alias(users, 'acting_as');

  routes.get(
    '/api/audit_log',
    {
      config: { permission: 'super.audit' },
      schema: {
        tags: ['audit'],
        querystring: auditListQuerySchema,
        response: { 200: listEnvelopeSchema(auditEntrySchema), ...problems },
      },
    },
    async (request) => {
      const query = request.query;
      const where = and(
        query.resource ? ilike(auditLog.resource, `${query.resource}%`) : undefined,
        query.actorUserId ? eq(auditLog.actorUserId, query.actorUserId) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
      const rows = await db
        .select({
          id: auditLog.id,
          actorUserId: auditLog.actorUserId,
          actorName: personName(actor),
          actorEmail: actor.email,
          asUserId: auditLog.asUserId,
          asName: personName(actingAs),
          asEmail: actingAs.email,
          action: auditLog.action,
          resource: auditLog.resource,
          resourceId: auditLog.resourceId,
          detail: auditLog.detail,
          ip: auditLog.ip,
          userAgent: auditLog.userAgent,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(actingAs, eq(actingAs.id, auditLog.asUserId))
        .where(where)
        .orderBy(query.sort === 'createdAt' ? asc(auditLog.id) : desc(auditLog.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const data = rows.map((row) => ({ ...jsonRow(row), actionLabel: auditActionLabel(row.action, row.resource) }));
      return { data, total: Number(totals?.total ?? 0), page: query.page, perPage: query.perPage };
    },
  );

  routes.get(
    '/api/outbox_emails',
    {
      config: { permission: 'super.audit' },
      schema: {
        tags: ['audit'],
        querystring: outboxListQuerySchema,
        response: { 200: listEnvelopeSchema(outboxEmailSchema), ...problems },
      },
    },
    async (request) => {
      const query = request.query;
      const where = query.to ? ilike(outboxEmails.toAddress, `%${query.to}%`) : undefined;
      const [totals] = await db.select({ total: count() }).from(outboxEmails).where(where);
      const rows = await db
        .select()
        .from(outboxEmails)
        .where(where)
        .orderBy(query.sort === 'createdAt' ? asc(outboxEmails.id) : desc(outboxEmails.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return { data: rows.map(jsonRow), total: Number(totals?.total ?? 0), page: query.page, perPage: query.perPage };
    },
  );
}
