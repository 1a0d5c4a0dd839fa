import { queueStatus, rosterJobActive } from '@colophon/domain';
import type { RosterJob } from '@colophon/roster/contract';
import { Alert, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { AppLink } from '../../../components/AppLink';
import { errorMessage } from '../../../lib/api-client';
import { useRosterDownloadHref, useRosterRecord, type Wire } from '../api';

/** How often a running export is asked about: often enough to feel live, rarely enough for a long one. */
const POLL_MS = 1_500;

/**
 * The export just run: the job's status and progress, asked again until it ends, then 'Download'
 * (a signed link, so the browser fetches it without the roster's session headers) or its error.
 */
export function ExportRunPanel({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const job = useRosterRecord<RosterJob>('/queue-management/jobs', jobId, {
    refetchInterval: (current) => (current && !rosterJobActive(current.status) ? false : POLL_MS),
  });
  // The signed link at the roster's own base (ROSTER_URL may run it elsewhere).
  const href = useRosterDownloadHref(job.data?.download?.url);
  const current: Wire<RosterJob> | undefined = job.data;
  const title = current ? `Export job ${current.id}: ${current.statusLabel}` : `Export job ${jobId}`;
  return (
    <section aria-label="Export status">
      <Alert
        color={
          current?.status === queueStatus.Complete
            ? 'green'
            : current && !rosterJobActive(current.status)
              ? 'red'
              : 'blue'
        }
        title={title}
      >
        <Stack gap="xs">
          {job.isError && !current ? <Text size="sm">{errorMessage(job.error)}</Text> : null}
          {current && rosterJobActive(current.status) ? (
            <Progress value={current.progress} aria-label="Export progress" animated />
          ) : null}
          {current?.error ? <Text size="sm">{current.error}</Text> : null}
          <Group justify="space-between">
            {current?.status === queueStatus.Complete && current.download ? (
              <Button
                component="a"
                href={href}
                disabled={href === undefined}
                download
                leftSection={<IconDownload size={16} />}
              >
                Download
              </Button>
            ) : current?.status === queueStatus.Complete ? (
              <Text size="sm">The export's file is no longer kept; run it again for a new one.</Text>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <AppLink href={`/admin/roster/jobs?edit=${jobId}`}>Open in Jobs</AppLink>
              <CloseButton aria-label="Close export status" onClick={onClose} />
            </Group>
          </Group>
        </Stack>
      </Alert>
    </section>
  );
}
