import type { StoredUpload, UploadJob } from '@colophon/contract';
import {
  formatByteSize,
  formatTimeLeft,
  type ProofFileKind,
  proofFileKind,
  proofProcessingStatus,
  queueStatus,
} from '@colophon/domain';
import { Alert, Badge, Button, Group, Image, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type ApiError, errorMessage, isApiError } from '../../lib/api-client';
import { ProcessingProgress, ProofLink } from '../proofs';
import { isSettled, jobStatusLabel, useCoverImage, useQueueUpload, useUploadJob } from './api';
import type { ChunkedUpload, UploadProgress } from './chunked-upload';

/** The words for the bytes sent: '12.3 MB of 40 MB · 31% · 2.1 MB/s · 14 s left'. */
export function progressText(progress: UploadProgress): string {
  const parts = [
    `${formatByteSize(progress.sentBytes)} of ${formatByteSize(progress.totalBytes)}`,
    `${Math.floor(progress.percent)}%`,
  ];
  if (progress.state === 'uploading' && progress.bytesPerSecond !== null) {
    parts.push(`${formatByteSize(progress.bytesPerSecond)}/s`);
    if (progress.secondsLeft !== null) parts.push(`${formatTimeLeft(progress.secondsLeft)} left`);
  }
  return parts.join(' · ');
}

const stateText: Partial<Record<UploadProgress['state'], string>> = {
  preparing: 'Preparing…',
  paused: 'Paused',
  completing: 'Joining the parts…',
  cancelled: 'Cancelled',
};

/**
 * One file's way in: the bytes (a progress bar with speed and time left, pause, resume, cancel),
 * then the server's check and the queue, then the proof's processing, ending with a link to it.
 */
