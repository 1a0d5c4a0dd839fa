import { changeOrderStatus, type Order } from '@colophon/contract';
import { orderStatus } from '@colophon/domain';
import { Button, Group, Select, Stack } from '@mantine/core';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { ORDER_QUERIES } from './api';
import { ReasonField } from './ReasonField';

type StatusChange = { status: number; reason: string };

/** Sets the order's status by hand (any status of part 3), with the reason for its timeline. */
export function StatusChangeForm({ order }: { order: Order }) {
  const change = useInvalidatingMutation<Order, StatusChange>(ORDER_QUERIES, {
    mutationFn: (body) => call(changeOrderStatus, { params: { id: order.id }, body }),
  });
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: changeOrderStatus.body,
    initialValues: { status: order.status, reason: '' },
    submit: (body: StatusChange) => change.mutateAsync(body),
    successMessage: (changed: Order) =>
      `${changed.externalId ?? `Order ${changed.id}`} is now ${changed.displayStatus}.`,
    onSuccess: () => form.setFieldValue('reason', ''),
  });
  const status = form.getInputProps('status');
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change status">
      <Stack gap="sm">
        <FormError message={formError} />
        <Select
          label="New status"
          required
          allowDeselect={false}
          data={orderStatus.options()}
          value={String(form.getValues().status)}
          onChange={(value) => form.setFieldValue('status', Number(value))}
          error={status.error}
        />
        <ReasonField {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Change status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
