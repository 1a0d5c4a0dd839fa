import type { FundRequest } from '@colophon/contract';
import { type FundRequestKind, formatCurrency, type StudioPaymentCode, studioPayment } from '@colophon/domain';
import { Button, Drawer, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useCompleteFundRequest } from './api';

/** A super administrator pays a waiting request: how it was paid and its reference; the school is notified. */
export function CompleteDrawer({
  kind,
  request,
  onClose,
}: {
  kind: FundRequestKind;
  request: FundRequest | null;
  onClose: () => void;
}) {
  return (
    <Drawer opened={request !== null} onClose={onClose} position="right" title="Complete the request">
      {request ? <CompleteForm kind={kind} request={request} onClose={onClose} /> : null}
    </Drawer>
  );
}

function CompleteForm({
  kind,
  request,
  onClose,
}: {
  kind: FundRequestKind;
  request: FundRequest;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<StudioPaymentCode | null>(null);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ paymentMethod?: string; paymentReference?: string; form?: string }>({});
  const complete = useCompleteFundRequest(kind);

  const submit = async () => {
    const next: typeof errors = {};
    if (!method) next.paymentMethod = 'Choose how it was paid';
    if (!reference.trim()) next.paymentReference = 'Enter the check number, ACH trace or other reference';
    setErrors(next);
    if (!method || Object.keys(next).length) return;
    try {
      await complete.mutateAsync({
        id: request.id,
        body: { paymentMethod: method, paymentReference: reference.trim() },
      });
      notifications.show({
        color: 'green',
        title: 'Request complete',
        message: `${formatCurrency(request.amountCents)} to ${request.accountName ?? 'the school'} is recorded as paid.`,
      });
      onClose();
    } catch (failure) {
      const fields = isApiError(failure) ? failure.errors : [];
      setErrors(
        Object.fromEntries([...fields.map((field) => [field.path, field.message]), ['form', errorMessage(failure)]]),
      );
    }
  };

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text size="sm">
        {request.accountName}: {formatCurrency(request.amountCents)} for {request.year}
        {request.note ? ` — ${request.note}` : ''}
      </Text>
      <Select
        label="Paid by"
        data={studioPayment.codes.map((code) => ({ value: code, label: studioPayment.label(code) }))}
        value={method}
        onChange={(value) => setMethod(value as StudioPaymentCode | null)}
        error={errors.paymentMethod}
        required
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label="Reference"
        description="Check number, ACH trace, credit's note…"
        value={reference}
        maxLength={100}
        onChange={(event) => setReference(event.currentTarget.value)}
        error={errors.paymentReference}
        required
      />
      {errors.form ? (
        <Text c="red" size="sm" role="alert">
          {errors.form}
        </Text>
      ) : null}
      <Group>
        <Button type="submit" loading={complete.isPending}>
          Complete
        </Button>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
