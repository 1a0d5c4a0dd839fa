import {
  adjustmentValueProblem,
  bindingPricesContract,
  customerPricingsContract,
  directSchoolPricingsContract,
  pricingAdjustmentsContract,
  pricingItemsContract,
  shippingPricesContract,
  shipToHomePricesContract,
  shipToHomeShippingPricesContract,
} from '@colophon/contract';
import {
  bindingPrices,
  customerPricings,
  directSchoolPricings,
  pricingAdjustments,
  pricingItems,
  shippingPrices,
  shipToHomePrices,
  shipToHomeShippingPrices,
} from '@colophon/db';
import {
  bookSize,
  bookType,
  formatCurrencyInput,
  pricingAdjustmentType,
  pricingDesignation,
  pricingItemType,
} from '@colophon/domain';
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

describeConstraint('pricing_items_year_type_code_key', 'code', 'This year already has a price for this option.');
describeConstraint(
  'shipping_prices_bracket_key',
  'copiesMin',
  'This year already has bulk shipping for this size and first copy.',
);
describeConstraint('direct_school_pricings_year_key', 'year', 'This year already has its direct-school designation.');

/** A bracket's last page may not come before its first (the stored one when only one side changes). */
function checkBracket(input: { pageMin?: number; pageMax?: number }, existing?: { pageMin: number; pageMax: number }) {
  const min = input.pageMin ?? existing?.pageMin;
  const max = input.pageMax ?? existing?.pageMax;
  if (min !== undefined && max !== undefined && max < min) {
    throw invalidField('pageMax', 'Must be at least the first page of the bracket.');
  }
}

/** A copies bracket's last copy may not come before its first. */
function checkCopies(
  input: { copiesMin?: number; copiesMax?: number },
  existing?: { copiesMin: number; copiesMax: number },
) {
  const min = input.copiesMin ?? existing?.copiesMin;
  const max = input.copiesMax ?? existing?.copiesMax;
  if (min !== undefined && max !== undefined && max < min) {
    throw invalidField('copiesMax', 'Must be at least the first copy of the bracket.');
  }
}

/** `include=account` of a list whose rows always carry their account (see `fill`): nothing more to read. */
const accountFilled = async () => undefined;

const dollars = (cents: number | null) => (cents === null ? '' : formatCurrencyInput(cents));

/** The price lists (issue 13): super administrators edit them; an account reads its own pricing. */
export function registerPricingResources(app: FastifyInstance) {
  registerResource(app, customerPricingsContract, {
    table: customerPricings,
    scope: (context) => accountVisible(context.auth, customerPricings.accountId),
    hooks: {
      // Every row carries its account: the export's Account code is what the import reads back.
      fill: includeAccountNames,
      includes: { account: accountFilled },
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
      fill: includeAccountNames,
      includes: { account: accountFilled },
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

  registerResource(app, pricingItemsContract, {
    table: pricingItems,
    filterBy: {
      type_items: (codes) => (codes.length ? inArray(pricingItems.typeItems, codes) : undefined),
    },
    csv: [
      { header: 'Year', value: (row) => row.year },
      { header: 'Type', value: (row) => row.typeItems },
      { header: 'Type name', value: (row) => pricingItemType.label(row.typeItems) },
      { header: 'Code', value: (row) => row.code },
      { header: 'Label', value: (row) => row.label },
      { header: 'Price', value: (row) => dollars(row.unitCents) },
      { header: 'Per', value: (row) => row.per },
    ],
  });

  registerResource(app, shippingPricesContract, {
    table: shippingPrices,
    hooks: {
      async validate(input, _context, existing) {
        checkCopies(input, existing);
      },
    },
    csv: [
      { header: 'Year', value: (row) => row.year },
      { header: 'Size', value: (row) => row.typeSize },
      { header: 'Size name', value: (row) => bookSize.label(row.typeSize) },
      { header: 'Copies from', value: (row) => row.copiesMin },
      { header: 'Copies to', value: (row) => row.copiesMax },
      { header: 'Per book', value: (row) => dollars(row.perBookCents) },
    ],
  });

  registerResource(app, directSchoolPricingsContract, {
    table: directSchoolPricings,
    csv: [
      { header: 'Year', value: (row) => row.year },
      { header: 'Designation', value: (row) => row.designation },
      { header: 'Designation name', value: (row) => pricingDesignation.label(row.designation) },
    ],
  });
}
