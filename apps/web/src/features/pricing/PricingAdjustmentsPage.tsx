import { codeOf, pricingAdjustmentsContract } from '@colophon/contract';
import { commissionTier, formatCurrencyInput, parseCurrencyInput, pricingAdjustmentType } from '@colophon/domain';
import { Group, Select, Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { column, ResourcePage } from '../../components/resource-page';
import { pricingAdjustmentsResource } from './api';
import { adjustmentValue, CopyYearButton, ImportCsvButton, pricingYears } from './PricingTools';

const route = getRouteApi('/admin/super/pricing-adjustments');

type Adjustment = z.output<typeof pricingAdjustmentsContract.item> & { name: string };

const yearOptions = pricingYears()
  .reverse()
  .map((year) => ({ value: String(year), label: String(year) }));
const typeOptions = pricingAdjustmentType.entries.map((entry) => ({ value: String(entry.code), label: entry.label }));
const commissionOptions = [
  { value: '', label: 'Not set' },
  ...commissionTier.entries.map((entry) => ({ value: String(entry.code), label: entry.label })),
];

const amountText = z
  .string()
  .refine((text) => text.trim() === '' || parseCurrencyInput(text) !== null, 'A number like 10.00');

/**
 * The form types dollars and percent with two decimals; they become cents and basis points here,
 * once. Only the value the type takes is sent (the others are null).
 */
const adjustmentFormSchema = z
  .object({
    accountId: z.number().int().positive('Choose the account'),
    year: z.number().int().min(2000).max(2100),
    typeAdjustment: codeOf(pricingAdjustmentType, 'adjustment type'),
    amount: amountText,
    percent: amountText,
    freeBooks: z.number().int().min(0).nullable(),
    commission: z.string(),
    reason: z.string(),
  })
  .transform(({ amount, percent, freeBooks, commission, reason, ...rest }) => {
    const type = rest.typeAdjustment;
    const parsed = (text: string) => (text.trim() === '' ? null : parseCurrencyInput(text));
    return {
      ...rest,
      amountCents: type === 1 || type === 2 ? parsed(amount) : null,
      basisPoints: type === 3 ? parsed(percent) : null,
      freeBooks: type === 4 ? freeBooks : null,
      commissionPercent: commissionTier.codes.find((code) => String(code) === commission) ?? null,
      reason: reason.trim() === '' ? null : reason.trim(),
    };
  });

/** /admin/super/pricing-adjustments: each account's adjustments and commission by year. */
export function PricingAdjustmentsPage(): JSX.Element {
  const search = route.useSearch();
  const year = search.year?.[0] ?? new Date().getFullYear();
  return (
    <Stack gap="md">
      {/* The shell's heading names the page; these act on the year shown. */}
      <Group justify="flex-end" wrap="wrap">
        <Group gap="xs">
          <CopyYearButton what="adjustments" fromYear={year} />
          <ImportCsvButton kind="pricing_adjustments" label="adjustments" />
        </Group>
      </Group>
      <ResourcePage
        contract={pricingAdjustmentsContract}
        resource={pricingAdjustmentsResource}
        route={route}
        label="Pricing adjustments"
        noun="adjustment"
        include={['account']}
        emptyText={(filtered) => (filtered ? 'No adjustments match these filters' : 'No adjustments yet')}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Reason' },
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
                value={Array.isArray(value) && value[0] !== undefined ? String(value[0]) : null}
                onChange={(next) => onChange(next ? [Number(next)] : undefined)}
              />
            ),
          },
          {
            key: 'typeAdjustment',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                aria-label="Type"
                placeholder="Any type"
                clearable
                w={200}
                data={typeOptions}
                value={Array.isArray(value) && value[0] !== undefined ? String(value[0]) : null}
                onChange={(next) => onChange(next ? [Number(next)] : undefined)}
              />
            ),
          },
          { key: 'accountId', kind: 'account', label: 'Account' },
        ]}
        columns={[
          column.link('name', 'Adjustment'),
          {
            accessor: 'account',
            title: 'Account',
            render: (adjustment: Adjustment) => adjustment.account?.name ?? `Account ${adjustment.accountId}`,
          },
          column.text('year', 'Year', { sortable: true, width: 90 }),
          column.enumeration('typeAdjustment', 'Type', pricingAdjustmentType, { sortable: true }),
          { accessor: 'amountCents', title: 'Value', render: (adjustment: Adjustment) => adjustmentValue(adjustment) },
          {
            accessor: 'commissionPercent',
            title: 'Commission',
            render: (adjustment: Adjustment) =>
              adjustment.commissionPercent === null ? '—' : `${adjustment.commissionPercent}%`,
          },
          column.text('reason', 'Reason'),
          column.remove(),
        ]}
        form={{
          schema: adjustmentFormSchema,
          fields: [
            { key: 'accountId', kind: 'account', label: 'Account', required: true },
            { key: 'year', kind: 'number', label: 'Year', required: true, min: 2000, max: 2100, span: 1 },
            { key: 'typeAdjustment', kind: 'select', label: 'Type', required: true, options: typeOptions, span: 1 },
            { key: 'amount', kind: 'text', label: 'Amount ($)', description: 'Per book or total dollar', span: 1 },
            { key: 'percent', kind: 'text', label: 'Percent of invoice', description: 'e.g. 5.00', span: 1 },
            { key: 'freeBooks', kind: 'number', label: 'Free books', min: 0, nullable: true, span: 1 },
            { key: 'commission', kind: 'select', label: 'Commission', options: commissionOptions, span: 1 },
            { key: 'reason', kind: 'text', label: 'Reason', maxLength: 200 },
          ],
          initialValues: (adjustment?: Adjustment) => ({
            accountId: adjustment?.accountId ?? search.accountId?.[0] ?? 0,
            year: adjustment?.year ?? year,
            typeAdjustment: adjustment?.typeAdjustment ?? pricingAdjustmentType.PerBook,
            amount: adjustment?.amountCents == null ? '' : formatCurrencyInput(adjustment.amountCents),
            percent: adjustment?.basisPoints == null ? '' : formatCurrencyInput(adjustment.basisPoints),
            freeBooks: adjustment?.freeBooks ?? null,
            commission: adjustment?.commissionPercent == null ? '' : String(adjustment.commissionPercent),
            reason: adjustment?.reason ?? '',
          }),
        }}
      />
    </Stack>
  );
}
