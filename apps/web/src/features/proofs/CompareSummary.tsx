import type { ProofCompare } from '@colophon/contract';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { ErrorState } from '../../components/feedback/QueryState';

const pagesText = (pages: readonly number[]) =>
  pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;

/**
 * The comparison with the previous round in words: which pages changed (each opens its page), which
 * the book lost, or why the rounds cannot be compared.
 */
export function CompareSummary({
  compare,
  loading,
  error,
  onOpenPage,
}: {
  compare: ProofCompare | undefined;
  loading: boolean;
  error: unknown;
  onOpenPage: (page: number) => void;
}) {
  if (loading) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Comparing with the previous round…</Text>
      </Group>
    );
  }
  if (error) {
    return <ErrorState title="Could not compare" error={error} />;
  }
  if (!compare) return null;
  if (!compare.comparable || !compare.previous) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {compare.reason}
      </Text>
    );
  }
  const round = compare.previous.roundNumber;
  return (
    <section aria-label="Changed pages">
      <Alert
        color="violet"
        variant="light"
        icon={<IconArrowsDiff size={18} />}
        title={
          compare.changedPages.length === 0
            ? `No page changed since round ${round}`
            : `${compare.changedPages.length} ${compare.changedPages.length === 1 ? 'page' : 'pages'} changed since round ${round}`
        }
      >
        {compare.changedPages.length > 0 ? (
          <Group gap={4}>
            {compare.changedPages.map((page) => (
              <Button
                key={page}
                size="compact-xs"
                variant="light"
                color="violet"
                onClick={() => onOpenPage(page)}
                aria-label={`Open changed page ${page}`}
              >
                {page}
              </Button>
            ))}
          </Group>
        ) : null}
        {compare.removedPages.length > 0 ? (
          <Text size="sm" mt={4}>
            {`Round ${round} had ${pagesText(compare.removedPages)}, which this round no longer has.`}
          </Text>
        ) : null}
      </Alert>
    </section>
  );
}
