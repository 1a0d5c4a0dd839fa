import type { Account } from '@colophon/contract';
import { Alert, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ACCEPTED_IMAGES, readImageForUpload } from '../../lib/image-upload';
import { useUploadAccountFile } from './api';

function ImageUpload({
  account,
  kind,
  title,
  url,
  canManage,
}: {
  account: Account;
  kind: 'brand' | 'image';
  title: string;
  url: string | null | undefined;
  canManage: boolean;
}) {
  const upload = useUploadAccountFile(kind);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      const image = await readImageForUpload(file);
      if ('refusal' in image) {
        setError(image.refusal);
        return;
      }
      await upload.mutateAsync({ accountId: account.id, data: image.data });
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `The ${title.toLowerCase()} of ${account.name} is updated.`,
      });
    } catch (uploadError) {
      setError(errorMessage(uploadError));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {url ? (
          <Image src={url} alt={`${title} of ${account.name}`} h={96} w="auto" fit="contain" />
        ) : (
          <Group gap="xs" c="dimmed" h={96}>
            <IconPhoto size={20} />
            <Text size="sm">None uploaded</Text>
          </Group>
        )}
        {canManage ? (
          <FileButton onChange={(file) => void send(file)} accept={ACCEPTED_IMAGES}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                Upload {title.toLowerCase()}
              </Button>
            )}
          </FileButton>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The account's brand (logo) and image, uploaded through `files/account_brand` and `files/account_image`. */
export function AccountImages({ account, canManage }: { account: Account; canManage: boolean }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageUpload account={account} kind="brand" title="Logo" url={account.uriBrand} canManage={canManage} />
        <ImageUpload account={account} kind="image" title="Image" url={account.uriImage} canManage={canManage} />
      </SimpleGrid>
      {canManage ? (
        <Text size="xs" c="dimmed">
          PNG, JPEG, WebP or GIF, up to 2 MB.
        </Text>
      ) : null}
    </Stack>
  );
}
