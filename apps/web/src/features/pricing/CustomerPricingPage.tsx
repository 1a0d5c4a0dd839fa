import { bindingPricesContract, codeOf, customerPricingsContract, designationSchema } from '@colophon/contract';
import {
  activePricingDesignations,
  bookSize,
  bookType,
  formatCurrency,
  formatCurrencyInput,
  parseCurrencyInput,
  pricingDesignation,
} from '@colophon/domain';
import { Anchor, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { type ColumnContext, column, ResourcePage } from '../../components/resource-page';
import { bindingPricesResource, customerPricingsResource } from './api';
import { CopyYearButton, ImportCsvButton, pricingYears } from './PricingTools';

const route = getRouteApi('/admin/super/customer-pricing');

type Price = z.output<typeof bindingPricesContract.item> & { name: string };
type Pricing = z.output<typeof customerPricingsContract.item> & { name: string };

const yearOptions = pricingYears()
  .reverse()
  .map((year) => ({ value: String(year), label: String(year) }));
const designationOptions = activePricingDesignations.map((code) => ({
  value: code,
  label: `${code} — ${pricingDesignation.label(code)}`,
}));
const codeOptions = (enumeration: { entries: readonly { code: number; label: string }[] }) =>
  enumeration.entries.map((entry) => ({ value: String(entry.code), label: entry.label }));

/** The price is typed in dollars and becomes whole cents here, once; the API checks the bracket. */
const priceForm = z
  .object({
    designation: designationSchema,
    year: z.number().int().min(2000).max(2100),
    typeBook: codeOf(bookType, 'book type'),
    typeSize: codeOf(bookSize, 'size'),
    pageMin: z.number().int().min(1).max(2000),
    pageMax: z.number().int().min(1).max(2000),
    perBook: z.string().refine((text) => parseCurrencyInput(text) !== null, 'A price like 15.25'),
  })
  .transform(({ perBook, ...rest }) => ({ ...rest, perBookCents: parseCurrencyInput(perBook) ?? 0 }));

const pricingFormSchema = z.object({
  accountId: z.number().int().positive('Choose the account'),
  year: z.number().int().min(2000).max(2100),
  designation: designationSchema,
  notes: z.string().transform((text) => (text.trim() === '' ? null : text.trim())),
});

/** A filter of one value kept in the URL's list (`year[]=2026`). */
function singleSelect(label: string, options: { value: string; label: string }[], numeric: boolean) {
  return (value: unknown, onChange: (next: unknown) => void) => (
    <Select
      aria-label={label}
      placeholder={`Any ${label.toLowerCase()}`}
      clearable
      w={170}
      data={options}
      value={Array.isArray(value) && value[0] !== undefined ? String(value[0]) : null}
      onChange={(next) => onChange(next ? [numeric ? Number(next) : next] : undefined)}
    />
  );
}

/**
 * /admin/super/customer-pricing: the designations' binding price lists by year (edit, copy a year
 * forward, CSV import and export) and, on its second tab, each account's designation.
 */
export function CustomerPricingPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab = search.tab ?? 'prices';
  const year = search.year?.[0] ?? new Date().getFullYear();
  return (
    <Stack gap="md">
      {/* The shell's heading names the page; these act on the year shown. */}
      <Group justify="flex-end" wrap="wrap">
        <Group gap="xs">
          <CopyYearButton what="price_lists" fromYear={year} />
          {tab === 'prices' ? (
            <ImportCsvButton kind="binding_prices" label="price list" />
          ) : (
            <ImportCsvButton kind="customer_pricings" label="account pricing" />
          )}
        </Group>
      </Group>
      <SegmentedControl
        aria-label="Show"
        value={tab}
        onChange={(next) =>
          void navigate({
            // Each tab's list starts afresh (its own sorts); the year and designation stay.
            search: (previous) => ({
              year: previous.year,
              designation: previous.designation,
              tab: next === 'accounts' ? 'accounts' : undefined,
            }),
          })
        }
        data={[
          { value: 'prices', label: 'Price lists' },
          { value: 'accounts', label: 'Accounts' },
        ]}
        w="fit-content"
      />
      {tab === 'prices' ? <PriceListTable /> : <AccountPricingTable year={year} />}
    </Stack>
  );
}

