import { formatCurrency, pricingDesignation } from '@colophon/domain';
import { Card, Group, Table, Text } from '@mantine/core';
import type { JSX } from 'react';
import { isApiError } from '../../lib/api-client';
import { useProjectQuote } from './api';

/** The quote of a project's book: its lines and total, from the same function the invoice uses. */
export function QuoteCard({ projectId }: { projectId: number }): JSX.Element | null {
  const query = useProjectQuote(projectId);
  if (query.isError && isApiError(query.error) && [403, 404].includes(query.error.status)) return null;
  const quote = query.data;
  return (
    <Card withBorder padding="sm" aria-label="Quote">
      <Group justify="space-between" align="baseline">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Quote
        </Text>
        {quote?.designation ? (
          <Text size="xs" c="dimmed">
            Price list {quote.designation} ({pricingDesignation.label(quote.designation)}), {quote.year}
            {quote.source === 'direct' ? ', direct-school pricing' : ''}
          </Text>
        ) : null}
      </Group>
      {query.isPending ? <Text size="sm">Pricing…</Text> : null}
      {query.isError && !quote ? <Text size="sm">The quote could not be loaded.</Text> : null}
      {quote && quote.problems.length > 0 ? (
        <Text size="sm" c="orange" data-testid="quote-problem">
          {quote.problems.map((problem) => problem.message).join(' ')}
        </Text>
      ) : null}
      {quote && quote.problems.length === 0 ? (
        <Table fz="sm" verticalSpacing={4} aria-label="Quote lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line, index) => (
              // Lines have no id; their order is the quote's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the quote's lines are positional
              <Table.Tr key={index}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatCurrency(line.unitCents)}</Table.Td>
                <Table.Td ta="right">{formatCurrency(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total ({formatCurrency(quote.perBookCents)} a book)</Table.Th>
              <Table.Th ta="right" data-testid="quote-total">
                {formatCurrency(quote.totalCents)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      ) : null}
    </Card>
  );
}
