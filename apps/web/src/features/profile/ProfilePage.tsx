import { Stack } from '@mantine/core';
import type { JSX } from 'react';
import { Section } from '../../components/layout/Section';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { NotificationsTable } from '../notifications';
import { ProfileWidgets } from '../widgets';
import { AvatarSection } from './AvatarSection';
import { DetailsSection } from './DetailsSection';
import { MfaSection } from './MfaSection';
import { PasswordSection } from './PasswordSection';

/**
 * /admin/profile: the person's widgets, their name, time zone, picture, password and second factor,
 * and the notifications of their accounts.
 */
export function ProfilePage(): JSX.Element | null {
  const session = useSession();
  if (!session) return null;
  // Keyed by the user: starting or ending impersonation starts the forms afresh.
  return (
    <Stack gap="lg" key={session.user.id}>
      <ProfileWidgets />
      <Stack gap="lg" maw={720}>
        <DetailsSection user={session.user} />
        <AvatarSection user={session.user} />
        <PasswordSection />
        <MfaSection user={session.user} />
      </Stack>
      {userCan(session.user, 'accounts.view') ? (
        <Section title="Your notifications" description="What happened on the projects of your accounts, newest first.">
          <NotificationsTable />
        </Section>
      ) : null}
    </Stack>
  );
}
