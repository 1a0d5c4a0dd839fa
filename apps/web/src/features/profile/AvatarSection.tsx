import type { SessionUser } from '@colophon/contract';
import { stripDataUrlPrefix } from '@colophon/domain';
import { Avatar, Button, FileButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { Section } from '../../components/layout/Section';
import { errorMessage } from '../../lib/api-client';
import { refreshSession } from '../../lib/auth-session';
import { displayName, sessionStore } from '../../lib/session';
import { profileApi } from './api';

/** The contract's limit on the base64 body, as a file size a person understands (about 2 MB). */
const MAX_BASE64_LENGTH = 3_000_000;
const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function AvatarSection({ user }: { user: SessionUser }) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Choose an image file (PNG, JPEG, WebP or GIF).');
      return;
    }
    setUploading(true);
    try {
      // Part 5: the data-URL prefix is stripped before sending.
      const data = stripDataUrlPrefix(await readAsDataUrl(file));
      if (data.length > MAX_BASE64_LENGTH) {
        setError('Choose an image smaller than 2 MB.');
        return;
      }
      const { uriAvatar } = await profileApi.uploadAvatar(data);
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
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED}>
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
