import { discountCreateSchema, discountsContract } from '@colophon/contract';
import { discountType, discountYears, formatCurrency, formatCurrencyInput, parseCurrencyInput } from '@colophon/domain';
import { Select } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { column, ResourcePage } from '../../components/resource-page';
import { discountsResource } from './api';

const route = getRouteApi('/admin/sales-store-coupons');

type Coupon = z.output<typeof discountsContract.item> & { name: string };

/** A coupon's amount as people read it: '10.00 %' or '$5.00'. */
export const couponAmount = (coupon: Pick<Coupon, 'typeDiscount' | 'amount'>) =>
  coupon.typeDiscount === discountType.Percentage
    ? `${formatCurrencyInput(coupon.amount)} %`
    : formatCurrency(coupon.amount);

const money = (label: string) =>
  z.string().refine((text) => text.trim() === '' || parseCurrencyInput(text) !== null, `${label}: a number like 10.00`);
const day = z.string().refine((text) => text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text), 'A date, YYYY-MM-DD');
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The drawer's form. A percentage and dollars are both typed with two decimals (10.00 % or $10.00)
 * and both become whole hundredths (basis points, cents) once, here, never a float in the body.
 */
const couponFormSchema = z
  .object({
    accountId: z.number().int().positive('Choose the account'),
    code: z.string(),
    description: z.string(),
    typeDiscount: discountCreateSchema.shape.typeDiscount,
    amount: money('Amount').refine((text) => text.trim() !== '', 'Required'),
    year: z.string(),
    maxUses: z.number().int().nullable(),
    minimumOrder: money('Minimum order'),
    startsOn: day,
    endsOn: day,
    isActive: z.boolean(),
  })
  .transform(({ amount, minimumOrder, description, startsOn, endsOn, ...rest }) => ({
    ...rest,
    amount: parseCurrencyInput(amount) ?? 0,
    minimumOrderCents: minimumOrder.trim() === '' ? null : parseCurrencyInput(minimumOrder),
    description: orNull(description),
    startsOn: orNull(startsOn),
    endsOn: orNull(endsOn),
  }));

const yearOptions = [...discountYears].reverse().map((year) => ({ value: year, label: year }));

/** /admin/sales-store-coupons: Store Coupons — a school's coupons by year, active or not, searched by code. */
export function StoreCouponsPage(): JSX.Element {
  const search = route.useSearch();
  // A new coupon goes to the account filtered on, else to the one picked in the form.
  const defaultAccountId = search.accountId?.[0] ?? 0;
  return (
    <ResourcePage
      contract={discountsContract}
      resource={discountsResource}
      route={route}
      label="Store coupons"
      noun="coupon"
      emptyText={(filtered) => (filtered ? 'No coupons match these filters' : 'No coupons yet')}
      filters={[
        { key: 'search', kind: 'search', placeholder: 'Code or description' },
        {
          key: 'year',
          kind: 'custom',
          render: (value, onChange) => (
            <Select
              aria-label="Year"
              placeholder="Any year"
              clearable
              w={140}
              data={yearOptions}
              value={Array.isArray(value) ? ((value[0] as string | undefined) ?? null) : null}
              onChange={(year) => onChange(year ? [year] : undefined)}
            />
          ),
        },
        { key: 'isActive', kind: 'boolean', label: 'Active' },
        { key: 'accountId', kind: 'account', label: 'Account' },
      ]}
      columns={[
        column.link('name', 'Code', { sortable: true }),
        column.text('description', 'Description'),
        { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (coupon: Coupon) => couponAmount(coupon) },
        column.text('year', 'Year', { sortable: true }),
        {
          accessor: 'timesUsed',
          title: 'Used',
          sortable: true,
          render: (coupon: Coupon) => `${coupon.timesUsed}${coupon.maxUses === null ? '' : ` of ${coupon.maxUses}`}`,
        },
        column.text('startsOn', 'Starts', { sortable: true }),
        column.text('endsOn', 'Ends', { sortable: true }),
        column.active('isActive', 'Active'),
        column.remove(),
      ]}
      form={{
        schema: couponFormSchema,
        fields: [
          { key: 'accountId', kind: 'account', label: 'Account', required: true },
          { key: 'code', kind: 'text', label: 'Code', required: true, maxLength: 40, span: 1 },
          { key: 'year', kind: 'select', label: 'School year', required: true, options: yearOptions, span: 1 },
          { key: 'description', kind: 'text', label: 'Description', maxLength: 200 },
          {
            key: 'typeDiscount',
            kind: 'select',
            label: 'Type',
            required: true,
            options: discountType.entries.map((entry) => ({ value: String(entry.code), label: entry.label })),
            span: 1,
          },
          {
            key: 'amount',
            kind: 'text',
            label: 'Amount',
            required: true,
            description: 'Percent (10.00) or dollars (5.00)',
            span: 1,
          },
          { key: 'maxUses', kind: 'number', label: 'Uses at most', min: 1, nullable: true, span: 1 },
          { key: 'minimumOrder', kind: 'text', label: 'Minimum order ($)', span: 1 },
          { key: 'startsOn', kind: 'text', label: 'Starts on', description: 'YYYY-MM-DD', span: 1 },
          { key: 'endsOn', kind: 'text', label: 'Ends on', description: 'YYYY-MM-DD', span: 1 },
          { key: 'isActive', kind: 'switch', label: 'Active' },
        ],
        initialValues: (coupon?: Coupon) => ({
          accountId: coupon?.accountId ?? defaultAccountId,
          code: coupon?.code ?? '',
          description: coupon?.description ?? '',
          typeDiscount: coupon?.typeDiscount ?? discountType.Percentage,
          amount: coupon ? formatCurrencyInput(coupon.amount) : '',
          year: coupon?.year ?? discountYears[discountYears.length - 1]!,
          maxUses: coupon?.maxUses ?? null,
          minimumOrder: coupon?.minimumOrderCents == null ? '' : formatCurrencyInput(coupon.minimumOrderCents),
          startsOn: coupon?.startsOn ?? '',
          endsOn: coupon?.endsOn ?? '',
          isActive: coupon?.isActive ?? true,
        }),
      }}
    />
  );
}
