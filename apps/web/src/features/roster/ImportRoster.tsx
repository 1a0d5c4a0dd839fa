import type { RosterJob } from '@colophon/roster/contract';
import { Button, FileInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { type JSX, useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { errorMessage } from '../../lib/api-client';
import { rosterCall, rosterForm, useRosterMutation, type Wire } from './api';

/**
 * Uploads a OneRoster 1.1 or 1.2 CSV bundle (a zip) for one school or one district: `POST /imports`
 * as multipart, answered 202 with the import job, which the jobs page follows. A refusal (no
 * manifest, too large, not a zip) is shown here, where the file was chosen.
 */
export function ImportRoster({
  target,
  disabled,
}: {
  target: { schoolId: number } | { districtId: number };
  disabled?: boolean;
}): JSX.Element {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRosterMutation<Wire<RosterJob>, File>(['/queue-management/jobs', '/schools'], {
    mutationFn: (bundle) => rosterCall('post', '/imports', { body: rosterForm(bundle, target) }),
    onSuccess: (job) => {
      setFile(null);
      notifications.show({
        color: 'green',
        title: 'Import started',
        message: `The bundle is being checked and imported: follow job ${job.id} on the Jobs page.`,
      });
    },
  });

  const start = () => {
    if (!file) {
      setError('Choose the bundle (.zip) to import');
      return;
    }
    setError(null);
    upload.mutate(file, { onError: (failure) => setError(errorMessage(failure)) });
  };

  return (
    <Stack gap="xs">
      <FileInput
        label="OneRoster bundle"
        description="A OneRoster 1.1 or 1.2 CSV bundle: a .zip with manifest.csv"
        placeholder="Choose a .zip"
        accept=".zip,application/zip"
        clearable
        value={file}
        onChange={(next) => {
          setFile(next);
          setError(null);
        }}
        disabled={disabled}
      />
      <FormError message={error} />
      <Button
        leftSection={<IconUpload size={16} />}
        onClick={start}
        loading={upload.isPending}
        disabled={disabled}
        w="fit-content"
      >
        Import roster
      </Button>
    </Stack>
  );
}
