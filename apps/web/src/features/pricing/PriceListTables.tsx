import {
  codeOf,
  designationSchema,
  directSchoolPricingsContract,
  pricingItemsContract,
  pricingItemUnits,
  shippingPricesContract,
  shipToHomePricesContract,
  shipToHomeShippingPricesContract,
} from '@colophon/contract';
import {
  bookSize,
  bookType,
  formatCurrency,
  formatCurrencyInput,
  parseCurrencyInput,
  pricingDesignation,
  pricingItemType,
} from '@colophon/domain';
import { Anchor, NumberInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { type ColumnContext, column, ResourcePage } from '../../components/resource-page';
import {
  directSchoolPricingsResource,
  pricingItemsResource,
  shippingPricesResource,
  shipToHomePricesResource,
  shipToHomeShippingPricesResource,
} from './api';
import { codeOptions, designationOptions, singleSelect, yearOptions as yearOptionsOf } from './PricingTools';

/*
 * The price lists besides the binding prices and the accounts' designations, one tab each of
 * /admin/super/customer-pricing: the same data table and drawer form as the other tabs, amounts
 * typed in dollars and turned into whole cents once, in each form's schema.
 */

const route = getRouteApi('/admin/super/customer-pricing');

type Named = { name: string };
type OptionPrice = z.output<typeof pricingItemsContract.item> & Named;
type ShippingPrice = z.output<typeof shippingPricesContract.item> & Named;
type ShipToHomePrice = z.output<typeof shipToHomePricesContract.item> & Named;
type Postage = z.output<typeof shipToHomeShippingPricesContract.item> & Named;
type DirectSchool = z.output<typeof directSchoolPricingsContract.item> & Named;

const yearOptions = yearOptionsOf();
const yearFilter = { key: 'year', kind: 'custom', render: singleSelect('Year', yearOptions, true) } as const;
const yearField = {
  key: 'year',
  kind: 'number',
  label: 'Year',
  required: true,
  min: 2000,
  max: 2100,
  span: 1,
} as const;
const yearSchema = z.number().int().min(2000).max(2100);
/** Dollars as typed ('15.25'); the schema's transform makes them cents. */
const dollarsText = z.string().refine((text) => parseCurrencyInput(text) !== null, 'A price like 15.25');
const centsOf = (text: string) => parseCurrencyInput(text) ?? 0;
const emptyText = (noun: string) => (filtered: boolean) =>
  filtered ? `No ${noun} match these filters` : `No ${noun} yet`;

/** An amount in dollars, and the link that opens the row's form. */
function priceColumn<T extends Named>(key: keyof T & string, title: string, cents: (row: T) => number) {
  return ({ open }: ColumnContext<T>) => ({
    accessor: key,
    title,
    sortable: true,
    textAlign: 'right' as const,
    render: (row: T) => (
      <Anchor component="button" type="button" size="sm" aria-label={`Edit ${row.name}`} onClick={() => open(row)}>
        {formatCurrency(cents(row))}
      </Anchor>
    ),
  });
}

const unitOptions = pricingItemUnits.map((unit) => ({
  value: unit,
  label: unit === 'book' ? 'Each copy' : 'Once an order',
}));

const optionForm = z
  .object({
    year: yearSchema,
    typeItems: codeOf(pricingItemType, 'pricing item type'),
    code: z.number().int().min(0).max(999),
    label: z.string().trim().min(1, 'Required').max(100),
    price: dollarsText,
    per: z.enum(pricingItemUnits),
  })
  .transform(({ price, ...rest }) => ({ ...rest, unitCents: centsOf(price) }));

/** Options: the prices of the specification's options (`pricing_items?year&type_items`). */
export function OptionPriceTable({ year }: { year: number }): JSX.Element {
  const search = route.useSearch();
  return (
    <ResourcePage
      contract={pricingItemsContract}
      resource={pricingItemsResource}
      route={route}
      label="Option prices"
      noun="option price"
      emptyText={emptyText('option prices')}
      filters={[
        yearFilter,
        { key: 'type_items', kind: 'custom', render: singleSelect('Option type', codeOptions(pricingItemType), true) },
      ]}
      columns={[
        column.text('year', 'Year', { sortable: true, width: 90 }),
        column.enumeration('typeItems', 'Option type', pricingItemType, { sortable: true }),
        column.text('code', 'Code', { sortable: true, width: 90 }),
        column.text('label', 'Option'),
        {
          accessor: 'per',
          title: 'Charged',
          render: (item: OptionPrice) => unitOptions.find((unit) => unit.value === item.per)?.label ?? item.per,
        },
        priceColumn<OptionPrice>('unitCents', 'Price', (item) => item.unitCents),
        column.remove(),
      ]}
      form={{
        schema: optionForm,
        fields: [
          yearField,
          {
            key: 'typeItems',
            kind: 'select',
            label: 'Option type',
            required: true,
            options: codeOptions(pricingItemType),
            span: 1,
          },
          {
            key: 'code',
            kind: 'number',
            label: 'Code',
            required: true,
            min: 0,
            max: 999,
            span: 1,
            description: 'The option’s code in its own list',
          },
          { key: 'per', kind: 'select', label: 'Charged', required: true, options: unitOptions, span: 1 },
          { key: 'label', kind: 'text', label: 'Label', required: true, maxLength: 100 },
          { key: 'price', kind: 'text', label: 'Price ($)', required: true, description: 'e.g. 0.45' },
        ],
        initialValues: (item?: OptionPrice) => ({
          year: item?.year ?? year,
          typeItems: item?.typeItems ?? search.type_items?.[0] ?? pricingItemType.codes[0],
          code: item?.code ?? 1,
          label: item?.label ?? '',
          price: item ? formatCurrencyInput(item.unitCents) : '',
          per: item?.per ?? 'book',
        }),
      }}
    />
  );
}

const copies = z.number().int().min(1).max(1_000_000);
const shippingForm = z
  .object({
    year: yearSchema,
    typeSize: codeOf(bookSize, 'size'),
    copiesMin: copies,
    copiesMax: copies,
    perBook: dollarsText,
  })
  .transform(({ perBook, ...rest }) => ({ ...rest, perBookCents: centsOf(perBook) }));

/** Bulk shipping: shipping to the school, per book, by size and copies bracket (`shipping_prices?year`). */
export function ShippingPriceTable({ year }: { year: number }): JSX.Element {
  return (
    <ResourcePage
      contract={shippingPricesContract}
      resource={shippingPricesResource}
      route={route}
      label="Bulk shipping prices"
      noun="shipping price"
      emptyText={emptyText('shipping prices')}
      filters={[
        yearFilter,
        { key: 'typeSize', kind: 'custom', render: singleSelect('Size', codeOptions(bookSize), true) },
      ]}
      columns={[
        column.text('year', 'Year', { sortable: true, width: 90 }),
        column.enumeration('typeSize', 'Size', bookSize, { sortable: true }),
        {
          accessor: 'copiesMin',
          title: 'Copies',
          sortable: true,
          render: (shipping: ShippingPrice) => `${shipping.copiesMin}–${shipping.copiesMax}`,
        },
        priceColumn<ShippingPrice>('perBookCents', 'Per book', (shipping) => shipping.perBookCents),
        column.remove(),
      ]}
      form={{
        schema: shippingForm,
        fields: [
          yearField,
          { key: 'typeSize', kind: 'select', label: 'Size', required: true, options: codeOptions(bookSize), span: 1 },
          { key: 'copiesMin', kind: 'number', label: 'Copies from', required: true, min: 1, span: 1 },
          { key: 'copiesMax', kind: 'number', label: 'Copies to', required: true, min: 1, span: 1 },
          { key: 'perBook', kind: 'text', label: 'Per book ($)', required: true, description: 'e.g. 1.45' },
        ],
        initialValues: (shipping?: ShippingPrice) => ({
          year: shipping?.year ?? year,
          typeSize: shipping?.typeSize ?? 8,
          copiesMin: shipping?.copiesMin ?? 1,
          copiesMax: shipping?.copiesMax ?? 99,
          perBook: shipping ? formatCurrencyInput(shipping.perBookCents) : '',
        }),
      }}
    />
  );
}

const shipToHomeForm = z
  .object({
    year: yearSchema,
    product: shipToHomePricesContract.create.shape.product,
    label: z.string().trim().min(1, 'Required').max(100),
    price: dollarsText,
  })
  .transform(({ price, ...rest }) => ({ ...rest, cents: centsOf(price) }));

/** Ship-to-home: the per-copy charges of shipping to homes besides the postage (handling, the mailer). */
export function ShipToHomePriceTable({ year }: { year: number }): JSX.Element {
  return (
    <ResourcePage
      contract={shipToHomePricesContract}
      resource={shipToHomePricesResource}
      route={route}
      label="Ship-to-home prices"
      noun="ship-to-home price"
      emptyText={emptyText('ship-to-home prices')}
      filters={[yearFilter]}
      columns={[
        column.text('year', 'Year', { sortable: true, width: 90 }),
        column.text('product', 'Product', { sortable: true }),
        column.text('label', 'Label'),
        priceColumn<ShipToHomePrice>('cents', 'Per copy', (charge) => charge.cents),
        column.remove(),
      ]}
      form={{
        schema: shipToHomeForm,
        fields: [
          yearField,
          {
            key: 'product',
            kind: 'text',
            label: 'Product',
            required: true,
            maxLength: 40,
            span: 1,
            description: 'e.g. handling',
          },
          { key: 'label', kind: 'text', label: 'Label', required: true, maxLength: 100 },
          { key: 'price', kind: 'text', label: 'Price per copy ($)', required: true, description: 'e.g. 1.50' },
        ],
        initialValues: (charge?: ShipToHomePrice) => ({
          year: charge?.year ?? year,
          product: charge?.product ?? '',
          label: charge?.label ?? '',
          price: charge ? formatCurrencyInput(charge.cents) : '',
        }),
      }}
    />
  );
}

const pages = z.number().int().min(1).max(2000);
const postageForm = z
  .object({
    year: yearSchema,
    typeBook: codeOf(bookType, 'book type'),
    typeSize: codeOf(bookSize, 'size'),
    pageMin: pages,
    pageMax: pages,
    postage: dollarsText,
  })
  .transform(({ postage, ...rest }) => ({ ...rest, cents: centsOf(postage) }));

/** The list's `page_count` filter: the brackets holding that many pages. */
function pageCountFilter(value: unknown, onChange: (next: unknown) => void) {
  return (
    <NumberInput
      aria-label="Page count"
      placeholder="Any page count"
      w={150}
      min={1}
      max={2000}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => onChange(typeof next === 'number' && next > 0 ? next : undefined)}
    />
  );
}

