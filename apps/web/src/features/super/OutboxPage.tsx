import type { OutboxEmail } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Alert, Code, Modal, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { outboxResource } from './api';
import { outboxColumns } from './columns';
import type { OutboxSearch } from './search';

const route = getRouteApi('/admin/super/outbox');

/** /admin/super/outbox: every e-mail the product sent (or tried to), newest first. */
export function OutboxPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const zone = useSession()?.user.timezone;
  const query = outboxResource.useList(listQuery(search));
  const [viewing, setViewing] = useState<OutboxEmail | null>(null);
  const setSearch = (patch: Partial<OutboxSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });

  return (
    <>
      <DataTable<OutboxEmail>
        label="E-mail outbox"
        columns={outboxColumns(zone, setViewing)}
        query={query}
        search={search}
        onSearchChange={setSearch}
        emptyText="No e-mails match these filters"
        filters={[{ key: 'to', kind: 'search', label: 'To', placeholder: 'Recipient address' }]}
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={viewing?.subject ?? 'E-mail'} size="lg">
        {viewing ? (
          <Stack gap="xs">
            <Text size="sm">To: {viewing.toAddress}</Text>
            <Text size="sm" c="dimmed">
              Queued {formatDateTime(viewing.createdAt, zone)} · {viewing.transport}
              {viewing.sentAt ? ` · sent ${formatDateTime(viewing.sentAt, zone)}` : ''}
            </Text>
            {viewing.error ? (
              <Alert color="red" variant="light" role="alert">
                {viewing.error}
              </Alert>
            ) : null}
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {viewing.text}
            </Code>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
