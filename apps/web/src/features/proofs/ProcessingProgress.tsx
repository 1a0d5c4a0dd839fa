import type { Proof } from '@colophon/contract';
import { proofProcessingStatus } from '@colophon/domain';
import { Badge, Group, List, Progress, Stack, Text } from '@mantine/core';
import { type JSX, useEffect } from 'react';
import { isProcessing, type ProofFinding, useFindings, useProofProgress } from './api';
import { severityName, severityOf } from './viewer/overlays';

const severityColor = { error: 'red', warning: 'yellow' } as const;
/** A long list of findings is the proof page's job; here the first ones say enough. */
const SHOWN_FINDINGS = 20;

/** "Pages 37 of 128", or what is known before the pages start. */
export function pagesText(proof: Pick<Proof, 'pagesDone' | 'pageCount' | 'processingStatus'>): string {
  if (proof.processingStatus === proofProcessingStatus.Queued) return 'Waiting for its turn…';
  if (proof.pagesDone === null || proof.pageCount === null) return 'Checking the file…';
  return `Pages ${Math.min(proof.pagesDone, proof.pageCount)} of ${proof.pageCount}`;
}

function FindingsSoFar({ findings, live }: { findings: readonly ProofFinding[]; live: boolean }) {
  const errors = findings.filter((finding) => severityOf(finding) === 'error').length;
  const warnings = findings.length - errors;
  const title =
    findings.length === 0
      ? live
        ? 'No findings so far.'
        : 'The preflight found nothing to fix.'
      : `${live ? 'Findings so far' : 'Findings'}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={findings.length > 0 ? 600 : undefined}>
        {title}
      </Text>
      {findings.length > 0 ? (
        <List size="sm" spacing={2} listStyleType="none" aria-label={live ? 'Findings so far' : 'Findings'}>
          {findings.slice(0, SHOWN_FINDINGS).map((finding) => {
            const severity = severityOf(finding);
            return (
              <List.Item key={finding.id}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={severityColor[severity]} variant="light" size="sm" style={{ textTransform: 'none' }}>
                    {severityName[severity]}
                  </Badge>
                  <Text size="sm">
                    {finding.page === null ? 'Whole file' : `Page ${finding.page}`}: {finding.message}
                  </Text>
                </Group>
              </List.Item>
            );
          })}
          {findings.length > SHOWN_FINDINGS ? (
            <List.Item>
              <Text size="sm" c="dimmed">
                and {findings.length - SHOWN_FINDINGS} more on the proof's page.
              </Text>
            </List.Item>
          ) : null}
        </List>
      ) : null}
    </Stack>
  );
}

/**
 * A proof as it is processed (its status badge is the caller's): pages done of pages on a bar, and the
 * preflight's findings as they come (both asked again every `pollMs` until it is processed).
 */
export function ProcessingProgress({ proofId, pollMs }: { proofId: number; pollMs?: number }): JSX.Element | null {
  const query = useProofProgress(proofId, pollMs);
  const proof = query.data;
  const live = proof ? isProcessing(proof) : true;
  const findings = useFindings(
    proofId,
    Boolean(proof) && proof?.processingStatus !== proofProcessingStatus.Queued,
    live ? (pollMs ?? 1_000) : false,
  );
  // The last pages' findings land with the end of processing: ask once more when it ends.
  const { refetch } = findings;
  const ended = Boolean(proof) && !live;
  useEffect(() => {
    if (ended) void refetch();
  }, [ended, refetch]);
  if (!proof) return null;
  const percent =
    proof.pagesDone !== null && proof.pageCount ? Math.min(100, (proof.pagesDone / proof.pageCount) * 100) : 0;
  const failed = proof.processingStatus === proofProcessingStatus.Failed;
  return (
    <Stack gap="xs" aria-label="Processing progress">
      {failed ? null : (
        <Text size="sm" aria-live="polite">
          {pagesText(proof)}
        </Text>
      )}
      {failed ? null : (
        <Progress
          value={proof.processingStatus === proofProcessingStatus.Processed ? 100 : percent}
          color={proof.processingStatus === proofProcessingStatus.Processed ? 'green' : 'blue'}
          animated={live}
          size="sm"
          aria-label="Pages processed"
        />
      )}
      {findings.data && !failed ? <FindingsSoFar findings={findings.data.data} live={live} /> : null}
    </Stack>
  );
}