/** Ship-to-home postage: per copy by binding, size and page bracket (`year, type_book, page_count, type_size`). */
export function PostageTable({ year }: { year: number }): JSX.Element {
  return (
    <ResourcePage
      contract={shipToHomeShippingPricesContract}
      resource={shipToHomeShippingPricesResource}
      route={route}
      label="Ship-to-home postage"
      noun="postage price"
      emptyText={emptyText('postage prices')}
      filters={[
        yearFilter,
        { key: 'type_book', kind: 'custom', render: singleSelect('Book type', codeOptions(bookType), true) },
        { key: 'type_size', kind: 'custom', render: singleSelect('Size', codeOptions(bookSize), true) },
        { key: 'page_count', kind: 'custom', render: pageCountFilter },
      ]}
      columns={[
        column.text('year', 'Year', { sortable: true, width: 90 }),
        column.enumeration('typeBook', 'Book type', bookType, { sortable: true }),
        column.enumeration('typeSize', 'Size', bookSize, { sortable: true }),
        {
          accessor: 'pageMin',
          title: 'Pages',
          sortable: true,
          render: (postage: Postage) => `${postage.pageMin}–${postage.pageMax}`,
        },
        priceColumn<Postage>('cents', 'Postage', (postage) => postage.cents),
        column.remove(),
      ]}
      form={{
        schema: postageForm,
        fields: [
          yearField,
          {
            key: 'typeBook',
            kind: 'select',
            label: 'Book type',
            required: true,
            options: codeOptions(bookType),
            span: 1,
          },
          { key: 'typeSize', kind: 'select', label: 'Size', required: true, options: codeOptions(bookSize), span: 1 },
          { key: 'pageMin', kind: 'number', label: 'Pages from', required: true, min: 1, max: 2000, span: 1 },
          { key: 'pageMax', kind: 'number', label: 'Pages to', required: true, min: 1, max: 2000, span: 1 },
          { key: 'postage', kind: 'text', label: 'Postage per copy ($)', required: true, description: 'e.g. 5.95' },
        ],
        initialValues: (postage?: Postage) => ({
          year: postage?.year ?? year,
          typeBook: postage?.typeBook ?? bookType.StandardHardCover,
          typeSize: postage?.typeSize ?? 8,
          pageMin: postage?.pageMin ?? 8,
          pageMax: postage?.pageMax ?? 96,
          postage: postage ? formatCurrencyInput(postage.cents) : '',
        }),
      }}
    />
  );
}

const directForm = z.object({ year: yearSchema, designation: designationSchema });

/** Direct-school designations: the list that prices a year's accounts without their own pricing. */
export function DirectSchoolTable({ year }: { year: number }): JSX.Element {
  return (
    <ResourcePage
      contract={directSchoolPricingsContract}
      resource={directSchoolPricingsResource}
      route={route}
      label="Direct-school designations"
      noun="direct-school designation"
      emptyText={emptyText('direct-school designations')}
      filters={[yearFilter]}
      columns={[
        column.link('name', 'Year and designation'),
        column.text('year', 'Year', { sortable: true, width: 90 }),
        {
          accessor: 'designation',
          title: 'Designation',
          sortable: true,
          render: (direct: DirectSchool) => `${direct.designation} — ${pricingDesignation.label(direct.designation)}`,
        },
        column.remove(),
      ]}
      form={{
        schema: directForm,
        fields: [
          yearField,
          {
            key: 'designation',
            kind: 'select',
            label: 'Designation',
            required: true,
            options: designationOptions,
            span: 1,
          },
        ],
        initialValues: (direct?: DirectSchool) => ({
          year: direct?.year ?? year,
          designation: direct?.designation ?? 'A',
        }),
      }}
    />
  );
}
