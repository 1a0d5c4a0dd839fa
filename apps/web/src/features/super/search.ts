import { z } from 'zod';
import { listSearchSchema, searchId } from '../../lib/list-search';

/** The URLs of the super-administrator read-only lists (the resource pages take theirs from their contracts). */
export const auditSearchSchema = listSearchSchema.extend({
  resource: z.string().trim().max(64).optional().catch(undefined),
  actorUserId: searchId,
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

export const outboxSearchSchema = listSearchSchema.extend({
  to: z.string().trim().max(254).optional().catch(undefined),
});
export type OutboxSearch = z.infer<typeof outboxSearchSchema>;
