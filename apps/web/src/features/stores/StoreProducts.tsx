import { type Product, productCreateSchema, productPersonalizationCodes } from '@colophon/contract';
import {
  dedicationAdSize,
  envelope,
  formatCurrency,
  formatCurrencyInput,
  formatDateTime,
  parseCurrencyInput,
  productShipping,
  productSubTypeLabel,
  productSubTypes,
  productType,
} from '@colophon/domain';
import {
  Button,
  CloseButton,
  FileButton,
  Grid,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { type JSX, useState } from 'react';
import { z } from 'zod';
import { ActiveBadge } from '../../components/data-table/cells';
import { PlainTable } from '../../components/data-table/PlainTable';
import { ChangeButton } from '../../components/feedback/ChangeButton';
import { QueryState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { FormActions } from '../../components/form/FormActions';
import { FormError } from '../../components/form/FormError';
import { numberInputProps } from '../../components/form/numberInputProps';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { errorMessage } from '../../lib/api-client';
import { ACCEPTED_IMAGES, readImageForUpload } from '../../lib/image-upload';
import { useSession } from '../../lib/session';
import { productsResource, useAddPrice, usePrices, useStoreProducts, useUploadProductImage } from './api';

const personalizationLabels: Record<number, string> = { 1: 'Name', 2: 'Name and photo', 4: 'Name and icons' };

/** A store's products with their current prices; a product's drawer edits it, its prices and its image. */
export function StoreProducts({
  storeId,
  productId,
  canManage,
  onProduct,
  onClose,
}: {
  storeId: number;
  productId: number | undefined;
  canManage: boolean;
  onProduct: (productId: number | 'new' | undefined) => void;
  onClose: () => void;
}): JSX.Element {
  const query = useStoreProducts(storeId);
  const [creating, setCreating] = useState(false);
  const products = query.data?.data ?? [];
  const open = productId === undefined ? undefined : products.find((product) => product.id === productId);
  const closeDrawer = () => {
    setCreating(false);
    onProduct(undefined);
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Products
          </Title>
          <Group gap="xs">
            {canManage ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                New product
              </Button>
            ) : null}
            <CloseButton aria-label="Close the products" onClick={onClose} />
          </Group>
        </Group>
        <QueryState query={query} loadingLabel="Loading the products…">
          {({ data }) =>
            data.length === 0 ? (
              <Text c="dimmed">This store sells nothing yet.</Text>
            ) : (
              <PlainTable label="Products" columns={['Name', 'Type', 'Sub type', 'Shipping', 'Price', 'Active']}>
                {data.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => onProduct(product.id)}>
                        {product.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>{productType.label(product.typeProduct)}</Table.Td>
                    <Table.Td>{productSubTypeLabel(product.typeProduct, product.typeSubProduct) || '—'}</Table.Td>
                    <Table.Td>{productShipping.label(product.typeShipping)}</Table.Td>
                    <Table.Td>
                      {product.currentPriceCents === null ? '—' : formatCurrency(product.currentPriceCents)}
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge active={product.isActive} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </PlainTable>
            )
          }
        </QueryState>
      </Stack>
      <GuardedDrawer
        opened={creating || open !== undefined}
        onClose={closeDrawer}
        title={open ? open.name : 'New product'}
        position="right"
        size="lg"
      >
        {creating ? (
          <ProductForm storeId={storeId} canManage={canManage} onDone={closeDrawer} />
        ) : open ? (
          <Stack gap="lg">
            <ProductForm storeId={storeId} product={open} canManage={canManage} onDone={closeDrawer} />
            <PriceHistory product={open} canManage={canManage} />
            <ProductImage product={open} canManage={canManage} />
          </Stack>
        ) : null}
      </GuardedDrawer>
    </Paper>
  );
}

const productFormSchema = z
  .object({
    typeProduct: productCreateSchema.shape.typeProduct,
    typeSubProduct: z.number().int(),
    name: productCreateSchema.shape.name,
    description: z.string(),
    typeShipping: productCreateSchema.shape.typeShipping,
    adSize: productCreateSchema.shape.adSize,
    typeEnvelope: productCreateSchema.shape.typeEnvelope,
    typePersonalization: productCreateSchema.shape.typePersonalization,
    personalizationPrice: z
      .string()
      .refine((text) => text.trim() === '' || parseCurrencyInput(text) !== null, 'A price like 5.00'),
    allowsDonation: z.boolean(),
    maxPerOrder: z.number().int().nullable(),
    sortOrder: z.number().int(),
    isActive: z.boolean(),
  })
  // Fields the type does not have are sent empty, so a product changed from an ad keeps no ad size.
  .transform(({ personalizationPrice, description, ...rest }) => {
    const isAd = rest.typeProduct === productType.YearbookAd;
    const isYearbook = rest.typeProduct === productType.Yearbook;
    const personalization = isYearbook ? rest.typePersonalization : null;
    return {
      ...rest,
      typeSubProduct: productSubTypes(rest.typeProduct) ? rest.typeSubProduct : 0,
      adSize: isAd ? rest.adSize : null,
      typePersonalization: personalization,
      personalizationPriceCents:
        personalization === null || personalizationPrice.trim() === ''
          ? null
          : parseCurrencyInput(personalizationPrice),
      description: description.trim() === '' ? null : description.trim(),
    };
  });

/** A product's fields, driven by its type: an ad's size for ads, personalization for yearbooks. */
function ProductForm({
  storeId,
  product,
  canManage,
  onDone,
}: {
  storeId: number;
  product?: Product;
  canManage: boolean;
  onDone: () => void;
}) {
  const create = productsResource.useCreate();
  const update = productsResource.useUpdate();
  const schemaForm = useSchemaForm({
    schema: productFormSchema,
    method: product ? 'PUT' : 'POST',
    initialValues: {
      typeProduct: product?.typeProduct ?? productType.Yearbook,
      typeSubProduct: product?.typeSubProduct ?? 0,
      name: product?.name ?? '',
      description: product?.description ?? '',
      typeShipping: product?.typeShipping ?? 1,
      adSize: product?.adSize ?? null,
      typeEnvelope: product?.typeEnvelope ?? 0,
      typePersonalization: product?.typePersonalization ?? null,
      personalizationPrice:
        product?.personalizationPriceCents == null ? '' : formatCurrencyInput(product.personalizationPriceCents),
      allowsDonation: product?.allowsDonation ?? false,
      maxPerOrder: product?.maxPerOrder ?? null,
      sortOrder: product?.sortOrder ?? 0,
      isActive: product?.isActive ?? true,
    },
    submit: (body) =>
      product ? update.mutateAsync({ id: product.id, body }) : create.mutateAsync({ ...body, storeId }),
    successMessage: (saved) => `${saved.name} is saved.`,
    onSuccess: () => {
      // A new product stays open only long enough to be saved; its prices come next, from its row.
      if (!product) onDone();
    },
  });
  const { form } = schemaForm;
  const values = form.getValues();
  const subTypes = productSubTypes(values.typeProduct);
  return (
    <form onSubmit={schemaForm.onSubmit} noValidate>
      <fieldset disabled={!canManage} style={{ border: 0, padding: 0, margin: 0 }}>
        <Grid gap="md">
          <Grid.Col span={12}>
            <TextInput label="Name" required maxLength={200} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select
              label="Type"
              required
              data={productType.options()}
              allowDeselect={false}
              {...numberSelectProps(form, 'typeProduct')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            {subTypes ? (
              <Select
                label="Sub type"
                required
                data={subTypes.options()}
                allowDeselect={false}
                {...numberSelectProps(form, 'typeSubProduct')}
              />
            ) : null}
          </Grid.Col>
          {values.typeProduct === productType.YearbookAd ? (
            <Grid.Col span={6}>
              <Select
                label="Ad size"
                required
                data={dedicationAdSize.options()}
                {...numberSelectProps(form, 'adSize', { nullable: true })}
              />
            </Grid.Col>
          ) : null}
          {values.typeProduct === productType.Yearbook ? (
            <>
              <Grid.Col span={6}>
                <Select
                  label="Personalization"
                  placeholder="None"
                  clearable
                  data={productPersonalizationCodes.map((code) => ({
                    value: String(code),
                    label: personalizationLabels[code]!,
                  }))}
                  {...numberSelectProps(form, 'typePersonalization', { nullable: true })}
                />
              </Grid.Col>
              <Grid.Col span={6}>
                {values.typePersonalization !== null ? (
                  <TextInput
                    label="Personalization price ($)"
                    placeholder="5.00"
                    {...form.getInputProps('personalizationPrice')}
                  />
                ) : null}
              </Grid.Col>
            </>
          ) : null}
          <Grid.Col span={6}>
            <Select
              label="Shipping"
              required
              data={productShipping.options()}
              allowDeselect={false}
              {...numberSelectProps(form, 'typeShipping')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select
              label="Envelope"
              data={envelope.options()}
              allowDeselect={false}
              {...numberSelectProps(form, 'typeEnvelope')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={5000}
              {...form.getInputProps('description')}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput
              label="Most per order"
              min={1}
              allowDecimal={false}
              {...numberInputProps(form, 'maxPerOrder', { nullable: true })}
            />
          </Grid.Col>
          <Grid.Col span={6}>
            <NumberInput label="Sort order" min={0} allowDecimal={false} {...numberInputProps(form, 'sortOrder')} />
          </Grid.Col>
          {values.typeProduct === productType.Yearbook ? (
            <Grid.Col span={6}>
              <Switch
                label="May be bought for another student"
                {...form.getInputProps('allowsDonation', { type: 'checkbox' })}
              />
            </Grid.Col>
          ) : null}
          <Grid.Col span={6}>
            <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
      </fieldset>
      {canManage ? (
        <FormActions
          schemaForm={schemaForm}
          submitLabel={product ? 'Save product' : 'Create product'}
          onCancel={onDone}
          sticky={false}
        />
      ) : null}
    </form>
  );
}

const todayInput = () => new Date().toISOString().slice(0, 10);

/** A product's prices over time; a new one starts on a day (at midnight UTC) and runs until the next. */
function PriceHistory({ product, canManage }: { product: Product; canManage: boolean }) {
  const query = usePrices(product.id);
  const add = useAddPrice(product.id);
  const zone = useSession()?.user.timezone;
  const [price, setPrice] = useState('');
  const [from, setFrom] = useState(todayInput());
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const priceCents = parseCurrencyInput(price);
    if (priceCents === null) return setError('Enter a price like 75.00.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return setError('Enter the first day, YYYY-MM-DD.');
    try {
      await add.mutateAsync({ priceCents, startsAt: `${from}T00:00:00Z` });
      setPrice('');
      notifications.show({ color: 'green', title: 'Saved', message: `${formatCurrency(priceCents)} from ${from}.` });
    } catch (refusal) {
      setError(errorMessage(refusal));
    }
  };

  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Prices
      </Title>
      <QueryState query={query} loadingLabel="Loading the prices…">
        {({ data }) =>
          data.length === 0 ? (
            <Text c="dimmed" size="sm">
              No price yet: parents cannot buy it.
            </Text>
          ) : (
            <PlainTable label="Prices" columns={['Price', 'From', 'Until']}>
              {data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatCurrency(row.priceCents)}</Table.Td>
                  <Table.Td>{formatDateTime(row.startsAt, zone)}</Table.Td>
                  <Table.Td>{row.endsAt ? formatDateTime(row.endsAt, zone) : 'the next price'}</Table.Td>
                </Table.Tr>
              ))}
            </PlainTable>
          )
        }
      </QueryState>
      {canManage ? (
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New price ($)"
            placeholder="75.00"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            w={140}
          />
          <TextInput
            label="From"
            description="YYYY-MM-DD"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            w={160}
          />
          <ChangeButton method="POST" loading={add.isPending} onClick={() => void submit()}>
            Add price
          </ChangeButton>
        </Group>
      ) : null}
      {error ? <FormError message={error} /> : null}
    </Stack>
  );
}

/** The product's picture: a JPEG, PNG or WebP, checked and sized here, checked again by the API. */
function ProductImage({ product, canManage }: { product: Product; canManage: boolean }) {
  const upload = useUploadProductImage();
  const [error, setError] = useState<string | null>(null);
  const send = async (file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      const image = await readImageForUpload(file);
      if ('refusal' in image) return setError(image.refusal);
      await upload.mutateAsync({ productId: product.id, data: image.data });
      notifications.show({ color: 'green', title: 'Saved', message: `${product.name} has its picture.` });
    } catch (refusal) {
      setError(errorMessage(refusal));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Picture
      </Title>
      {product.imageUrl ? (
        <Image src={product.imageUrl} alt={`Picture of ${product.name}`} w={160} radius="sm" />
      ) : (
        <Text c="dimmed" size="sm">
          No picture yet.
        </Text>
      )}
      {canManage ? (
        <FileButton onChange={(file) => void send(file)} accept={ACCEPTED_IMAGES}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              w="fit-content"
            >
              Upload a picture
            </Button>
          )}
        </FileButton>
      ) : null}
      {error ? <FormError message={error} /> : null}
    </Stack>
  );
}
