import { moveOrder, type Order, type OrderMoveJob } from '@colophon/contract';
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { call } from '../../lib/call';
import { useInvalidatingMutation } from '../../lib/resource';
import { manufacturersResource, ORDER_QUERIES, plantsResource } from './api';
import { announceQueued, QueuedNotice } from './QueuedJob';
import { ReasonField } from './ReasonField';

/** The contract's body without the order (the panel's), a manufacturer not chosen yet said in words. */
const moveFormSchema = moveOrder.body.omit({ orderId: true, manufacturerId: true, plantId: true }).extend({
  manufacturerId: z.number().positive('Choose a manufacturer').pipe(z.number().int()),
  plantId: z
    .number()
    .int()
    .positive()
    .nullable()
    .transform((plantId) => plantId ?? undefined),
});
type MoveValues = { manufacturerId: number; plantId: number | null; reason: string };
type MoveBody = z.output<typeof moveFormSchema>;

/**
 * Moves the order to another manufacturer (its plant by default) or, with the same manufacturer,
 * another plant. The queue does the move: the answer is the job, named in a toast.
 */
export function MoveOrderForm({ order }: { order: Order }) {
  const manufacturers = manufacturersResource.useList({ perPage: 100, sort: 'name', isActive: true });
  const plants = plantsResource.useList({ perPage: 100, sort: 'code' });
  const [queued, setQueued] = useState<OrderMoveJob | null>(null);
  const move = useInvalidatingMutation<OrderMoveJob, MoveBody>(ORDER_QUERIES, {
    mutationFn: ({ manufacturerId, plantId, reason }) =>
      call(moveOrder, {
        body: { orderId: order.id, manufacturerId, reason, ...(plantId === undefined ? {} : { plantId }) },
      }),
  });
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: moveFormSchema,
    initialValues: { manufacturerId: order.manufacturerId ?? 0, plantId: order.plantId, reason: '' } as MoveValues,
    submit: (body: MoveBody) => move.mutateAsync(body),
    successMessage: null,
    onSuccess: (job) => {
      setQueued(job);
      announceQueued(job);
      form.setFieldValue('reason', '');
    },
  });
  const manufacturerList = manufacturers.data?.data ?? [];
  const values = form.getValues();
  const chooseManufacturer = (value: string | null) => {
    const chosen = manufacturerList.find((manufacturer) => manufacturer.id === Number(value));
    form.setFieldValue('manufacturerId', chosen?.id ?? 0);
    // A manufacturer ships from its own plant unless someone picks another.
    form.setFieldValue('plantId', chosen?.plantId ?? null);
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Move order">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The order-moves queue sends the order and its files to the new plant and notes it on the timeline.
        </Text>
        <FormError message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Manufacturer"
            required
            searchable
            allowDeselect={false}
            data={manufacturerList.map((manufacturer) => ({
              value: String(manufacturer.id),
              label: `${manufacturer.name} (${manufacturer.code})`,
            }))}
            value={values.manufacturerId ? String(values.manufacturerId) : null}
            onChange={chooseManufacturer}
            error={form.getInputProps('manufacturerId').error}
          />
          <Select
            label="Plant"
            description="The manufacturer's plant unless another is chosen"
            allowDeselect={false}
            data={(plants.data?.data ?? []).map((plant) => ({
              value: String(plant.id),
              label: `${plant.name} (${plant.code})`,
            }))}
            value={values.plantId ? String(values.plantId) : null}
            onChange={(value) => form.setFieldValue('plantId', value ? Number(value) : null)}
            error={form.getInputProps('plantId').error}
          />
        </SimpleGrid>
        <ReasonField {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Queue the move
          </Button>
        </Group>
        <QueuedNotice job={queued} />
      </Stack>
    </form>
  );
}
