import type { QuickBooksConnection } from '@colophon/contract';
import { formatDateTime } from '@colophon/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type JSX, useState } from 'react';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { startQuickBooksConnection, useDisconnectQuickBooks, useQuickBooksConnection } from './api';

/** What the API's callback says of the connection just tried (`?quickbooks=` on the page's URL). */
export type QuickBooksReturn = 'connected' | 'declined' | 'failed';

export const quickBooksReturnMessages: Record<QuickBooksReturn, { color: string; title: string; message: string }> = {
  connected: {
    color: 'green',
    title: 'QuickBooks connected',
    message: 'Invoices are booked in QuickBooks from now on.',
  },
  declined: {
    color: 'yellow',
    title: 'QuickBooks not connected',
    message: 'The connection was declined at Intuit. Nothing changed.',
  },
  failed: {
    color: 'red',
    title: 'QuickBooks not connected',
    message: 'Intuit did not accept the connection. Try Connect QuickBooks again.',
  },
};

function Connected({ connection, onDisconnect }: { connection: QuickBooksConnection; onDisconnect: () => void }) {
  const zone = useSession()?.user.timezone;
  const when = (value: string | null) => (value ? formatDateTime(value, zone) : '—');
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color="green" variant="light">
          Connected
        </Badge>
        <Text size="sm">
          QuickBooks company {connection.realmId}
          {connection.environment === 'sandbox' ? ' (sandbox)' : ''}
        </Text>
      </Group>
      {connection.source === 'environment' ? (
        <Text size="sm" c="dimmed">
          Connected through the server's settings (QUICKBOOKS_REFRESH_TOKEN).
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Since {when(connection.connectedAt)}
          {connection.connectedBy ? `, by ${connection.connectedBy.name}` : ''}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Last token refresh: {when(connection.refreshedAt)}
        {connection.refreshTokenExpiresAt ? ` · connect again before ${when(connection.refreshTokenExpiresAt)}` : ''}
      </Text>
      <Group gap="xs" mt={4}>
        <Button size="xs" variant="default" color="red" onClick={onDisconnect}>
          Disconnect
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The accounting system in use, at the top of /admin/super/quickbooks-invoices: the embedded books
 * when QuickBooks is not configured; otherwise the company connected (since when, by whom, the last
 * token refresh) with Disconnect, or Connect QuickBooks, which sends the browser to Intuit.
 */
export function QuickBooksConnectionPanel(): JSX.Element {
  const connection = useQuickBooksConnection();
  const disconnect = useDisconnectQuickBooks();
  const [connecting, setConnecting] = useState(false);
  const action = useConfirmedAction<QuickBooksConnection>({
    title: 'Disconnect QuickBooks',
    confirmLabel: 'Disconnect',
    color: 'red',
    message: (current) =>
      `The tokens of company ${current.realmId ?? ''} are revoked at Intuit and forgotten here. Invoices wait (and fail) until a company is connected again.`,
    run: () => disconnect.mutateAsync(),
    done: () => ({ title: 'QuickBooks disconnected', message: 'No company is connected.' }),
    failed: 'Could not disconnect QuickBooks',
  });
  const connect = async () => {
    setConnecting(true);
    try {
      await startQuickBooksConnection();
    } catch (error) {
      setConnecting(false);
      notifications.show({ color: 'red', title: 'Could not connect QuickBooks', message: errorMessage(error) });
    }
  };

  const data = connection.data;
  let body: JSX.Element;
  if (!data) {
    body = (
      <Text size="sm" c="dimmed">
        {connection.isError ? 'The accounting connection could not be read.' : 'Reading the accounting connection…'}
      </Text>
    );
  } else if (!data.configured) {
    body = (
      <Text size="sm">
        The embedded books are in use: invoices are numbered and their PDFs made here. QuickBooks is not configured
        (QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET).
      </Text>
    );
  } else if (data.connected) {
    body = <Connected connection={data} onDisconnect={() => action.ask(data)} />;
  } else {
    body = (
      <Stack gap={4}>
        <Group gap="xs">
          <Badge color="gray" variant="light">
            Not connected
          </Badge>
          <Text size="sm">No QuickBooks company is connected: invoices wait until one is.</Text>
        </Group>
        <Group gap="xs" mt={4}>
          <Button size="xs" loading={connecting} onClick={() => void connect()}>
            Connect QuickBooks
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Paper component="section" withBorder p="sm" mb="md" aria-label="QuickBooks connection">
      {body}
      {action.dialog}
    </Paper>
  );
}
