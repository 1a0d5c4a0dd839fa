import { Stack } from '@mantine/core';
import type { JSX } from 'react';
import { useSession } from '../../lib/session';
import { AvatarSection } from './AvatarSection';
import { DetailsSection } from './DetailsSection';
import { MfaSection } from './MfaSection';
import { PasswordSection } from './PasswordSection';

/** /admin/profile: the signed-in person's name, time zone, picture, password and second factor. */
export function ProfilePage(): JSX.Element | null {
  const session = useSession();
  if (!session) return null;
  // Keyed by the user: starting or ending impersonation starts the forms afresh.
  return (
    <Stack gap="lg" maw={720} key={session.user.id}>
      <DetailsSection user={session.user} />
      <AvatarSection user={session.user} />
      <PasswordSection />
      <MfaSection user={session.user} />
    </Stack>
  );
}
