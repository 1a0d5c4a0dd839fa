import type { AuditEntry } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Code, Modal, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { auditLogResource } from './api';
import { auditActor, auditColumns } from './columns';
import type { AuditSearch } from './search';

const route = getRouteApi('/admin/super/audit-log');

/** /admin/super/audit-log: who did what, when, from where, and as whom. */
export function AuditLogPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const query = auditLogResource.useList(listQuery(search));
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const setSearch = (patch: Partial<AuditSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  return (
    <>
      <DataTable<AuditEntry>
        label="Audit log"
        columns={auditColumns(zone, setViewing)}
        query={query}
        search={search}
        onSearchChange={setSearch}
        emptyText="No audit entries match these filters"
        filters={[
          { key: 'resource', kind: 'search', label: 'Record type', placeholder: 'e.g. users' },
          { key: 'actorUserId', kind: 'id', label: 'User id' },
        ]}
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title="Audit entry" size="lg">
        {viewing ? (
          <Stack gap="xs">
            <Text size="sm">
              {formatDateTime(viewing.createdAt, zone)} · {viewing.actionLabel} ({viewing.action} {viewing.resource}
              {viewing.resourceId ? ` #${viewing.resourceId}` : ''})
            </Text>
            <Text size="sm" c="dimmed">
              {auditActor(viewing)}
              {viewing.actorName && viewing.actorEmail ? ` <${viewing.actorEmail}>` : ''}
              {viewing.asUserId ? ` acting as ${viewing.asName ?? viewing.asEmail ?? `user ${viewing.asUserId}`}` : ''}{' '}
              · {viewing.ip ?? 'unknown address'}
            </Text>
            {viewing.userAgent ? (
              <Text size="xs" c="dimmed">
                {viewing.userAgent}
              </Text>
            ) : null}
            <Code block>{JSON.stringify(viewing.detail ?? null, null, 2)}</Code>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
