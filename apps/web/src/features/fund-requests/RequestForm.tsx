import type { FundRequest } from '@colophon/contract';
import { type FundRequestKind, formatCurrency, formatCurrencyInput, parseCurrencyInput } from '@colophon/domain';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useCreateFundRequest } from './api';

/** A key per request form: the same request sent twice (a double click, a retry) is one request. */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `fund-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The request: an amount up to what is available (prefilled with all of it) and a note. The server
 * judges the amount again under a lock; its refusal (another request got there first) shows on the
 * amount.
 */
export function RequestForm({
  kind,
  accountId,
  year,
  availableCents,
  onDone,
}: {
  kind: FundRequestKind;
  accountId: number;
  year: number;
  availableCents: number;
  onDone?: (request: FundRequest) => void;
}) {
  // Untouched, the amount follows what is available (it changes after each request).
  const [amount, setAmount] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newRequestKey);
  const create = useCreateFundRequest(kind);
  const shown = amount ?? formatCurrencyInput(availableCents);

  const submit = async () => {
    const cents = parseCurrencyInput(shown);
    if (cents === null || cents <= 0) return setError('Enter an amount, e.g. 125.00');
    if (cents > availableCents) return setError(`At most ${formatCurrency(availableCents)} is available`);
    setError(null);
    try {
      const made = await create.mutateAsync({
        accountId,
        year,
        amountCents: cents,
        note: note.trim() || null,
        requestKey: key,
      });
      notifications.show({
        color: 'green',
        title: 'Requested',
        message: `${formatCurrency(made.amountCents)} requested.`,
      });
      setAmount(null);
      setNote('');
      setKey(newRequestKey());
      onDone?.(made);
    } catch (failure) {
      const field = isApiError(failure) ? failure.errors?.find((problem) => problem.path === 'amountCents') : undefined;
      setError(field?.message ?? errorMessage(failure));
    }
  };

  if (availableCents <= 0) {
    return <Text size="sm">Nothing is available to request for {year}.</Text>;
  }
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      aria-label="Request funds"
    >
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Amount to request ($)"
          description={`Up to ${formatCurrency(availableCents)}`}
          inputMode="decimal"
          value={shown}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={error}
          w={220}
        />
        <Textarea
          label="Note"
          value={note}
          maxLength={1000}
          onChange={(event) => setNote(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
      </Group>
      <Group>
        <Button type="submit" loading={create.isPending}>
          Request {formatCurrency(parseCurrencyInput(shown) ?? 0)}
        </Button>
      </Group>
    </Stack>
  );
}
