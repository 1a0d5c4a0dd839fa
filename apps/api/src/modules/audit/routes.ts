import { auditLogContract, outboxEmailsContract } from '@colophon/contract';
import { auditLog, outboxEmails } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../engine/implement';
import { prefixSearch, textSearch } from '../../engine/search';
import { fillAuditEntries } from './entries';

const iso = (value: Date | null) => value?.toISOString() ?? '';

/** The audit log and the e-mail outbox: read-only, newest first (the id is the order of writing), for super administrators. */
export async function registerAuditRoutes(app: FastifyInstance) {
  registerResource(app, auditLogContract, {
    table: auditLog,
    sortBy: { createdAt: auditLog.id },
    filterBy: {
      resource: (prefix) => prefixSearch(prefix, auditLog.resource),
      resourceId: (id) => eq(auditLog.resourceId, id),
    },
    hooks: { fill: fillAuditEntries },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'When', value: (row) => iso(row.createdAt) },
      { header: 'Actor', value: (row) => row.actorEmail },
      { header: 'Acting as', value: (row) => row.asEmail },
      { header: 'Action', value: (row) => row.actionLabel },
      { header: 'Resource', value: (row) => row.resource },
      { header: 'Resource ID', value: (row) => row.resourceId },
      { header: 'IP', value: (row) => row.ip },
    ],
  });

  registerResource(app, outboxEmailsContract, {
    table: outboxEmails,
    sortBy: { createdAt: outboxEmails.id },
    filterBy: { to: (to) => textSearch(to, outboxEmails.toAddress) },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Created', value: (row) => iso(row.createdAt) },
      { header: 'To', value: (row) => row.toAddress },
      { header: 'Subject', value: (row) => row.subject },
      { header: 'Transport', value: (row) => row.transport },
      { header: 'Sent', value: (row) => iso(row.sentAt) },
      { header: 'Error', value: (row) => row.error },
    ],
  });
}
