import { orderCreateSchema, type Proof } from '@colophon/contract';
import { orderType, shippingMethod } from '@colophon/domain';
import { Grid, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { LoadingState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { numberInputProps } from '../../components/form/numberInputProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useOrderedProject, usePlaceOrder } from './api';
import { orderNumber } from './links';

/** The contract's body; a shipping method not chosen yet says so in words. */
const placeOrderSchema = orderCreateSchema.safeExtend({
  shippingMethod: z.string().min(1, 'Choose a shipping method').pipe(orderCreateSchema.shape.shippingMethod),
});
type PlaceOrderValues = {
  proofId: number;
  typeOrder: number;
  copies: number;
  countExtras: number;
  bCombineCopies: boolean;
  shippingMethod: string;
  isExpedited: boolean;
};

const typeOptions = orderType.options();
const shippingOptions = shippingMethod.options();

/** 'Order ORD-26-00012 is placed.', or that it waits for the branch office's payment. */
const placedMessage = (order: { id: number; externalId: string | null; displayStatus: string }) =>
  order.displayStatus === 'Waiting for Payment'
    ? `Order ${orderNumber(order)} waits for payment.`
    : `Order ${orderNumber(order)} is placed.`;

function PlaceOrderForm({ proof, copies, onDone }: { proof: Proof; copies: number; onDone: () => void }) {
  const place = usePlaceOrder();
  const navigate = useNavigate();
  const schemaForm = useSchemaForm({
    schema: placeOrderSchema,
    initialValues: {
      proofId: proof.id,
      typeOrder: orderType.Production,
      copies,
      countExtras: 0,
      bCombineCopies: false,
      shippingMethod: '',
      isExpedited: false,
    } satisfies PlaceOrderValues,
    submit: (body) => place.mutateAsync(body),
    successMessage: placedMessage,
    onSuccess: (order) => {
      onDone();
      void navigate({ to: '/admin/orders/$orderId', params: { orderId: order.id } });
    },
  });
  const { form } = schemaForm;
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate aria-label="Place order">
      <Stack gap="md">
        <Text size="sm">
          {`Round ${proof.roundNumber} of ${proof.projectName} (${proof.accountName}) goes to the plant as approved.`}
        </Text>
        <Grid gap="md">
          <Grid.Col span={12}>
            {/* Proof is code 0: the type's codes are shown as they are, not through the "0 is nothing" adapter. */}
            <Select
              label="Order type"
              required
              data={typeOptions}
              allowDeselect={false}
              {...form.getInputProps('typeOrder')}
              value={String(form.getValues().typeOrder)}
              onChange={(next) => form.setFieldValue('typeOrder', next === null ? orderType.Production : Number(next))}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput
              label="Copies"
              required
              min={1}
              max={100_000}
              allowDecimal={false}
              {...numberInputProps(form, 'copies')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput
              label="Extras"
              description="Copies beyond the order, for the studio"
              min={0}
              max={100_000}
              allowDecimal={false}
              {...numberInputProps(form, 'countExtras', { nullable: true })}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch
              label="Combine the copies and extras in one shipment"
              {...form.getInputProps('bCombineCopies', { type: 'checkbox' })}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Select
              label="Shipping method"
              required
              searchable
              data={shippingOptions}
              placeholder="Choose a shipping method"
              {...form.getInputProps('shippingMethod')}
              onChange={(next) => form.setFieldValue('shippingMethod', next ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch
              label="Expedited"
              description="The plant's expedited turn time, where it offers one"
              {...form.getInputProps('isExpedited', { type: 'checkbox' })}
            />
          </Grid.Col>
        </Grid>
      </Stack>
      <FormActions
        schemaForm={schemaForm}
        submitLabel="Place order"
        submitIcon={<IconShoppingCart size={16} />}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * Ordering from an approved proof: the drawer "Order <project>" with the order's type, copies (the
 * project's by default), extras, shipping and whether it is expedited. Placed, the new order's page
 * opens.
 */
export function PlaceOrderDrawer({ proof, opened, onClose }: { proof: Proof; opened: boolean; onClose: () => void }) {
  const project = useOrderedProject(proof.projectId, opened);
  return (
    <GuardedDrawer opened={opened} onClose={onClose} title={`Order ${proof.projectName}`} position="right" size="md">
      {opened ? (
        project.isPending && project.fetchStatus !== 'idle' ? (
          <LoadingState label="Loading the project…" />
        ) : (
          // Keyed by what it starts from, so the project's copies arriving start it afresh.
          <PlaceOrderForm
            key={`${proof.id}-${project.data?.copies ?? 0}`}
            proof={proof}
            copies={project.data?.copies ?? 1}
            onDone={onClose}
          />
        )
      ) : null}
    </GuardedDrawer>
  );
}