export function UploadCard({
  upload,
  kind,
  projectId,
  pollMs,
}: {
  upload: ChunkedUpload;
  kind: ProofFileKind;
  projectId: number;
  pollMs?: number;
}) {
  const progress = useSyncExternalStore(upload.subscribe, upload.getSnapshot);
  const label = proofFileKind.label(kind);
  const queue = useQueueUpload();
  const { mutate } = queue;
  const queued = useRef(false);
  const stored = progress.result;

  // Once the file is whole in the store, the server checks it and queues it (once).
  useEffect(() => {
    if (!stored || queued.current) return;
    queued.current = true;
    mutate({ projectId, fileKey: stored.fileKey, kind });
  }, [stored, projectId, kind, mutate]);

  const active = progress.state === 'uploading' || progress.state === 'preparing';
  // The bytes arriving is not the file being accepted: a refused file's bar is red (orange over the
  // hour's limit, which a retry fixes), and green only once the server took it.
  const limited = queue.isError && isApiError(queue.error) && queue.error.status === 429;
  const barColor =
    progress.state === 'failed' || (queue.isError && !limited)
      ? 'red'
      : limited
        ? 'orange'
        : progress.state === 'done' && queue.isSuccess
          ? 'green'
          : 'blue';

  // The outcome shows where the eye is: on a laptop screen the card would otherwise end below the fold.
  const cardRef = useRef<HTMLElement>(null);
  const outcome = queue.isError ? 'refused' : queue.isSuccess ? 'queued' : stored ? 'checking' : progress.state;
  useEffect(() => {
    const card = cardRef.current;
    if (!card || !(outcome === 'checking' || outcome === 'refused' || outcome === 'queued')) return;
    // At once, not smoothly: a smooth scroll is cut short by the re-renders that follow it.
    card.scrollIntoView?.({ block: 'nearest' });
    if (typeof ResizeObserver === 'undefined') return;
    // The card grows while the proof is processed (pages done, findings, the link to it): while the
    // person is looking at the whole card, its end stays in view; once they scroll away, it is left alone.
    let bottomBefore = card.getBoundingClientRect().bottom;
    const observer = new ResizeObserver(() => {
      const { top, bottom } = card.getBoundingClientRect();
      const wasWhollyInView = top >= 0 && bottomBefore <= window.innerHeight + 1;
      bottomBefore = bottom;
      if (wasWhollyInView && bottom > window.innerHeight) card.scrollIntoView?.({ block: 'nearest' });
    });
    observer.observe(card);
    return () => observer.disconnect();
  }, [outcome]);

  return (
    <Paper ref={cardRef} withBorder p="md" radius="md" aria-label={`${label} upload`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{label}</Text>
          <Group gap="xs">
            {active ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPause size={14} />}
                onClick={() => upload.pause()}
              >
                Pause
              </Button>
            ) : null}
            {progress.state === 'paused' ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => void upload.start()}
              >
                Resume
              </Button>
            ) : null}
            {progress.state === 'failed' ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void upload.start()}
              >
                Try again
              </Button>
            ) : null}
            {active || progress.state === 'paused' || progress.state === 'failed' ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={() => void upload.cancel()}
              >
                Cancel
              </Button>
            ) : null}
          </Group>
        </Group>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section
            value={progress.percent}
            aria-label={`${label} upload`}
            animated={progress.state === 'uploading'}
            color={barColor}
          />
        </Progress.Root>
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {progressText(progress)}
          </Text>
          <Text size="sm" c="dimmed">
            {stateText[progress.state] ??
              (progress.partCount > 0
                ? `Part ${Math.min(progress.partsDone, progress.partCount)} of ${progress.partCount}`
                : '')}
          </Text>
        </Group>
        {progress.resumedParts > 0 && progress.state !== 'done' ? (
          <Text size="sm" c="dimmed">
            Resumed: {progress.resumedParts} of {progress.partCount} parts were already on the server.
          </Text>
        ) : null}
        {progress.retrying ? (
          <Text size="sm" c="orange" role="status">
            Part {progress.retrying.partNumber} did not go through; it is sent again in{' '}
            {formatTimeLeft(progress.retrying.inMs / 1000)} (try {progress.retrying.attempt}).
          </Text>
        ) : null}
        {progress.state === 'failed' && progress.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="The upload stopped"
            role="alert"
          >
            {progress.error} The parts already sent are kept: try again to continue.
          </Alert>
        ) : null}
        {stored ? (
          <AfterUpload
            stored={stored}
            kind={kind}
            queue={queue}
            pollMs={pollMs}
            onQueueAgain={() => mutate({ projectId, fileKey: stored.fileKey, kind })}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

function AfterUpload({
  stored,
  kind,
  queue,
  pollMs,
  onQueueAgain,
}: {
  stored: StoredUpload;
  kind: ProofFileKind;
  queue: ReturnType<typeof useQueueUpload>;
  pollMs: number | undefined;
  /** Asks again for the stored file to become a proof (after the hour's processing limit). */
  onQueueAgain: () => void;
}) {
  if (queue.isError) {
    // Over the hour's processing limit the file itself is fine and stays stored: it can be queued
    // again later without sending it again.
    const limited = isApiError(queue.error) && queue.error.status === 429;
    return (
      <Alert
        color={limited ? 'orange' : 'red'}
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={limited ? 'Too much processing this hour' : 'This file cannot become a proof'}
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{refusal(queue.error)}</Text>
          {limited ? (
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onQueueAgain}>
              Try again
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (!queue.data) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Checking the PDF…</Text>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <JobStatus jobId={queue.data.id} pollMs={pollMs} />
      {kind === 'cover' ? <CoverPreview stored={stored} /> : null}
    </Stack>
  );
}

/** The server's reason, without the field name its detail starts with. */
function refusal(error: ApiError | null): string {
  if (!error) return 'The upload could not be queued.';
  if (isApiError(error)) return error.fieldErrors.fileKey ?? error.fieldErrors.kind ?? errorMessage(error);
  return errorMessage(error);
}

function JobStatus({ jobId, pollMs }: { jobId: number; pollMs: number | undefined }) {
  const job = useUploadJob(jobId, pollMs);
  if (job.isError && !job.data)
    return (
      <Text size="sm" c="red">
        {errorMessage(job.error)}
      </Text>
    );
  const data: UploadJob | undefined = job.data;
  if (!data) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Queued…</Text>
      </Group>
    );
  }
  const settled = isSettled(data);
  const failed = data.status === queueStatus.Error || data.proofProcessingStatus === proofProcessingStatus.Failed;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">Processing:</Text>
        {/* The domain's label as written (Waiting, Processing…), not Mantine's upper-cased badge text. */}
        <Badge
          variant="light"
          color={failed ? 'red' : settled ? 'green' : 'blue'}
          aria-label={`Status: ${jobStatusLabel(data)}`}
          style={{ textTransform: 'none' }}
        >
          {jobStatusLabel(data)}
        </Badge>
        {settled ? null : <Loader size="xs" aria-hidden />}
        <Text size="sm" c="dimmed">
          {data.pageCount} {data.pageCount === 1 ? 'page' : 'pages'}
        </Text>
      </Group>
      {/* The way to the proof comes before its findings, so it shows without scrolling. */}
      {data.proofId !== null && settled ? <OpenProofLink proofId={data.proofId} /> : null}
      {data.proofId !== null && data.proofProcessingStatus !== proofProcessingStatus.Failed ? (
        <ProcessingProgress proofId={data.proofId} pollMs={pollMs} />
      ) : null}
      {data.lastError && data.status === queueStatus.Error ? (
        <Text size="sm" c="red">
          {data.lastError}
        </Text>
      ) : null}
      {data.proofProcessingError ? (
        <Text size="sm" c="red">
          {data.proofProcessingError}
        </Text>
      ) : null}
    </Stack>
  );
}

function CoverPreview({ stored }: { stored: StoredUpload }) {
  const cover = useCoverImage(stored);
  if (cover.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Drawing the cover…</Text>
      </Group>
    );
  }
  if (cover.isError)
    return (
      <Text size="sm" c="dimmed">
        The cover preview could not be drawn: {errorMessage(cover.error)}
      </Text>
    );
  if (!cover.data) return null;
  return (
    <Image
      src={cover.data.url}
      alt="Cover preview"
      w={Math.min(cover.data.width, 480)}
      maw="100%"
      radius="sm"
      style={{ aspectRatio: `${cover.data.width} / ${cover.data.height}` }}
    />
  );
}

/** The new proof's page. */
function OpenProofLink({ proofId }: { proofId: number }) {
  return (
    <ProofLink id={proofId} size="md" fw={600}>
      Open proof
    </ProofLink>
  );
}
