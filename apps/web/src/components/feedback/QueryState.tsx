import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';

/** The error state every screen uses: the reason, and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'Could not load',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string | undefined;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} role="alert" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="md" ta="center">
      {children}
    </Text>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * Loading, error (with retry) and loaded states of one query, in that order: every screen's
 * "Could not load" goes through here. `notFound` replaces the error of a 404 (no retry: it will
 * not appear); `keepStale` keeps showing the last data when a refresh fails; `loading` replaces
 * the spinner (a skeleton); `empty` is shown for loaded data that `isEmpty` finds empty.
 */
export function QueryState<T>({
  query,
  children,
  loadingLabel,
  loading,
  errorTitle,
  notFound,
  keepStale = false,
  isEmpty,
  empty,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  loadingLabel?: string;
  loading?: ReactNode;
  errorTitle?: string;
  notFound?: { title: string; message: string };
  keepStale?: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}) {
  if (notFound && query.isError && isApiError(query.error) && query.error.status === 404) {
    return <ErrorState title={notFound.title} error={new Error(notFound.message)} />;
  }
  if (query.isPending) return <>{loading ?? <LoadingState label={loadingLabel} />}</>;
  if (query.data === undefined || (query.isError && !keepStale)) {
    return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
