import { defineListDeclaration, filter, listUrlSearchOf } from './resource-contract';

/** The audit log's and the outbox's list filters and sorts, apart from their items (see order-lists.ts). */
export const auditLogList = defineListDeclaration({
  // `resourceId` with `resource`: one record's history (the record editor's), from audit_log_resource_idx.
  filters: { resource: filter.text({ max: 64 }), resourceId: filter.text({ max: 64 }), actorUserId: filter.id() },
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
});
export const auditLogListUrlSearch = listUrlSearchOf(auditLogList);

export const outboxEmailList = defineListDeclaration({
  filters: { to: filter.text({ max: 254 }) },
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
});
export const outboxEmailListUrlSearch = listUrlSearchOf(outboxEmailList);