function PriceListTable(): JSX.Element {
  const search = route.useSearch();
  return (
    <ResourcePage
      contract={bindingPricesContract}
      resource={bindingPricesResource}
      route={route}
      label="Binding prices"
      noun="price"
      emptyText={(filtered) => (filtered ? 'No prices match these filters' : 'No prices yet')}
      filters={[
        { key: 'year', kind: 'custom', render: singleSelect('Year', yearOptions, true) },
        { key: 'designation', kind: 'custom', render: singleSelect('Designation', designationOptions, false) },
        { key: 'typeBook', kind: 'custom', render: singleSelect('Book type', codeOptions(bookType), true) },
        { key: 'typeSize', kind: 'custom', render: singleSelect('Size', codeOptions(bookSize), true) },
      ]}
      columns={[
        column.text('designation', 'Designation', { sortable: true, width: 120 }),
        column.text('year', 'Year', { sortable: true, width: 90 }),
        {
          accessor: 'typeBook',
          title: 'Book type',
          sortable: true,
          render: (price: Price) => bookType.label(price.typeBook),
        },
        {
          accessor: 'typeSize',
          title: 'Size',
          sortable: true,
          render: (price: Price) => bookSize.label(price.typeSize),
        },
        {
          accessor: 'pageMin',
          title: 'Pages',
          sortable: true,
          render: (price: Price) => `${price.pageMin}–${price.pageMax}`,
        },
        ({ open }: ColumnContext<Price>) => ({
          accessor: 'perBookCents',
          title: 'Per book',
          sortable: true,
          textAlign: 'right' as const,
          render: (price: Price) => (
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-label={`Edit ${price.name}`}
              onClick={() => open(price)}
            >
              {formatCurrency(price.perBookCents)}
            </Anchor>
          ),
        }),
        column.remove(),
      ]}
      form={{
        schema: priceForm,
        fields: [
          {
            key: 'designation',
            kind: 'select',
            label: 'Designation',
            required: true,
            options: designationOptions,
            span: 1,
          },
          { key: 'year', kind: 'number', label: 'Year', required: true, min: 2000, max: 2100, span: 1 },
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
          { key: 'perBook', kind: 'text', label: 'Price per book ($)', required: true, description: 'e.g. 15.25' },
        ],
        initialValues: (price?: Price) => ({
          designation: price?.designation ?? search.designation?.[0] ?? 'A',
          year: price?.year ?? search.year?.[0] ?? new Date().getFullYear(),
          typeBook: price?.typeBook ?? bookType.StandardHardCover,
          typeSize: price?.typeSize ?? 8,
          pageMin: price?.pageMin ?? 8,
          pageMax: price?.pageMax ?? 48,
          perBook: price ? formatCurrencyInput(price.perBookCents) : '',
        }),
      }}
    />
  );
}

function AccountPricingTable({ year }: { year: number }): JSX.Element {
  return (
    <ResourcePage
      contract={customerPricingsContract}
      resource={customerPricingsResource}
      route={route}
      label="Account pricing"
      noun="account pricing"
      include={['account']}
      emptyText={(filtered) => (filtered ? 'No account pricing matches these filters' : 'No account pricing yet')}
      filters={[
        { key: 'year', kind: 'custom', render: singleSelect('Year', yearOptions, true) },
        { key: 'designation', kind: 'custom', render: singleSelect('Designation', designationOptions, false) },
        { key: 'accountId', kind: 'account', label: 'Account' },
      ]}
      columns={[
        column.link('name', 'Account'),
        column.text('year', 'Year', { sortable: true, width: 90 }),
        {
          accessor: 'designation',
          title: 'Designation',
          sortable: true,
          render: (pricing: Pricing) => `${pricing.designation} — ${pricingDesignation.label(pricing.designation)}`,
        },
        column.text('notes', 'Notes'),
        column.remove(),
      ]}
      form={{
        schema: pricingFormSchema,
        fields: [
          { key: 'accountId', kind: 'account', label: 'Account', required: true },
          { key: 'year', kind: 'number', label: 'Year', required: true, min: 2000, max: 2100, span: 1 },
          {
            key: 'designation',
            kind: 'select',
            label: 'Designation',
            required: true,
            options: designationOptions,
            span: 1,
          },
          { key: 'notes', kind: 'textarea', label: 'Notes', maxLength: 1000 },
        ],
        initialValues: (pricing?: Pricing) => ({
          accountId: pricing?.accountId ?? 0,
          year: pricing?.year ?? year,
          designation: pricing?.designation ?? 'A',
          notes: pricing?.notes ?? '',
        }),
      }}
    />
  );
}
