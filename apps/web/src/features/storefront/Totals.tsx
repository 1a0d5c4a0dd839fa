import { formatCurrency } from '@colophon/domain';
import { Table, Text } from '@mantine/core';
import type { JSX } from 'react';
import type { Quote } from './types';

/** A rate in basis points as a person reads it: 825 → '8.25%'. */
export function formatRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/**
 * The cart's money as the server priced it (the quote): its lines, then subtotal, discount,
 * shipping, online fee, sales tax and total. The page does no arithmetic of its own.
 */
export function Totals({ quote, caption = 'Your order' }: { quote: Quote; caption?: string }): JSX.Element {
  const { totals } = quote;
  const rows: [string, number][] = [['Subtotal', totals.subtotalCents]];
  if (totals.discountCents)
    rows.push([`Discount${quote.couponCode ? ` (${quote.couponCode})` : ''}`, -totals.discountCents]);
  rows.push(['Shipping', totals.shippingCents]);
  rows.push(['Online fee', totals.feeCents]);
  rows.push([
    quote.taxZip ? `Sales tax (ZIP ${quote.taxZip}, ${formatRate(quote.taxRateBasisPoints)})` : 'Sales tax',
    totals.taxCents,
  ]);
  return (
    <Table verticalSpacing={4} withRowBorders={false} aria-label={caption}>
      <Table.Tbody>
        {quote.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines have no id; they are replaced as a whole, in the cart's order
          <Table.Tr key={`${line.productId}-${index}`}>
            <Table.Td>
              {line.name}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
            </Table.Td>
            <Table.Td ta="right">{formatCurrency(line.totalCents)}</Table.Td>
          </Table.Tr>
        ))}
        {rows.map(([label, cents]) => (
          <Table.Tr key={label}>
            <Table.Th fw={500} scope="row">
              {label}
            </Table.Th>
            <Table.Td ta="right">{cents < 0 ? `−${formatCurrency(-cents)}` : formatCurrency(cents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">
            <Text fw={700}>Total</Text>
          </Table.Th>
          <Table.Td ta="right">
            <Text fw={700}>{formatCurrency(totals.totalCents)}</Text>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
