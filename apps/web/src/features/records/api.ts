import {
  accountsContract,
  auditLogContract,
  type OperationDefinition,
  type OperationInput,
  type OperationOutput,
  operationPath,
  ordersContract,
  projectsContract,
  proofOperations,
  usersContract,
} from '@colophon/contract';
import { CHANGE_REASON_HEADER, encodeChangeReason, type Filters } from '@colophon/domain';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { createResource } from '../../lib/resource';
import type { RecordType } from './search';

/** A record as the editor handles any type: its fields by name. */
export type RecordFields = Record<string, unknown> & { id: number };

/** What the editor needs of a type: its noun, its calls, the item's and the update body's schemas. */
export interface RecordKind {
  type: RecordType;
  label: string;
  /** The audit log's resource prefix of its rows (`projects` → `projects/:id`). */
  auditResource: string;
  item: z.ZodObject;
  update: z.ZodObject;
  list: OperationDefinition;
  get: OperationDefinition;
  updateCall: OperationDefinition;
  /** None: the type is never deleted (orders are cancelled, not deleted). */
  remove: OperationDefinition | null;
  /** The type's create call and its body's schema (the generic form's fields). */
  create: {
    call: OperationDefinition;
    body: z.ZodObject;
    /** Where the fields the generic form cannot render are entered once the record exists. */
    elsewhere?: { page: string; to: '/admin/accounts' | '/admin/projects' };
    /** What the create does besides writing the row, said above the form. */
    note?: string;
  };
  title: (record: RecordFields) => string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export const recordKinds: Record<RecordType, RecordKind> = {
  accounts: {
    type: 'accounts',
    label: 'Account',
    auditResource: 'accounts',
    item: accountsContract.item,
    update: accountsContract.update,
    list: accountsContract.operations.list,
    get: accountsContract.operations.get,
    updateCall: accountsContract.operations.update,
    remove: accountsContract.operations.remove,
    create: {
      call: accountsContract.operations.create,
      body: accountsContract.create,
      elsewhere: { page: 'Accounts', to: '/admin/accounts' },
      note: 'The code is given by the server. Leave the parent account empty for a top-level account.',
    },
    title: (record) => `${text(record.name)} (${text(record.code)})`,
  },
  projects: {
    type: 'projects',
    label: 'Project',
    auditResource: 'projects',
    item: projectsContract.item,
    update: projectsContract.update,
    list: projectsContract.operations.list,
    get: projectsContract.operations.get,
    updateCall: projectsContract.operations.update,
    remove: projectsContract.operations.remove,
    create: {
      call: projectsContract.operations.create,
      body: projectsContract.create,
      elsewhere: { page: 'Project Records', to: '/admin/projects' },
    },
    title: (record) => `${text(record.name)} · ${text(record.year)}`,
  },
  proofs: {
    type: 'proofs',
    label: 'Proof',
    auditResource: 'proofs',
    item: proofOperations.get.responses[200],
    update: proofOperations.update.body,
    list: proofOperations.list,
    get: proofOperations.get,
    updateCall: proofOperations.update,
    remove: proofOperations.remove,
    create: {
      call: proofOperations.create,
      body: proofOperations.create.body,
      note: "A proof made here has no file (files come through uploads): the project's next round unless a round is given.",
    },
    title: (record) => `${text(record.projectName)} · round ${text(record.roundNumber)}`,
  },
  orders: {
    type: 'orders',
    label: 'Order',
    auditResource: 'orders',
    item: ordersContract.item,
    update: ordersContract.update,
    list: ordersContract.operations.list,
    get: ordersContract.operations.get,
    updateCall: ordersContract.operations.update,
    remove: null,
    create: {
      call: ordersContract.operations.create,
      body: ordersContract.create,
      note: "An order is placed from an approved proof, as the proof page's Order button does: the project, account and manufacturer are the proof's, and the order goes to the plant.",
    },
    title: (record) => `Order ${record.id}${record.externalId ? ` (${text(record.externalId)})` : ''}`,
  },
  users: {
    type: 'users',
    label: 'User',
    auditResource: 'users',
    item: usersContract.item,
    update: usersContract.update,
    list: usersContract.operations.list,
    get: usersContract.operations.get,
    updateCall: usersContract.operations.update,
    remove: usersContract.operations.remove,
    create: {
      call: usersContract.operations.create,
      body: usersContract.create,
      note: 'The user is created into the account and e-mailed a link to set a password.',
    },
    title: (record) => `${text(record.firstName)} ${text(record.lastName)} <${text(record.email)}>`,
  },
};

export const recordHistoryResource = createResource(auditLogContract);

const listEnvelope = z.object({ data: z.array(z.record(z.string(), z.unknown())), total: z.number() });

/** One page of a type's list (its own list call, its own server search and paging). */
export async function listRecords(kind: RecordKind, query: Filters, signal?: AbortSignal) {
  const answer = await apiRequest<unknown>(operationPath(kind.list.path, undefined), { method: 'GET', query, signal });
  const { data, total } = listEnvelope.parse(answer);
  return { data: data as RecordFields[], total, page: Number(query.page ?? 1), perPage: Number(query.perPage ?? 25) };
}

export async function getRecord(kind: RecordKind, id: number, signal?: AbortSignal): Promise<RecordFields> {
  return apiRequest<RecordFields>(operationPath(kind.get.path, { id }), { method: 'GET', signal });
}

/**
 * A change through the record editor: the operation's call with the reason in `x-change-reason`
 * (the audit row keeps it).
 */
export function callWithReason<const Operation extends OperationDefinition>(
  operation: Operation,
  input: OperationInput<Operation>,
  reason: string,
): Promise<OperationOutput<Operation>> {
  const { params, body } = input as { params?: Record<string, unknown>; body?: unknown };
  return apiRequest<OperationOutput<Operation>>(operationPath(operation.path, params), {
    method: operation.method,
    body,
    headers: { [CHANGE_REASON_HEADER]: encodeChangeReason(reason) },
  });
}
