import { z } from 'zod';
import { auditLogList, outboxEmailList } from './audit-lists';
import { timestampSchema } from './common';
import { defineResourceContract } from './resource-contract';

/** What the audit log and the outbox are: records only super administrators read, newest first. */
const superAdministratorsRecord = {
  offers: ['list'],
  permission: { read: 'super.audit', write: 'super.audit' },
} as const;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actorUserId: z.number().int().nullable(),
    /** The actor's first and last name; null for the system (a queue, a scheduled job). */
    actorName: z.string().nullable(),
    actorEmail: z.string().nullable(),
    asUserId: z.number().int().nullable(),
    asName: z.string().nullable(),
    asEmail: z.string().nullable(),
    /** The HTTP method. */
    action: z.string(),
    /** The action in words ("Signed in", "Searched accounts", "Updated a user"): domain `auditActionLabel`. */
    actionLabel: z.string(),
    resource: z.string(),
    resourceId: z.string().nullable(),
    detail: z.unknown(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/**
 * `GET /api/audit_log` (super administrators): newest first, `sort=createdAt` for oldest first (the id
 * is the order of writing); `resource` is a prefix of the resource (`accounts` finds `accounts/7`).
 */
export const auditLogContract = defineResourceContract({
  name: 'audit_log',
  label: 'Audit entry',
  item: auditEntrySchema,
  ...auditLogList,
  ...superAdministratorsRecord,
  bigIds: true,
});

export const outboxEmailSchema = z
  .object({
    id: z.number().int(),
    toAddress: z.string(),
    subject: z.string(),
    text: z.string(),
    transport: z.string(),
    sentAt: timestampSchema.nullable(),
    error: z.string().nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
/** `GET /api/outbox_emails` (super administrators): newest first; `to` searches the address. */
export const outboxEmailsContract = defineResourceContract({
  name: 'outbox_emails',
  label: 'E-mail',
  item: outboxEmailSchema,
  ...outboxEmailList,
  ...superAdministratorsRecord,
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
