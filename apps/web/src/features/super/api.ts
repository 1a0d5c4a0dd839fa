import {
  auditLogContract,
  manufacturersContract,
  manufacturingPlantsContract,
  outboxEmailsContract,
} from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** The plant side's resources and the super administrators' read-only lists: path and types from their contracts. */
export const plantsResource = createResource(manufacturingPlantsContract);
export const manufacturersResource = createResource(manufacturersContract);
export const auditLogResource = createResource(auditLogContract);
export const outboxResource = createResource(outboxEmailsContract);
