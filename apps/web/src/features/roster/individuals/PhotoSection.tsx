import type { Individual } from '@colophon/roster/contract';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { InlineMessage } from '../../../components/feedback/InlineMessage';
import { useConfirmedAction } from '../../../components/feedback/useConfirmedAction';
import { useMethodRefusal } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { rosterCall, rosterForm, useRosterMutation, type Wire } from '../api';
import { type Person, personName } from './columns';
import { Portrait } from './Portrait';

/** What the roster turns into a portrait (it reads HEIC too); it answers the reason for anything else. */
const PORTRAIT_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/**
 * A person's portrait in their drawer: shown, and for roster.manage uploaded, replaced or removed
 * (`PUT`/`DELETE individuals/{id}/image`). The roster resizes it; its refusal (too large, not an
 * image) is shown under the buttons.
 */
export function PhotoSection({ person, canManage }: { person: Person; canManage: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const putRefusal = useMethodRefusal('PUT');
  const deleteRefusal = useMethodRefusal('DELETE');
  const upload = useRosterMutation<Wire<Individual>, File>(['/individuals'], {
    mutationFn: (file) => rosterCall('put', `/individuals/${person.id}/image`, { body: rosterForm(file) }),
  });
  const remove = useRosterMutation<unknown, void>(['/individuals'], {
    mutationFn: () => rosterCall('delete', `/individuals/${person.id}/image`),
  });
  const removal = useConfirmedAction<Person>({
    title: 'Remove photo',
    message: (target) => `The portrait of ${personName(target)} will be deleted. You can upload another later.`,
    confirmLabel: 'Remove photo',
    run: () => remove.mutateAsync(),
    done: (target) => ({ title: 'Saved', message: `The portrait of ${personName(target)} is removed.` }),
    failed: 'Photo not removed',
  });

  const send = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    try {
      await upload.mutateAsync(file);
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `The portrait of ${personName(person)} is saved.`,
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const hasPhoto = person.photoKey !== null;
  return (
    <Stack gap="xs" role="group" aria-label="Photo">
      <Group align="flex-end" gap="md">
        <Portrait person={person} size="full" px={120} />
        {canManage ? (
          <Stack gap="xs">
            <FileButton onChange={(file) => void send(file)} accept={PORTRAIT_TYPES}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={upload.isPending}
                  disabled={putRefusal !== null}
                  title={putRefusal ?? undefined}
                >
                  {hasPhoto ? 'Replace photo' : 'Upload photo'}
                </Button>
              )}
            </FileButton>
            {hasPhoto ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={deleteRefusal !== null}
                title={deleteRefusal ?? undefined}
                onClick={() => removal.ask(person)}
              >
                Remove photo
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Group>
      {!hasPhoto && !canManage ? (
        <Text size="sm" c="dimmed">
          No portrait yet.
        </Text>
      ) : null}
      <InlineMessage message={problem} />
      {removal.dialog}
    </Stack>
  );
}
