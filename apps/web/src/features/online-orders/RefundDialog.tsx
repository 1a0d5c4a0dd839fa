import type { OnlineOrder, OnlineOrderItem } from '@colophon/contract';
import { formatCurrency, parseCurrencyInput } from '@colophon/domain';
import { Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { useRefund } from './api';

export type RefundMode = 'full' | 'partial';

interface RefundRequest {
  cents: number;
  itemIds: number[] | null;
  reason: string;
}

/**
 * Refund (what remains) or Partial refund (an amount, or chosen lines), with a reason; asks once
 * more, naming the amount, before anything moves. The dialog's one Idempotency-Key makes a retry
 * of the same refund refund once.
 */
export function RefundDialog({ order, mode, onClose }: { order: OnlineOrder; mode: RefundMode; onClose: () => void }) {
  const [key] = useState(() => `refund-${order.id}-${crypto.randomUUID()}`);
  const [by, setBy] = useState<'amount' | 'lines'>('amount');
  const [amount, setAmount] = useState('');
  const [lines, setLines] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; lines?: string; reason?: string }>({});
  const refund = useRefund();
  const confirmed = useConfirmedAction<RefundRequest>({
    title: mode === 'full' ? 'Refund the order' : 'Partial refund',
    message: (request) =>
      `${formatCurrency(request.cents)} will be refunded to ${order.parentName}${
        order.typePayment === 2 ? ' on their card' : ' (hand the money back: nothing moves online)'
      }. This cannot be undone.`,
    confirmLabel: (request) => `Refund ${formatCurrency(request.cents)}`,
    color: 'red',
    run: (request) =>
      mode === 'full'
        ? refund.mutateAsync({
            key,
            full: {
              orderId: order.id,
              transactionId: chargeOf(order),
              parentId: order.accountId,
              reason: request.reason,
            },
          })
        : refund.mutateAsync({
            key,
            partial: {
              id: order.id,
              reason: request.reason,
              ...(request.itemIds ? { itemIds: request.itemIds } : { amountCents: request.cents }),
            },
          }),
    done: (request) => ({ title: 'Refunded', message: `${formatCurrency(request.cents)} refunded.` }),
    failed: 'Could not refund',
    keepFailure: true,
    onDone: onClose,
  });

  const items = order.items ?? [];
  const submit = () => {
    const next: typeof errors = {};
    if (!reason.trim()) next.reason = 'Say why the order is refunded';
    let cents = order.refundableCents;
    let itemIds: number[] | null = null;
    if (mode === 'partial' && by === 'amount') {
      const parsed = parseCurrencyInput(amount);
      if (parsed === null || parsed <= 0) next.amount = 'Enter an amount, e.g. 12.50';
      else if (parsed > order.refundableCents)
        next.amount = `At most ${formatCurrency(order.refundableCents)} can be refunded`;
      else cents = parsed;
    }
    if (mode === 'partial' && by === 'lines') {
      if (lines.length === 0) next.lines = 'Choose the lines to refund';
      itemIds = lines;
      cents = items.filter((item) => lines.includes(item.id)).reduce((sum, item) => sum + restOf(item), 0);
    }
    setErrors(next);
    if (Object.keys(next).length === 0) confirmed.ask({ cents, itemIds, reason: reason.trim() });
  };

  return (
    <>
      <Modal opened onClose={onClose} title={mode === 'full' ? 'Refund' : 'Partial refund'}>
        <Stack gap="sm">
          <Text size="sm">
            Paid {formatCurrency(order.totalCents)}
            {order.refundedCents ? `, refunded ${formatCurrency(order.refundedCents)}` : ''}: at most{' '}
            {formatCurrency(order.refundableCents)} can be refunded.
          </Text>
          {mode === 'partial' ? (
            <>
              <SegmentedControl
                value={by}
                onChange={(value) => setBy(value as 'amount' | 'lines')}
                data={[
                  { value: 'amount', label: 'An amount' },
                  { value: 'lines', label: 'Lines' },
                ]}
              />
              {by === 'amount' ? (
                <TextInput
                  label="Amount to refund ($)"
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.currentTarget.value)}
                  error={errors.amount}
                />
              ) : (
                <Checkbox.Group
                  label="Lines to refund"
                  value={lines.map(String)}
                  onChange={(value) => setLines(value.map(Number))}
                  error={errors.lines}
                >
                  <Stack gap={4} mt={4}>
                    {items.map((item) => (
                      <Checkbox
                        key={item.id}
                        value={String(item.id)}
                        // A line is refunded once: one refunded in full is shown, not offered.
                        disabled={restOf(item) === 0}
                        label={`${item.quantity} × ${item.productName ?? 'Item'} — ${formatCurrency(restOf(item))}${
                          item.refundedCents ? ` (${formatCurrency(item.refundedCents)} refunded)` : ''
                        }`}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            </>
          ) : null}
          <Textarea
            label="Reason"
            required
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={submit}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
      {confirmed.dialog}
    </>
  );
}

/** What a refund of the line gives back: its total less what was refunded of it. */
const restOf = (item: OnlineOrderItem) => Math.max(0, item.totalCents - item.refundedCents);

/** The order's charge: its payment row (the full refund names it as `transactionId`). */
function chargeOf(order: OnlineOrder): number {
  const charge = order.payments?.find((payment) => payment.kind === 'charge' && payment.status === 'succeeded');
  return charge?.id ?? 0;
}
