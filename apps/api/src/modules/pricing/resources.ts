import {
  adjustmentValueProblem,
  bindingPricesContract,
  customerPricingsContract,
  pricingAdjustmentsContract,
  shipToHomePricesContract,
  shipToHomeShippingPricesContract,
} from '@colophon/contract';
import {
  bindingPrices,
  customerPricings,
  pricingAdjustments,
  shipToHomePrices,
  shipToHomeShippingPrices,
} from '@colophon/db';
import { bookSize, bookType, formatCurrencyInput, pricingAdjustmentType } from '@colophon/domain';
import { and, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { invalidField } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { includeAccountNames, requireReferencedAccount } from '../accounts/tree';

describeConstraint('customer_pricings_account_year_key', 'year', 'This account already has its pricing for that year.');
describeConstraint(
  'binding_prices_bracket_key',
  'pageMin',
  'This designation already has a price for this book, size and first page that year.',
);
describeConstraint(
  'ship_to_home_prices_year_product_key',
  'product',
  'This year already has this ship-to-home charge.',
);
describeConstraint(
  'ship_to_home_shipping_prices_bracket_key',
  'pageMin',
  'This year already has postage for this book, size and first page.',
);

/** A bracket's last page may not come before its first (the stored one when only one side changes). */
function checkBracket(input: { pageMin?: number; pageMax?: number }, existing?: { pageMin: number; pageMax: number }) {
  const min = input.pageMin ?? existing?.pageMin;
  const max = input.pageMax ?? existing?.pageMax;
  if (min !== undefined && max !== undefined && max < min) {
    throw invalidField('pageMax', 'Must be at least the first page of the bracket.');
  }
}

const dollars = (cents: number | null) => (cents === null ? '' : formatCurrencyInput(cents));

/** The price lists (issue 13): super administrators edit them; an account reads its own pricing. */
export function registerPricingResources(app: FastifyInstance) {
  registerResource(app, customerPricingsContract, {
    table: customerPricings,
    scope: (context) => accountVisible(context.auth, customerPricings.accountId),
    hooks: {
      includes: { account: includeAccountNames },
      async validate(input, context, existing) {
        if (!existing && input.accountId !== undefined) {
          await requireReferencedAccount(context, input.accountId, 'accountId');
        }
      },
    },
    csv: [
      { header: 'Account code', value: (row) => row.account?.code ?? '' },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Designation', value: (row) => row.designation },
      { header: 'Notes', value: (row) => row.notes },
    ],
  });

  registerResource(app, bindingPricesContract, {
    table: bindingPrices,
    hooks: {
      async validate(input, _context, existing) {
        checkBracket(input, existing);
      },
    },
    csv: [
      { header: 'Designation', value: (row) => row.designation },
      { header: 'Year', value: (row) => row.year },
      { header: 'Book type', value: (row) => row.typeBook },
      { header: 'Book type name', value: (row) => bookType.label(row.typeBook) },
      { header: 'Size', value: (row) => row.typeSize },
      { header: 'Size name', value: (row) => bookSize.label(row.typeSize) },
      { header: 'Pages from', value: (row) => row.pageMin },
      { header: 'Pages to', value: (row) => row.pageMax },
      { header: 'Per book', value: (row) => dollars(row.perBookCents) },
    ],
  });

  registerResource(app, pricingAdjustmentsContract, {
    table: pricingAdjustments,
    scope: (context) => accountVisible(context.auth, pricingAdjustments.accountId),
    hooks: {
      includes: { account: includeAccountNames },
      async validate(input, context, existing) {
        if (!existing && input.accountId !== undefined) {
          await requireReferencedAccount(context, input.accountId, 'accountId');
        }
        const problem = adjustmentValueProblem({ ...existing, ...input });
        if (problem) throw invalidField(problem.path, problem.message);
      },
    },
    csv: [
      { header: 'Account code', value: (row) => row.account?.code ?? '' },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Type', value: (row) => row.typeAdjustment },
      { header: 'Type name', value: (row) => pricingAdjustmentType.label(row.typeAdjustment) },
      { header: 'Amount', value: (row) => dollars(row.amountCents) },
      { header: 'Basis points', value: (row) => row.basisPoints },
      { header: 'Free books', value: (row) => row.freeBooks },
      { header: 'Commission percent', value: (row) => row.commissionPercent },
      { header: 'Reason', value: (row) => row.reason },
    ],
  });

  registerResource(app, shipToHomePricesContract, {
    table: shipToHomePrices,
    csv: [
      { header: 'Year', value: (row) => row.year },
      { header: 'Product', value: (row) => row.product },
      { header: 'Label', value: (row) => row.label },
      { header: 'Price', value: (row) => dollars(row.cents) },
    ],
  });

  registerResource(app, shipToHomeShippingPricesContract, {
    table: shipToHomeShippingPrices,
    filterBy: {
      type_book: (codes) => (codes.length ? inArray(shipToHomeShippingPrices.typeBook, codes) : undefined),
      type_size: (codes) => (codes.length ? inArray(shipToHomeShippingPrices.typeSize, codes) : undefined),
      page_count: (pages) =>
        and(lte(shipToHomeShippingPrices.pageMin, pages), gte(shipToHomeShippingPrices.pageMax, pages)),
    },
    hooks: {
      async validate(input, _context, existing) {
        checkBracket(input, existing);
      },
    },
    csv: [
      { header: 'Year', value: (row) => row.year },
      { header: 'Book type', value: (row) => row.typeBook },
      { header: 'Size', value: (row) => row.typeSize },
      { header: 'Pages from', value: (row) => row.pageMin },
      { header: 'Pages to', value: (row) => row.pageMax },
      { header: 'Postage', value: (row) => dollars(row.cents) },
    ],
  });
}
