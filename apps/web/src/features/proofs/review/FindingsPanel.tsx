import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { EmptyState } from '../../../components/feedback/QueryState';
import type { ProofFinding } from '../api';
import { severityName, severityOf } from '../viewer/overlays';
import classes from './review.module.css';

const severityColor = { error: 'red', warning: 'yellow' } as const;

function FindingRow({
  finding,
  selected,
  onOpen,
}: {
  finding: ProofFinding;
  selected: boolean;
  onOpen: ((finding: ProofFinding) => void) | undefined;
}) {
  const severity = severityOf(finding);
  const content = (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Badge color={severityColor[severity]} variant="light" size="sm" style={{ flexShrink: 0, textTransform: 'none' }}>
        {severityName[severity]}
      </Badge>
      <Text size="sm">{finding.message}</Text>
    </Group>
  );
  if (!onOpen || finding.page === null) return <div className={classes.item}>{content}</div>;
  return (
    <UnstyledButton
      className={classes.item}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(finding)}
      aria-label={`${severityName[severity]} on page ${finding.page}: ${finding.message}`}
    >
      {content}
    </UnstyledButton>
  );
}

/**
 * The preflight's findings: those about the whole file first, then page by page. A page's finding
 * opens that page in the flipbook and points at its outline.
 */
export function FindingsPanel({
  findings,
  selectedId,
  onOpen,
}: {
  findings: readonly ProofFinding[];
  selectedId: number | null;
  onOpen: (finding: ProofFinding) => void;
}) {
  if (findings.length === 0) return <EmptyState>The preflight found nothing to fix.</EmptyState>;
  const wholeFile = findings.filter((finding) => finding.page === null);
  const pages = [...new Set(findings.flatMap((finding) => (finding.page === null ? [] : [finding.page])))].sort(
    (a, b) => a - b,
  );
  return (
    <Stack gap="md">
      {wholeFile.length > 0 ? (
        <section aria-label="Whole file">
          <Text fw={600} size="sm" mb={4}>
            Whole file
          </Text>
          <Stack gap={4}>
            {wholeFile.map((finding) => (
              <FindingRow key={finding.id} finding={finding} selected={false} onOpen={undefined} />
            ))}
          </Stack>
        </section>
      ) : null}
      {pages.map((page) => (
        <section key={page} aria-label={`Findings on page ${page}`}>
          <Text fw={600} size="sm" mb={4}>
            Page {page}
          </Text>
          <Stack gap={4}>
            {findings
              .filter((finding) => finding.page === page)
              .map((finding) => (
                <FindingRow key={finding.id} finding={finding} selected={finding.id === selectedId} onOpen={onOpen} />
              ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
