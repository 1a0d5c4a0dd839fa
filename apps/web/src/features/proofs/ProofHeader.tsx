import type { Proof } from '@colophon/contract';
import { bookType, formatDateTime, proofFileKind, proofProcessingStatus, proofStatus } from '@colophon/domain';
import { Alert, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconLockOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageCrumbs } from '../../components/layout/PageCrumbs';
import { isProcessing } from './api';
import { EpubDownload } from './EpubDownload';
import { AnchorLink } from './links';
import { FindingsSummary, InternalStatusBadge, ProcessingBadge, ProofStatusBadge } from './ProofBadges';
import { DecisionButtons, OrderButton } from './ProofDecision';

/** "Lincoln Yearbook 2025-2026 · Round 3" (and "Cover" for a cover proof). */
export function proofName(proof: Pick<Proof, 'projectName' | 'roundNumber' | 'kind'>): string {
  const kind = proof.kind === 'pages' ? '' : ` ${proofFileKind.label(proof.kind).toLowerCase()}`;
  return `${proof.projectName} · Round ${proof.roundNumber}${kind}`;
}

/** Proofs › project and round: the way back to the list. */
export function ProofCrumbs({ name }: { name: string }) {
  return <PageCrumbs label="Proof breadcrumb" listTo="/admin/proofs" listLabel="Proofs" current={name} backChevron />;
}

export interface RoundLinks {
  previous: Pick<Proof, 'id' | 'roundNumber'> | null;
  next: Pick<Proof, 'id' | 'roundNumber'> | null;
}

function RoundLink({ round, direction }: { round: Pick<Proof, 'id' | 'roundNumber'>; direction: 'previous' | 'next' }) {
  return (
    <AnchorLink
      to="/admin/proofs/$proofId"
      params={{ proofId: round.id }}
      size="sm"
      aria-label={`${direction === 'previous' ? 'Previous' : 'Next'} round: round ${round.roundNumber}`}
    >
      <Group gap={2} component="span">
        {direction === 'previous' ? <IconChevronLeft size={14} aria-hidden /> : null}
        Round {round.roundNumber}
        {direction === 'next' ? <IconChevronRight size={14} aria-hidden /> : null}
      </Group>
    </AnchorLink>
  );
}

/** Where the proof is in processing, in plain words: under way (the page refreshes itself) or failed. */
export function ProcessingNotice({ proof }: { proof: Proof }) {
  if (isProcessing(proof)) {
    return (
      <Alert color="blue" variant="light" icon={<Loader size={16} />} title="Being processed" role="status">
        {proof.processingStatus === proofProcessingStatus.Queued
          ? 'This proof is waiting to be processed.'
          : 'The pages are being checked and drawn.'}{' '}
        Its pages and the preflight's findings appear here when it is done; this page refreshes by itself.
      </Alert>
    );
  }
  if (proof.processingStatus === proofProcessingStatus.Failed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Processing failed" role="alert">
        <Stack gap={4}>
          <Text size="sm">{proof.processingError ?? 'The proof could not be processed.'}</Text>
          <Text size="sm">Upload the file again, or ask the studio to retry it from Proof Processing.</Text>
        </Stack>
      </Alert>
    );
  }
  return null;
}

/** The decision already taken, and what it means for the book. */
function DecisionNotice({ proof, zone }: { proof: Proof; zone: string | undefined }) {
  if (proof.status === proofStatus.Rejected) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconLockOpen size={18} />}
        title={`Rejected${proof.decidedAt ? ` ${formatDateTime(proof.decidedAt, zone)}` : ''}`}
      >
        <Stack gap={4}>
          {proof.rejectReason ? <Text size="sm">{proof.rejectReason}</Text> : null}
          {proof.unlockedForEdits ? (
            <Text size="sm">The book is unlocked for edits until the next proof is uploaded.</Text>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  if (proof.status === proofStatus.Approved && proof.decidedAt) {
    return (
      <Text size="sm" c="dimmed">
        Approved {formatDateTime(proof.decidedAt, zone)}
      </Text>
    );
  }
  return null;
}

/**
 * The proof's header: project › round, its statuses, processing and findings, the decision taken,
 * the links to the rounds either side, the comparison switch, and the actions (approve, reject,
 * order, EPUB).
 */
export function ProofHeader({
  proof,
  zone,
  staff,
  canApprove,
  rounds,
  compare,
  onCompareChange,
  extra,
}: {
  proof: Proof;
  zone: string | undefined;
  staff: boolean;
  canApprove: boolean;
  rounds: RoundLinks;
  compare: boolean;
  onCompareChange: (compare: boolean) => void;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {proof.projectName} › Round {proof.roundNumber}
              {proof.kind === 'pages' ? '' : ` (${proofFileKind.label(proof.kind)})`}
            </Title>
            <Text size="sm" c="dimmed">
              {proof.accountName} · {proof.year} · {bookType.label(proof.typeBook)}
              {proof.pageCount ? ` · ${proof.pageCount} pages` : ''} · uploaded {formatDateTime(proof.createdAt, zone)}
            </Text>
            <Group gap="xs" mt={4}>
              <ProofStatusBadge status={proof.status} />
              {staff ? <InternalStatusBadge status={proof.internalStatus} /> : null}
              <ProcessingBadge status={proof.processingStatus} />
              {proof.processingStatus === proofProcessingStatus.Processed ? <FindingsSummary proof={proof} /> : null}
            </Group>
          </Stack>
          <Group gap="sm" align="flex-start">
            <DecisionButtons proof={proof} canApprove={canApprove} />
            <OrderButton proof={proof} />
            <EpubDownload proofId={proof.id} approved={proof.status === proofStatus.Approved} />
          </Group>
        </Group>
        <DecisionNotice proof={proof} zone={zone} />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="md">
            {rounds.previous ? <RoundLink round={rounds.previous} direction="previous" /> : null}
            {rounds.next ? <RoundLink round={rounds.next} direction="next" /> : null}
          </Group>
          {rounds.previous ? (
            <Switch
              label={`Compare with round ${rounds.previous.roundNumber}`}
              checked={compare}
              onChange={(event) => onCompareChange(event.currentTarget.checked)}
            />
          ) : null}
        </Group>
        {extra}
      </Stack>
    </Paper>
  );
}
