import { z } from 'zod';
import { idParam, listQuerySchema, timestampSchema } from './common';

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
export const auditListQuerySchema = listQuerySchema(['createdAt'] as const).extend({
  resource: z.string().max(64).optional(),
  actorUserId: idParam.optional(),
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
export const outboxListQuerySchema = listQuerySchema(['createdAt'] as const).extend({
  to: z.string().max(254).optional(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
