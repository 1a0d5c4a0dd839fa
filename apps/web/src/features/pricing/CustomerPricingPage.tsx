import {
  bindingPricesContract,
  type CustomerPricingPageTab,
  codeOf,
  customerPricingPageTabs,
  customerPricingsContract,
  designationSchema,
  type PricingImportKind,
} from '@colophon/contract';
import {
  bookSize,
  bookType,
  formatCurrency,
  formatCurrencyInput,
  parseCurrencyInput,
  pricingDesignation,
} from '@colophon/domain';
import { Anchor, Group, Stack, Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { type ColumnContext, column, ResourcePage } from '../../components/resource-page';
import { bindingPricesResource, customerPricingsResource } from './api';
import {
  DirectSchoolTable,
  OptionPriceTable,
  PostageTable,
  ShippingPriceTable,
  ShipToHomePriceTable,
} from './PriceListTables';
import {
  CopyYearButton,
  codeOptions,
  designationOptions,
  ImportCsvButton,
  singleSelect,
  yearOptions as yearOptionsOf,
} from './PricingTools';

const route = getRouteApi('/admin/super/customer-pricing');

type Price = z.output<typeof bindingPricesContract.item> & { name: string };
type Pricing = z.output<typeof customerPricingsContract.item> & { name: string };

const yearOptions = yearOptionsOf();

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

/** Each tab: its label, the list its CSV import takes, and the import button's words. */
const tabs: Record<CustomerPricingPageTab, { label: string; importKind: PricingImportKind; importLabel: string }> = {
  prices: { label: 'Binding prices', importKind: 'binding_prices', importLabel: 'price list' },
  accounts: { label: 'Customer pricing', importKind: 'customer_pricings', importLabel: 'account pricing' },
  options: { label: 'Options', importKind: 'pricing_items', importLabel: 'option prices' },
  shipping: { label: 'Bulk shipping', importKind: 'shipping_prices', importLabel: 'bulk shipping' },
  home: { label: 'Ship-to-home', importKind: 'ship_to_home_prices', importLabel: 'ship-to-home' },
  postage: { label: 'Ship-to-home postage', importKind: 'ship_to_home_shipping_prices', importLabel: 'postage' },
  direct: { label: 'Direct-school designations', importKind: 'direct_school_pricings', importLabel: 'direct-school' },
};

const isTab = (value: string | null): value is CustomerPricingPageTab =>
  customerPricingPageTabs.some((tab) => tab === value);

/**
 * /admin/super/customer-pricing: every price list of part 7 by year, one tab each (kept in the URL):
 * the designations' binding prices, the accounts' designations, the options' prices, bulk shipping,
 * ship-to-home charges and postage, and the direct-school designation. Each is edited through its
 * resource, exported and imported as CSV; "Copy year forward" carries all of them.
 */
export function CustomerPricingPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const tab = search.tab ?? 'prices';
  const year = search.year?.[0] ?? new Date().getFullYear();
  const current = tabs[tab];
  return (
    <Stack gap="md">
      {/* The shell's heading names the page; these act on the year shown. */}
      <Group justify="flex-end" wrap="wrap">
        <Group gap="xs">
          <CopyYearButton what="price_lists" fromYear={year} />
          <ImportCsvButton kind={current.importKind} label={current.importLabel} />
        </Group>
      </Group>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(next) => {
          if (!isTab(next)) return;
          void navigate({
            // Each tab's list starts afresh (its own filters and sorts); the year stays, and the
            // designation between the two lists that have one.
            search: (previous) => ({
              year: previous.year,
              ...(next === 'prices' || next === 'accounts' ? { designation: previous.designation } : {}),
              tab: next === 'prices' ? undefined : next,
            }),
          });
        }}
      >
        <Tabs.List aria-label="Price lists">
          {customerPricingPageTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabs[value].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <TabList tab={tab} year={year} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function TabList({ tab, year }: { tab: CustomerPricingPageTab; year: number }): JSX.Element {
  switch (tab) {
    case 'prices':
      return <PriceListTable />;
    case 'accounts':
      return <AccountPricingTable year={year} />;
    case 'options':
      return <OptionPriceTable year={year} />;
    case 'shipping':
      return <ShippingPriceTable year={year} />;
    case 'home':
      return <ShipToHomePriceTable year={year} />;
    case 'postage':
      return <PostageTable year={year} />;
    case 'direct':
      return <DirectSchoolTable year={year} />;
  }
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
