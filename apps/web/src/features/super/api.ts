import {
  type AuditEntry,
  manufacturersContract,
  manufacturingPlantsContract,
  type OutboxEmail,
} from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** The plant side's resources (super administrators only): path and types from their contracts. */
export const plantsResource = createResource(manufacturingPlantsContract);
export const manufacturersResource = createResource(manufacturersContract);

/** Read-only lists (no create, update or export). */
export const auditLogResource = createResource<AuditEntry, never, never>('audit_log');
export const outboxResource = createResource<OutboxEmail, never, never>('outbox_emails');
