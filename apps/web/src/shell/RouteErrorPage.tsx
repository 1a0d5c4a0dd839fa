import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { reportError } from '../lib/error-reporter';

/**
 * What a route shows when it fails. A page chunk that failed to load reloads the browser page once
 * (part 8); any other error goes to the error reporter and offers a retry.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [reloading] = useState(() => error instanceof Error && isChunkLoadError(error) && reloadOnce(error.message));

  useEffect(() => {
    if (!reloading) reportError(error, 'route');
  }, [error, reloading]);

  if (reloading) {
    return (
      <Center py="xl" role="status">
        <Text>A newer version of the page is loading…</Text>
      </Center>
    );
  }

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="alert" maw={520}>
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          {errorMessage(error)}
        </Text>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
