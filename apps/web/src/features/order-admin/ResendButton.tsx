import { type Order, type OrderMoveJob, resendOrder } from '@colophon/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { ORDER_QUERIES } from './api';
import { announceQueued, QueuedNotice } from './QueuedJob';
import { ReasonField } from './ReasonField';

/** Sends the order (its ticket and files) to its plant again, through the order-moves queue. */
export function ResendButton({ order }: { order: Order }) {
  const [queued, setQueued] = useState<OrderMoveJob | null>(null);
  const resend = useInvalidatingMutation<OrderMoveJob, { reason: string }>(ORDER_QUERIES, {
    mutationFn: (body) => call(resendOrder, { params: { id: order.id }, body }),
  });
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: resendOrder.body,
    initialValues: { reason: '' },
    submit: (body: { reason: string }) => resend.mutateAsync(body),
    successMessage: null,
    onSuccess: (job) => {
      setQueued(job);
      announceQueued(job);
      form.setFieldValue('reason', '');
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Resend to the plant">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {order.plant ? `${order.plant.name} receives` : 'The plant receives'} the job ticket and the files again
          {order.sendCount > 0 ? ` (sent ${order.sendCount} ${order.sendCount === 1 ? 'time' : 'times'} so far)` : ''}.
        </Text>
        <FormError message={formError} />
        <ReasonField {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={order.plantId === null}>
            Resend to the plant
          </Button>
        </Group>
        <QueuedNotice job={queued} />
      </Stack>
    </form>
  );
}
