import { Text } from '@mantine/core';

/**
 * A new e-mail address that waits for the link sent to it (issue 8): the user edit form and the
 * profile show it under the address, which stays the old one until then.
 */
export function PendingEmail({ pendingEmail }: { pendingEmail: string | null | undefined }) {
  if (!pendingEmail) return null;
  return (
    <Text size="sm" c="orange.8" role="status">
      Pending confirmation: {pendingEmail}. The address changes once the link sent there is opened (within 24 hours).
    </Text>
  );
}
