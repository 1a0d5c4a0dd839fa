import type { Invoice } from '@colophon/contract';
import { Badge } from '@mantine/core';

const statusLook: Record<Invoice['status'], { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  open: { label: 'Open', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  void: { label: 'Void', color: 'dark' },
};
export const invoiceStatusOptions = Object.entries(statusLook).map(([value, look]) => ({ value, label: look.label }));

/** An invoice's status; an open one that received money reads 'Partly paid'. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'status' | 'paidCents' | 'refundedCents'> }) {
  const look = statusLook[invoice.status];
  // An open invoice that received money is partly paid: the list says so at a glance.
  const partly = invoice.status === 'open' && invoice.paidCents - invoice.refundedCents > 0;
  return (
    <Badge color={partly ? 'orange' : look.color} variant="light">
      {partly ? 'Partly paid' : look.label}
    </Badge>
  );
}
