import { formatCurrency, pricingAdjustmentType, pricingDesignation } from '@colophon/domain';
import { Card, Group, List, NumberInput, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type JSX, useState } from 'react';
import { userCan } from '../../lib/access';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { pricingAdjustmentsResource, useProjectQuote } from './api';
import { adjustmentValue } from './PricingTools';

/** A rate typed in percent with two decimals (6.25) as basis points (625); empty: no tax. */
export function taxBasisPointsOf(percent: number | string): number | undefined {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) return undefined;
  return Math.round(percent * 100);
}

/** Basis points as people read a rate: 625 → '6.25 %'. */
export const formatTaxRate = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;

/**
 * The quote of a project's book: its lines and total, from the same function the invoice uses. The
 * sales tax rate is asked here (none by default, as an invoice made from an order has none unless given).
 */
export function QuoteCard({ projectId }: { projectId: number }): JSX.Element | null {
  const [taxPercent, setTaxPercent] = useState<number | string>('');
  const [debouncedTax] = useDebouncedValue(taxPercent, 300);
  const query = useProjectQuote(projectId, taxBasisPointsOf(debouncedTax));
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
      <NumberInput
        label="Sales tax (%)"
        description="None when empty"
        size="xs"
        w={160}
        mt="xs"
        min={0}
        max={100}
        decimalScale={2}
        allowNegative={false}
        value={taxPercent}
        onChange={setTaxPercent}
      />
      {quote && quote.problems.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="quote-tax-rate">
          {quote.taxBasisPoints > 0
            ? `Sales tax ${formatTaxRate(quote.taxBasisPoints)}: ${formatCurrency(quote.taxCents)}`
            : 'No sales tax'}
        </Text>
      ) : null}
      {quote && quote.problems.length === 0 ? <QuoteAdjustments accountId={quote.accountId} year={quote.year} /> : null}
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

/**
 * The account's adjustments of the quote's year, with their reasons, for whoever may read them
 * (`pricing.view`: the studio side, the school's administrator and treasurer): why an adjustment line
 * of the quote is there.
 */
function QuoteAdjustments({ accountId, year }: { accountId: number; year: number }): JSX.Element | null {
  const user = useSession()?.user;
  const allowed = userCan(user, 'pricing.view');
  if (!allowed) return null;
  return <AdjustmentList accountId={accountId} year={year} />;
}

function AdjustmentList({ accountId, year }: { accountId: number; year: number }): JSX.Element | null {
  const adjustments = pricingAdjustmentsResource.useList({
    accountId: [accountId],
    year: [year],
    perPage: 100,
    sort: 'typeAdjustment',
  });
  const rows = adjustments.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <List size="xs" c="dimmed" mt={4} aria-label="Adjustments of the year">
      {rows.map((adjustment) => (
        <List.Item key={adjustment.id}>
          {pricingAdjustmentType.label(adjustment.typeAdjustment)}: {adjustmentValue(adjustment)}
          {adjustment.reason ? ` — ${adjustment.reason}` : ''}
        </List.Item>
      ))}
    </List>
  );
}
