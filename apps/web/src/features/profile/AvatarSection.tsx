import type { SessionUser } from '@colophon/contract';
import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { Section } from '../../components/layout/Section';
import { errorMessage } from '../../lib/api-client';
import { refreshSession } from '../../lib/auth-session';
import { ACCEPTED_IMAGES, readImageForUpload } from '../../lib/image-upload';
import { displayName, sessionStore } from '../../lib/session';
import { profileApi } from './api';

export function AvatarSection({ user }: { user: SessionUser }) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const image = await readImageForUpload(file);
      if ('refusal' in image) {
        setError(image.refusal);
        return;
      }
      const { uriAvatar } = await profileApi.uploadAvatar(image.data);
      const current = sessionStore.get();
      if (current) sessionStore.update({ user: { ...current.user, uriAvatar } });
      void refreshSession().catch(() => undefined);
      notifications.show({ color: 'green', title: 'Saved', message: 'Your picture is updated.' });
    } catch (uploadError) {
      setError(errorMessage(uploadError));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Section title="Picture">
      <Group gap="lg">
        <Avatar
          src={user.uriAvatar}
          size={72}
          radius="xl"
          name={displayName(user)}
          alt={`Picture of ${displayName(user)}`}
        />
        <div>
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED_IMAGES}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={uploading}>
                Upload picture
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" mt={4}>
            PNG, JPEG, WebP or GIF, up to 2 MB.
          </Text>
        </div>
      </Group>
      <FormError message={error} />
    </Section>
  );
}
