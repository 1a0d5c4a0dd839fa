import type { Invoice, InvoicePayment } from '@colophon/contract';
import {
  formatCurrency,
  formatDateTime,
  invoiceProductType,
  parseCurrencyInput,
  studioPayment,
} from '@colophon/domain';
import { Button, Drawer, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type JSX, useRef, useState } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { Fact, FactGrid } from '../../components/layout/Facts';
import { errorMessage } from '../../lib/api-client';
import { InvoiceSyncStatus } from '../accounting';
import { useInvoice, useIssueInvoice, useRecordPayment, useRefundPayment, useVoidInvoice } from './api';
import { ChargeCardForm } from './ChargeCardForm';
import { InvoiceStatusBadge } from './status';

/** One invoice: lines, totals, payments and refunds, its accounting sync; for a super administrator, the money's actions. */
export function InvoiceDrawer({
  invoiceId,
  zone,
  manage,
  onClose,
}: {
  invoiceId: number | null;
  zone: string | undefined;
  manage: boolean;
  onClose: () => void;
}): JSX.Element {
  const query = useInvoice(invoiceId);
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={query.data ? `Invoice ${query.data.number ?? `draft #${query.data.id}`}` : 'Invoice'}
    >
      {invoiceId === null ? null : (
        <QueryState
          query={query}
          notFound={{ title: 'Invoice not found', message: 'This invoice does not exist or is not yours.' }}
        >
          {(invoice) => <InvoiceDetails invoice={invoice} zone={zone} manage={manage} />}
        </QueryState>
      )}
    </Drawer>
  );
}

const methodLabel = (method: string) => (studioPayment.has(method) ? studioPayment.label(method) : method);

