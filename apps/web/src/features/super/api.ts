import type {
  AuditEntry,
  Manufacturer,
  ManufacturingPlant,
  manufacturerCreateSchema,
  manufacturerUpdateSchema,
  manufacturingPlantCreateSchema,
  manufacturingPlantUpdateSchema,
  OutboxEmail,
} from '@colophon/contract';
import type { z } from 'zod';
import { createResource } from '../../lib/resource';

/** The plant side's resources (super administrators only). */
export const plantsResource = createResource<
  ManufacturingPlant,
  z.output<typeof manufacturingPlantCreateSchema>,
  z.output<typeof manufacturingPlantUpdateSchema>
>('manufacturing_plants');

export const manufacturersResource = createResource<
  Manufacturer,
  z.output<typeof manufacturerCreateSchema>,
  z.output<typeof manufacturerUpdateSchema>
>('manufacturers');

/** Read-only lists (no create, update or export). */
export const auditLogResource = createResource<AuditEntry, never, never>('audit_log');
export const outboxResource = createResource<OutboxEmail, never, never>('outbox_emails');
