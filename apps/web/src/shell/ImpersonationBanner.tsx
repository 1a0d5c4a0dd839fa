import { userRole } from '@colophon/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShare } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { methodRefusalOf } from '../lib/access';
import { errorMessage } from '../lib/api-client';
import { endImpersonation } from '../lib/auth-session';
import { displayName, useSession } from '../lib/session';

/**
 * Shown on every admin page while a super administrator acts as someone else (part 4): it names
 * both, the real user and the one they act as with their role, and says when changes are off.
 */
export function ImpersonationBanner() {
  const session = useSession();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (!session?.impersonating) return null;
  // Writing methods are refused to a non-privileged impersonator (part 6); the banner says so once.
  const readOnly = methodRefusalOf(session, 'PUT');

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
          {session.originalUser ? displayName(session.originalUser) : 'You'} {session.originalUser ? 'is' : 'are'}{' '}
          acting as {displayName(session.user)} ({userRole.label(session.user.role)}){readOnly ? `. ${readOnly}` : ''}
        </Text>
        <Button size="compact-sm" color="dark" variant="white" loading={ending} onClick={() => void end()}>
          End impersonation
        </Button>
      </Group>
    </Alert>
  );
}
