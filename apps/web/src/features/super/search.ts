import { auditLogListUrlSearch, outboxEmailListUrlSearch } from '@colophon/contract';
import type { z } from 'zod';

/** The URLs of the super-administrator read-only lists, from their contracts' filters. */
export const auditSearchSchema = auditLogListUrlSearch;
export type AuditSearch = z.infer<typeof auditSearchSchema>;

export const outboxSearchSchema = outboxEmailListUrlSearch;
export type OutboxSearch = z.infer<typeof outboxSearchSchema>;
