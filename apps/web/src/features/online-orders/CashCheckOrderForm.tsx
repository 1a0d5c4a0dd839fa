import type { OnlineOrder, Product } from '@colophon/contract';
import { formatCurrency, onlineOrderPayment, onlineOrderShipping } from '@colophon/domain';
import { Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { FormError } from '../../components/form/FormError';
import { errorMessage, isApiError } from '../../lib/api-client';
import { type CashOrCheckOrderBody, useEnterCashOrCheckOrder, useStoreProducts, useStoresOf } from './api';

type Line = { quantity: number; personalizationName: string };
const CONTACT_FIELDS = [
  ['parentName', 'Parent name', true],
  ['parentEmail', 'Parent e-mail', true],
  ['parentPhone', 'Parent phone', false],
  ['studentFirstName', 'Student first name', false],
  ['studentLastName', 'Student last name', false],
  ['homeroom', 'Homeroom', false],
  ['grade', 'Grade', false],
] as const;
type ContactKey = (typeof CONTACT_FIELDS)[number][0];

/**
 * Enter a cash or check order: a school's store (by year), its products at today's prices, the
 * parent and student, cash or check (with its number). The API prices it again and records it paid.
 */
export function CashCheckOrderForm({ onDone }: { onDone: (order: OnlineOrder) => void }) {
  const [accountId, setAccountId] = useState<number | null>(null);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [lines, setLines] = useState<Record<number, Line>>({});
  const [contact, setContact] = useState<Record<ContactKey, string>>({
    parentName: '',
    parentEmail: '',
    parentPhone: '',
    studentFirstName: '',
    studentLastName: '',
    homeroom: '',
    grade: '',
  });
  const [typePayment, setTypePayment] = useState<string>(String(onlineOrderPayment.Cash));
  const [typeShipping, setTypeShipping] = useState<string>(String(onlineOrderShipping.BulkToSchool));
  const [checkNumber, setCheckNumber] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const stores = useStoresOf(accountId);
  const products = useStoreProducts(storeId);
  const enter = useEnterCashOrCheckOrder();

  const productList: Product[] = products.data?.data ?? [];
  const lineOf = (id: number): Line => lines[id] ?? { quantity: 0, personalizationName: '' };
  const setLine = (id: number, patch: Partial<Line>) =>
    setLines((all) => ({ ...all, [id]: { ...lineOf(id), ...patch } }));
  const chosen = productList.filter((product) => lineOf(product.id).quantity > 0);
  const totalCents = chosen.reduce((sum, product) => {
    const line = lineOf(product.id);
    const personalization = line.personalizationName.trim() ? (product.personalizationPriceCents ?? 0) : 0;
    return sum + ((product.currentPriceCents ?? 0) + personalization) * line.quantity;
  }, 0);

  const submit = async () => {
    if (storeId === null) {
      setFormError('Choose the school and its store.');
      return;
    }
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    const body: CashOrCheckOrderBody = {
      storeId,
      typePayment: Number(typePayment),
      typeShipping: Number(typeShipping),
      checkNumber: Number(typePayment) === onlineOrderPayment.Check ? optional(checkNumber) : null,
      parentName: contact.parentName.trim(),
      parentEmail: contact.parentEmail.trim(),
      parentPhone: optional(contact.parentPhone),
      studentFirstName: optional(contact.studentFirstName),
      studentLastName: optional(contact.studentLastName),
      homeroom: optional(contact.homeroom),
      grade: optional(contact.grade),
      items: chosen.map((product) => ({
        productId: product.id,
        quantity: lineOf(product.id).quantity,
        personalizationName: optional(lineOf(product.id).personalizationName),
      })),
    };
    setFormError(null);
    setFieldErrors({});
    try {
      const order = await enter.mutateAsync(body);
      notifications.show({
        color: 'green',
        title: 'Order entered',
        message: `Order ${order.orderNumber} is recorded as paid.`,
      });
      onDone(order);
    } catch (error) {
      if (isApiError(error) && error.errors?.length) {
        setFieldErrors(Object.fromEntries(error.errors.map((field) => [field.path, field.message])));
      }
      setFormError(errorMessage(error));
    }
  };

  return (
    <Stack gap="sm">
      <FormError message={formError} />
      <AccountPicker
        label="School"
        value={accountId}
        onChange={(id) => {
          setAccountId(id);
          setStoreId(null);
          setLines({});
        }}
        required
      />
      <Select
        label="Store"
        required
        disabled={accountId === null}
        value={storeId === null ? null : String(storeId)}
        onChange={(value) => {
          setStoreId(value ? Number(value) : null);
          setLines({});
        }}
        data={(stores.data?.data ?? []).map((store) => ({
          value: String(store.id),
          label: `${store.year}${store.title ? ` — ${store.title}` : ''}`,
        }))}
        error={fieldErrors.storeId}
      />
      {storeId !== null ? (
        <Table aria-label="Products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Quantity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {productList.map((product) => (
              <Table.Tr key={product.id}>
                <Table.Td>
                  {product.name}
                  {product.typePersonalization !== null && lineOf(product.id).quantity > 0 ? (
                    <TextInput
                      size="xs"
                      mt={4}
                      placeholder={`Personalization (+${formatCurrency(product.personalizationPriceCents ?? 0)})`}
                      aria-label={`Personalization of ${product.name}`}
                      maxLength={40}
                      value={lineOf(product.id).personalizationName}
                      onChange={(event) => setLine(product.id, { personalizationName: event.currentTarget.value })}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {product.currentPriceCents === null ? '—' : formatCurrency(product.currentPriceCents)}
                </Table.Td>
                <Table.Td w={110}>
                  <NumberInput
                    aria-label={`Quantity of ${product.name}`}
                    min={0}
                    max={product.maxPerOrder ?? 100}
                    allowDecimal={false}
                    disabled={product.currentPriceCents === null}
                    value={lineOf(product.id).quantity}
                    onChange={(value) => setLine(product.id, { quantity: typeof value === 'number' ? value : 0 })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {fieldErrors.items ? (
        <Text c="red" size="sm">
          {fieldErrors.items}
        </Text>
      ) : null}
      {CONTACT_FIELDS.map(([key, label, required]) => (
        <TextInput
          key={key}
          label={label}
          required={required}
          value={contact[key]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setContact((all) => ({ ...all, [key]: value }));
          }}
          error={fieldErrors[key]}
        />
      ))}
      <Group grow>
        <Select
          label="Payment"
          allowDeselect={false}
          value={typePayment}
          onChange={(value) => setTypePayment(value ?? String(onlineOrderPayment.Cash))}
          data={onlineOrderPayment.options([onlineOrderPayment.Cash, onlineOrderPayment.Check])}
        />
        <Select
          label="Delivery"
          allowDeselect={false}
          value={typeShipping}
          onChange={(value) => setTypeShipping(value ?? String(onlineOrderShipping.BulkToSchool))}
          data={onlineOrderShipping.options()}
        />
      </Group>
      {Number(typePayment) === onlineOrderPayment.Check ? (
        <TextInput
          label="Check number"
          required
          value={checkNumber}
          onChange={(event) => setCheckNumber(event.currentTarget.value)}
          error={fieldErrors.checkNumber}
        />
      ) : null}
      <Group justify="space-between">
        <Text fw={600}>Total {formatCurrency(totalCents)}</Text>
        <Button onClick={() => void submit()} loading={enter.isPending} disabled={chosen.length === 0}>
          Record paid order
        </Button>
      </Group>
    </Stack>
  );
}
