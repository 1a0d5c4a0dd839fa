import { DEFAULT_ROSTER_BASE, queueStatus } from '@colophon/domain';
import type { RosterJob } from '@colophon/roster/contract';
import { Alert, Button, CloseButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/AppLink';
import { errorMessage } from '../../../lib/api-client';
import { loadRosterBase } from '../../../lib/roster';
import { rosterKeys, useRosterRecord, type Wire } from '../api';

/** How often a running export is asked about: often enough to feel live, rarely enough for a long one. */
const POLL_MS = 1_500;

const running = (status: number) => status === queueStatus.Waiting || status === queueStatus.Processing;

/**
 * A download link as the roster gives it (`/roster/exports/…`, signed) at the roster's own base:
 * the same path at this origin, or at ROSTER_URL when the roster runs as its own process.
 */
export function rosterDownloadHref(url: string, base: string): string {
  return url.startsWith(`${DEFAULT_ROSTER_BASE}/`) ? `${base}${url.slice(DEFAULT_ROSTER_BASE.length)}` : url;
}

/**
 * The export just run: the job's status and progress, asked again until it ends, then 'Download'
 * (a signed link, so the browser fetches it without the roster's session headers) or its error.
 */
export function ExportRunPanel({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const job = useRosterRecord<RosterJob>('/queue-management/jobs', jobId, {
    refetchInterval: (current) => (current && !running(current.status) ? false : POLL_MS),
  });
  const base = useQuery({
    queryKey: [...rosterKeys.all, 'base'],
    queryFn: () => loadRosterBase(),
    staleTime: Infinity,
  });
  const current: Wire<RosterJob> | undefined = job.data;
  const title = current ? `Export job ${current.id}: ${current.statusLabel}` : `Export job ${jobId}`;
  return (
    <section aria-label="Export status">
      <Alert
        color={
          current?.status === queueStatus.Complete ? 'green' : current && !running(current.status) ? 'red' : 'blue'
        }
        title={title}
      >
        <Stack gap="xs">
          {job.isError && !current ? <Text size="sm">{errorMessage(job.error)}</Text> : null}
          {current && running(current.status) ? (
            <Progress value={current.progress} aria-label="Export progress" animated />
          ) : null}
          {current?.error ? <Text size="sm">{current.error}</Text> : null}
          <Group justify="space-between">
            {current?.status === queueStatus.Complete && current.download ? (
              <Button
                component="a"
                href={base.data ? rosterDownloadHref(current.download.url, base.data) : undefined}
                disabled={!base.data}
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
