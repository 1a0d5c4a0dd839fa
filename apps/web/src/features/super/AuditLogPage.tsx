import type { AuditEntry } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Code, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { ClearFiltersButton } from '../../components/data-table/FilterBar';
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
  const setFilter = (patch: Partial<AuditSearch>) => setSearch({ ...patch, page: undefined });
  const setResource = useDebouncedCallback(
    (resource: string) => setFilter({ resource: resource.trim() || undefined }),
    300,
  );

  return (
    <>
      <DataTable<AuditEntry>
        label="Audit log"
        columns={auditColumns(zone, setViewing)}
        query={query}
        search={search}
        onSearchChange={setSearch}
        emptyText="No audit entries match these filters"
        filters={
          <>
            <TextInput
              key={`resource-${search.resource ?? ''}`}
              label="Record type"
              placeholder="e.g. users"
              defaultValue={search.resource ?? ''}
              onChange={(event) => setResource(event.currentTarget.value)}
              w={200}
            />
            <NumberInput
              label="User id"
              min={1}
              allowDecimal={false}
              value={search.actorUserId ?? ''}
              onChange={(value) =>
                setFilter({ actorUserId: typeof value === 'number' && value > 0 ? value : undefined })
              }
              w={140}
            />
            <ClearFiltersButton
              active={Boolean(search.resource || search.actorUserId)}
              onClear={() => setFilter({ resource: undefined, actorUserId: undefined })}
            />
          </>
        }
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