function InvoiceDetails({ invoice, zone, manage }: { invoice: Invoice; zone: string | undefined; manage: boolean }) {
  const [refunding, setRefunding] = useState<InvoicePayment | null>(null);
  const issue = useIssueInvoice();
  const voiding = useVoidInvoice();
  const issuing = useConfirmedAction<Invoice>({
    title: 'Issue invoice',
    message: (target) => `The invoice gets its number and ${formatCurrency(target.totalCents)} is owed.`,
    confirmLabel: 'Issue',
    run: (target) => issue.mutateAsync(target.id),
    done: () => ({ title: 'Invoice issued', message: 'The invoice is open.' }),
    failed: 'The invoice was not issued',
  });
  const [voidReason, setVoidReason] = useState('');
  const voidAction = useConfirmedAction<Invoice>({
    title: 'Void invoice',
    message: () => 'The invoice will be void; it cannot be paid or opened again.',
    confirmLabel: 'Void',
    color: 'red',
    run: (target) => voiding.mutateAsync({ id: target.id, reason: voidReason.trim() || 'Voided' }),
    done: () => ({ title: 'Invoice voided', message: 'The invoice is void.' }),
    failed: 'The invoice was not voided',
    keepFailure: true,
  });
  const kept = invoice.paidCents - invoice.refundedCents;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <InvoiceStatusBadge invoice={invoice} />
        <Text size="sm" c="dimmed">
          {invoice.account?.name ?? `Account ${invoice.accountId}`} · {invoiceProductType.label(invoice.typeProduct)}
        </Text>
      </Group>
      <FactGrid cols={4}>
        <Fact label="Total">{formatCurrency(invoice.totalCents)}</Fact>
        <Fact label="Paid">{formatCurrency(kept)}</Fact>
        <Fact label="Balance">
          <span data-testid="invoice-balance">{formatCurrency(invoice.balanceCents)}</span>
        </Fact>
        <Fact label="Due">{invoice.dueOn ?? '—'}</Fact>
      </FactGrid>

      <Title order={4}>Lines</Title>
      <Table aria-label="Invoice lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(invoice.lines ?? []).map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatCurrency(line.unitCents)}</Table.Td>
              <Table.Td ta="right">{formatCurrency(line.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal {formatCurrency(invoice.subtotalCents)}</Text>
        {invoice.adjustmentsCents ? (
          <Text size="sm">Adjustments {formatCurrency(invoice.adjustmentsCents)}</Text>
        ) : null}
        {invoice.taxCents ? (
          <Text size="sm">
            Tax {invoice.taxBasisPoints / 100}% {formatCurrency(invoice.taxCents)}
          </Text>
        ) : null}
        <Text fw={600}>Total {formatCurrency(invoice.totalCents)}</Text>
      </Stack>

      <Title order={4}>Payments and refunds</Title>
      {(invoice.payments ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing received yet.
        </Text>
      ) : (
        <Table aria-label="Payments">
          <Table.Tbody>
            {(invoice.payments ?? []).map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>{formatDateTime(payment.createdAt, zone)}</Table.Td>
                <Table.Td>
                  {payment.kind === 'refund' ? 'Refund' : methodLabel(payment.method)}
                  {payment.cardLabel ? ` · ${payment.cardLabel}` : ''}
                  {payment.reference ? ` · ${payment.reference}` : ''}
                  {payment.failureMessage ? (
                    <Text size="xs" c="red">
                      {payment.failureMessage}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{payment.status}</Table.Td>
                <Table.Td ta="right">
                  {payment.kind === 'refund' ? '-' : ''}
                  {formatCurrency(payment.amountCents)}
                </Table.Td>
                <Table.Td ta="right">
                  {manage && (payment.refundableCents ?? 0) > 0 ? (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRefunding(payment)}>
                      Refund
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Title order={4}>Accounting</Title>
      {invoice.status === 'draft' ? (
        <Text size="sm" c="dimmed">
          A draft is not in the books.
        </Text>
      ) : (
        <InvoiceSyncStatus invoiceId={invoice.id} />
      )}

      {manage && invoice.status === 'draft' ? (
        <Group>
          <Button onClick={() => issuing.ask(invoice)}>Issue invoice</Button>
        </Group>
      ) : null}
      {manage && invoice.status === 'open' && invoice.balanceCents > 0 ? (
        <>
          <Title order={4}>Charge card</Title>
          <ChargeCardForm invoice={invoice} />
          <Title order={4}>Record a payment</Title>
          <RecordPaymentForm invoice={invoice} />
        </>
      ) : null}
      {manage && invoice.status !== 'void' && kept === 0 ? (
        <Group align="flex-end">
          <TextInput
            label="Why void it"
            value={voidReason}
            onChange={(event) => setVoidReason(event.currentTarget.value)}
            maxLength={500}
          />
          <Button color="red" variant="light" onClick={() => voidAction.ask(invoice)}>
            Void invoice
          </Button>
        </Group>
      ) : null}
      {refunding ? (
        <RefundPaymentDialog invoice={invoice} payment={refunding} onClose={() => setRefunding(null)} />
      ) : null}
      {issuing.dialog}
      {voidAction.dialog}
    </Stack>
  );
}

const recordMethods = studioPayment.options().filter((option) => option.value !== 'credit_card');

/** Money received outside the card: ACH, a check, online sales credits, with its reference. */
function RecordPaymentForm({ invoice }: { invoice: Invoice }) {
  const [method, setMethod] = useState<string | null>('check');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const key = useRef(crypto.randomUUID());
  const record = useRecordPayment();
  const submit = async () => {
    const cents = parseCurrencyInput(amount);
    const next: typeof errors = {};
    if (cents === null || cents <= 0) next.amount = 'Enter an amount, e.g. 125.00';
    else if (cents > invoice.balanceCents) next.amount = `At most the balance, ${formatCurrency(invoice.balanceCents)}`;
    if (!reference.trim()) next.reference = 'The check number, the ACH trace or a note';
    setErrors(next);
    if (Object.keys(next).length || cents === null) return;
    try {
      await record.mutateAsync({
        id: invoice.id,
        body: {
          method: (method ?? 'check') as 'check',
          amountCents: cents,
          reference: reference.trim(),
          idempotencyKey: key.current,
        },
      });
      key.current = crypto.randomUUID();
      setAmount('');
      setReference('');
      notifications.show({ color: 'green', title: 'Payment recorded', message: `${formatCurrency(cents)} recorded.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'The payment was not recorded', message: errorMessage(error) });
    }
  };
  return (
    <Group align="flex-start" grow>
      <Select label="Method" data={recordMethods} value={method} onChange={setMethod} allowDeselect={false} />
      <TextInput
        label="Amount ($)"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={errors.amount}
      />
      <TextInput
        label="Reference"
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        error={errors.reference}
        maxLength={200}
      />
      <Button mt={24} variant="light" loading={record.isPending} onClick={() => void submit()}>
        Record payment
      </Button>
    </Group>
  );
}

/** Gives back part or all of one payment (a card's through the provider), never more than is left of it. */
function RefundPaymentDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: Invoice;
  payment: InvoicePayment;
  onClose: () => void;
}) {
  const left = payment.refundableCents ?? 0;
  const [amount, setAmount] = useState(String((left / 100).toFixed(2)));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [key] = useState(() => crypto.randomUUID());
  const refund = useRefundPayment();
  const submit = async () => {
    const cents = parseCurrencyInput(amount);
    if (cents === null || cents <= 0 || cents > left) return setError(`From $0.01 to ${formatCurrency(left)}`);
    try {
      await refund.mutateAsync({
        id: invoice.id,
        body: { paymentId: payment.id, amountCents: cents, reason: reason.trim() || 'Refunded', idempotencyKey: key },
      });
      notifications.show({ color: 'green', title: 'Refunded', message: `${formatCurrency(cents)} refunded.` });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Refund payment">
      <Stack gap="sm">
        <Text size="sm">
          {methodLabel(payment.method)} {payment.cardLabel ?? ''}: at most {formatCurrency(left)} can be refunded.
        </Text>
        <TextInput
          label="Amount to refund ($)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={error}
        />
        <Textarea
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={refund.isPending} onClick={() => void submit()}>
            Refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
