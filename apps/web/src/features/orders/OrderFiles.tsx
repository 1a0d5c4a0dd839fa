import { formatDateTime } from '@colophon/domain';
import { Anchor, Breadcrumbs, Group, Stack, Table, Text } from '@mantine/core';
import { IconFile, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { PlainTable } from '../../components/data-table/PlainTable';
import { LoadingState } from '../../components/feedback/QueryState';
import { errorMessage } from '../../lib/api-client';
import { useOrderDirectory } from './api';

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024
      ? `${bytes} B`
      : bytes < 1024 ** 2
        ? `${(bytes / 1024).toFixed(1)} KB`
        : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * The order's folder in the file store (its job tickets, the files sent to the plant): folders open
 * in place, files open through their signed links.
 */
export function OrderFiles({ orderId, zone }: { orderId: number; zone: string | undefined }) {
  const root = String(orderId);
  const [path, setPath] = useState(root);
  const directory = useOrderDirectory(orderId, path);
  // "12/tickets" → crumbs "Files" (12) › "tickets" (12/tickets).
  const segments = path.split('/').slice(1);
  const crumbs = [{ label: 'Files', path: root }].concat(
    segments.map((segment, index) => ({ label: segment, path: [root, ...segments.slice(0, index + 1)].join('/') })),
  );
  return (
    <Stack gap="xs">
      <Breadcrumbs separator="›" fz="sm" aria-label="Folder">
        {crumbs.map((crumb) =>
          crumb.path === path ? (
            <Text key={crumb.path} size="sm" aria-current="location">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.path} component="button" type="button" size="sm" onClick={() => setPath(crumb.path)}>
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      {directory.isPending ? (
        <LoadingState label="Loading the files…" />
      ) : directory.isError ? (
        <Text size="sm" c="dimmed">
          {`The order's files cannot be listed: ${errorMessage(directory.error)}`}
        </Text>
      ) : directory.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          This folder is empty.
        </Text>
      ) : (
        <PlainTable label="Order files" columns={['Name', 'Size', 'Modified']}>
          {directory.data.entries.map((entry) => (
            <Table.Tr key={entry.path}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {entry.kind === 'folder' ? <IconFolder size={16} aria-hidden /> : <IconFile size={16} aria-hidden />}
                  {entry.kind === 'folder' ? (
                    <Anchor component="button" type="button" size="sm" onClick={() => setPath(entry.path)}>
                      {entry.name}
                    </Anchor>
                  ) : entry.url ? (
                    <Anchor href={entry.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {entry.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{entry.name}</Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{sizeText(entry.size)}</Table.Td>
              <Table.Td>{entry.modifiedAt ? formatDateTime(entry.modifiedAt, zone) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </PlainTable>
      )}
    </Stack>
  );
}
