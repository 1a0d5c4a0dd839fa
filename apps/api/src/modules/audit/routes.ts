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
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonRow } from '../../engine/json-row';
import { listPage } from '../../engine/list-page';
import { prefixSearch, textSearch } from '../../engine/search';

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
        prefixSearch(query.resource, auditLog.resource),
        query.actorUserId ? eq(auditLog.actorUserId, query.actorUserId) : undefined,
      );
      const { items, total } = await listPage(db, {
        fields: {
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
        },
        from: auditLog,
        joins: (select) =>
          select
            .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
            .leftJoin(actingAs, eq(actingAs.id, auditLog.asUserId)),
        where,
        // Newest first unless asked: the id is the order of writing.
        orderBy: [],
        id: auditLog.id,
        idOrder: query.sort === 'createdAt' ? 'asc' : 'desc',
        page: query.page,
        perPage: query.perPage,
      });
      const data = items.map((row) => ({ ...jsonRow(row), actionLabel: auditActionLabel(row.action, row.resource) }));
      return { data, total, page: query.page, perPage: query.perPage };
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
      const where = textSearch(query.to, outboxEmails.toAddress);
      const { items, total } = await listPage(db, {
        from: outboxEmails,
        where,
        orderBy: [],
        id: outboxEmails.id,
        idOrder: query.sort === 'createdAt' ? 'asc' : 'desc',
        page: query.page,
        perPage: query.perPage,
      });
      return { data: items.map(jsonRow), total, page: query.page, perPage: query.perPage };
    },
  );
}
