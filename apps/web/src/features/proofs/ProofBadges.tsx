import type { Proof } from '@colophon/contract';
import { internalProofStatus, proofProcessingStatus, proofStatus } from '@colophon/domain';
import { Badge, Group, Loader, Text } from '@mantine/core';

const statusColor: Record<number, string> = {
  [proofStatus.NeedsReview]: 'blue',
  [proofStatus.Rejected]: 'red',
  [proofStatus.Approved]: 'green',
};
const internalColor: Record<number, string> = {
  [internalProofStatus.AwaitingReview]: 'gray',
  [internalProofStatus.Rejected]: 'red',
  [internalProofStatus.Approved]: 'green',
  [internalProofStatus.Ignore]: 'gray',
  [internalProofStatus.InProgress]: 'blue',
  [internalProofStatus.StudioContacted]: 'yellow',
  [internalProofStatus.CustomerResubmitting]: 'orange',
  [internalProofStatus.CustomerApprovesAsIs]: 'teal',
};
const processingColor: Record<number, string> = {
  [proofProcessingStatus.Queued]: 'gray',
  [proofProcessingStatus.Processing]: 'blue',
  [proofProcessingStatus.Processed]: 'green',
  [proofProcessingStatus.Failed]: 'red',
};

// Mantine badges clip their label; in a table cell that squeezed them to "Need…", so a badge keeps its full width.
const plain = { textTransform: 'none', minWidth: 'max-content' } as const;

/** The customer's review: Needs Review, Rejected, Approved. */
export function ProofStatusBadge({ status }: { status: number }) {
  return (
    <Badge variant="light" color={statusColor[status] ?? 'gray'} style={plain}>
      {proofStatus.label(status)}
    </Badge>
  );
}

/** The plant's own review (shown to studio staff only: the API sends null to everyone else). */
export function InternalStatusBadge({ status }: { status: number | null }) {
  if (status === null) return <Text size="sm">—</Text>;
  return (
    <Badge variant="outline" color={internalColor[status] ?? 'gray'} style={plain}>
      {internalProofStatus.label(status)}
    </Badge>
  );
}

/** Queued, Processing (with a spinner), Processed, Failed. */
export function ProcessingBadge({ status }: { status: number }) {
  return (
    <Badge
      variant={status === proofProcessingStatus.Processing ? 'light' : 'dot'}
      color={processingColor[status] ?? 'gray'}
      style={plain}
      leftSection={
        status === proofProcessingStatus.Processing ? <Loader size={10} color="blue" aria-hidden /> : undefined
      }
    >
      {proofProcessingStatus.label(status)}
    </Badge>
  );
}

export interface FindingCounts {
  errors: number;
  warnings: number;
}

/** The preflight's counts from a proof's stored summary (stored JSON: read defensively). */
export function findingCounts(proof: Pick<Proof, 'summary'>): FindingCounts | null {
  const summary = proof.summary;
  if (typeof summary !== 'object' || summary === null) return null;
  const { errors, warnings } = summary as Record<string, unknown>;
  if (typeof errors !== 'number' || typeof warnings !== 'number') return null;
  return { errors, warnings };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "2 errors, 1 warning", or "No findings"; a dash before the preflight has run. */
export function FindingsSummary({ proof, size = 'sm' }: { proof: Pick<Proof, 'summary'>; size?: 'xs' | 'sm' }) {
  const counts = findingCounts(proof);
  if (!counts) {
    return (
      <Text size={size} c="dimmed">
        —
      </Text>
    );
  }
  if (counts.errors === 0 && counts.warnings === 0) {
    return (
      <Text size={size} c="green">
        No findings
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      {counts.errors > 0 ? (
        <Badge color="red" variant="light" size={size === 'xs' ? 'xs' : 'sm'} style={plain}>
          {plural(counts.errors, 'error')}
        </Badge>
      ) : null}
      {counts.warnings > 0 ? (
        <Badge color="yellow" variant="light" size={size === 'xs' ? 'xs' : 'sm'} style={plain}>
          {plural(counts.warnings, 'warning')}
        </Badge>
      ) : null}
    </Group>
  );
}
