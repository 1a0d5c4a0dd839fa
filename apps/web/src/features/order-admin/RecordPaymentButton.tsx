import { getOrderInvoiceStatus, type Order, type OrderInvoiceStatus, recordOrderPayment } from '@colophon/contract';
import { formatCurrency } from '@colophon/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { ORDER_QUERIES, ordersResource } from './api';
import { ReasonField } from './ReasonField';

/**
 * A payment received outside the card flow (a check, a wire): shown only while the order waits for
 * its invoice to be paid; recording it sends the order to its plant.
 */
export function RecordPaymentButton({ order }: { order: Order }) {
  const invoice = useQuery({
    queryKey: [...ordersResource.keys.detail(order.id), 'invoice'],
    queryFn: ({ signal }) => call(getOrderInvoiceStatus, { params: { id: order.id } }, signal),
  });
  if (!invoice.data?.waitingForPayment) return null;
  return <PaymentForm order={order} invoice={invoice.data} />;
}

function PaymentForm({ order, invoice }: { order: Order; invoice: OrderInvoiceStatus }) {
  const pay = useInvalidatingMutation<OrderInvoiceStatus, { reason: string }>(ORDER_QUERIES, {
    mutationFn: (body) => call(recordOrderPayment, { params: { id: order.id }, body }),
  });
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: recordOrderPayment.body,
    initialValues: { reason: '' },
    submit: (body: { reason: string }) => pay.mutateAsync(body),
    successMessage: 'The payment is recorded; the order goes to its plant.',
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record payment">
      <Stack gap="sm">
        <Text size="sm">
          The order waits for payment
          {invoice.totalCents === null ? '' : ` of ${formatCurrency(invoice.totalCents)}`}: the account's parent pays
          before production.
        </Text>
        <FormError message={formError} />
        <ReasonField label="How it was paid" placeholder="e.g. Check 1042 received" {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button type="submit" color="green" loading={submitting}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
