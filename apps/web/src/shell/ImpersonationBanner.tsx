import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { endImpersonation } from '../lib/auth-session';
import { displayName, useSession } from '../lib/session';

/** Shown on every admin page while a super administrator acts as someone else (part 4). */
export function ImpersonationBanner() {
  const session = useSession();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (!session?.impersonating) return null;

  const end = async () => {
    setEnding(true);
    try {
      const { redirectTo } = await endImpersonation();
      await navigate({ href: redirectTo });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not end impersonation', message: errorMessage(error) });
    } finally {
      setEnding(false);
    }
  };

  return (
    <Alert color="orange" variant="filled" radius={0} p="xs" icon={<IconUserShare size={18} />} role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          You are acting as {displayName(session.user)} —
        </Text>
        <Button size="compact-sm" color="dark" variant="white" loading={ending} onClick={() => void end()}>
          End impersonation
        </Button>
      </Group>
    </Alert>
  );
}
