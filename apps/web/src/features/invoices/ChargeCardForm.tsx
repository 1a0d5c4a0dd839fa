import type { Invoice, InvoiceCard } from '@colophon/contract';
import { cardBrand, formatCurrency, formatCurrencyInput, parseCurrencyInput } from '@colophon/domain';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import { type JSX, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useChargeInvoice } from './api';

/** 'Visa •••• 4242 (12/34)': how the charge names a card. */
export const cardLabel = (card: InvoiceCard) =>
  `${cardBrand.has(card.brand) ? cardBrand.label(card.brand) : card.brand} •••• ${card.last4} (${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)})`;

/** A card is good through the last day of its expiry month. */
const expired = (card: InvoiceCard, today: Date) =>
  card.expYear * 12 + card.expMonth < today.getFullYear() * 12 + today.getMonth() + 1;

/**
 * Charge card: the account's stored card (the default chosen first), for the balance or part of it.
 * One idempotency key per attempt: a double click or a retry after a lost answer charges once; an
 * answered attempt (paid or declined) makes a new key for the next one. A decline shows the card's
 * message and leaves the invoice as it was.
 */
export function ChargeCardForm({
  invoice,
  today = new Date(),
  onCharged,
}: {
  invoice: Invoice;
  today?: Date;
  onCharged?: () => void;
}): JSX.Element {
  const cards = invoice.cards ?? [];
  const preferred =
    cards.find((card) => card.isDefault && !expired(card, today)) ?? cards.find((card) => !expired(card, today));
  const [cardId, setCardId] = useState<string | null>(preferred ? String(preferred.id) : null);
  const [amount, setAmount] = useState(formatCurrencyInput(invoice.balanceCents));
  const [amountError, setAmountError] = useState<string | undefined>();
  const [declined, setDeclined] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const charge = useChargeInvoice();

  if (cards.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This account has no card on file: add one in Manage Credit Cards.
      </Text>
    );
  }

  const submit = async () => {
    const cents = parseCurrencyInput(amount);
    if (cents === null || cents <= 0) return setAmountError('Enter an amount, e.g. 125.00');
    if (cents > invoice.balanceCents)
      return setAmountError(`At most the balance, ${formatCurrency(invoice.balanceCents)}`);
    setAmountError(undefined);
    setDeclined(null);
    try {
      const result = await charge.mutateAsync({
        invoiceId: invoice.id,
        amountCents: cents,
        idempotencyKey: key.current,
        ...(cardId ? { cardId: Number(cardId) } : {}),
      });
      key.current = crypto.randomUUID();
      notifications.show({
        color: 'green',
        title: 'Card charged',
        message: `${formatCurrency(result.payment.amountCents)} charged to ${result.payment.cardLabel ?? 'the card'}.`,
      });
      onCharged?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        key.current = crypto.randomUUID();
        setDeclined(error.detail ?? 'The card was declined.');
        return;
      }
      const field =
        error instanceof ApiError ? error.errors.find((entry) => entry.path.endsWith('amountCents')) : undefined;
      if (field) return setAmountError(field.message);
      notifications.show({ color: 'red', title: 'The card was not charged', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="sm" role="form" aria-label="Charge card">
      <Select
        label="Card"
        value={cardId}
        onChange={setCardId}
        allowDeselect={false}
        data={cards.map((card) => ({
          value: String(card.id),
          label: `${cardLabel(card)}${card.isDefault ? ' — default' : ''}${expired(card, today) ? ' — expired' : ''}`,
          disabled: expired(card, today),
        }))}
      />
      <TextInput
        label="Amount ($)"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={amountError}
        description={`Balance ${formatCurrency(invoice.balanceCents)}`}
      />
      {declined ? (
        <Alert color="red" title="The card was declined" role="alert">
          {declined}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button leftSection={<IconCreditCard size={16} />} loading={charge.isPending} onClick={() => void submit()}>
          Charge card
        </Button>
      </Group>
    </Stack>
  );
}
