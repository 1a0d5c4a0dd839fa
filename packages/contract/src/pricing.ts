import {
  bookSize,
  bookType,
  commissionTier,
  pricingAdjustmentType,
  pricingDesignation,
  pricingItemType,
} from '@colophon/domain';
import { z } from 'zod';
import { codeOf, textCodeOf } from './codes';
import { idParam, idSchema, problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import {
  bindingPriceList,
  customerPricingList,
  directSchoolPricingList,
  pricingAdjustmentList,
  pricingItemList,
  shippingPriceList,
  shipToHomePriceList,
  shipToHomeShippingPriceList,
} from './pricing-lists';
import { defineResourceContract } from './resource-contract';

/*
 * Price lists and the quote (issue 13). Amounts are integer cents, never negative; percentages are
 * basis points (1 % = 100). Super administrators edit the lists; an account reads its own pricing
 * and its projects' quotes.
 */

/** The largest price of one line of a list: $100,000. */
export const MAX_PRICE_LIST_CENTS = 10_000_000;
const centsSchema = z
  .number({ error: 'An amount in whole cents' })
  .int('Whole cents')
  .min(0, 'At least $0.00')
  .max(MAX_PRICE_LIST_CENTS, 'At most $100,000.00');
const yearSchema = z.number().int().min(2000, 'A year from 2000').max(2100, 'A year up to 2100');
const pageSchema = z.number().int().min(1, 'At least 1 page').max(2000, 'At most 2,000 pages');
export const designationSchema = textCodeOf(pricingDesignation, 'designation');
const bookTypeSchema = codeOf(bookType, 'book type');
const bookSizeSchema = codeOf(bookSize, 'size');
const accountRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

const bracketRule = <T extends { pageMin?: number; pageMax?: number }>(value: T) =>
  value.pageMin === undefined || value.pageMax === undefined || value.pageMin <= value.pageMax;
const bracketMessage = { message: 'Must be at least the first page of the bracket', path: ['pageMax'] };

// ——— Customer pricings ———

export const customerPricingSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    designation: z.string(),
    notes: z.string().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: accountRef.optional(),
  })
  .meta({ id: 'CustomerPricing' });
export type CustomerPricing = z.infer<typeof customerPricingSchema>;

export const customerPricingCreateSchema = z.object({
  accountId: idSchema,
  year: yearSchema,
  designation: designationSchema,
  notes: z.string().trim().max(1000).nullable().default(null),
});
export const customerPricingUpdateSchema = z
  .object({ designation: designationSchema, notes: z.string().trim().max(1000).nullable() })
  .partial();

/** An account's designation for a year; `?accountId&year`. */
export const customerPricingsContract = defineResourceContract({
  name: 'customer_pricings',
  label: 'Customer pricing',
  item: customerPricingSchema,
  create: customerPricingCreateSchema,
  update: customerPricingUpdateSchema,
  ...customerPricingList,
  includes: ['account'],
  permission: { read: 'accounts.view', write: 'super.pricing' },
});

// ——— Binding prices ———

export const bindingPriceSchema = z
  .object({
    id: z.number().int(),
    designation: z.string(),
    year: z.number().int(),
    typeBook: z.number().int(),
    typeSize: z.number().int(),
    pageMin: z.number().int(),
    pageMax: z.number().int(),
    perBookCents: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'BindingPrice' });
export type BindingPrice = z.infer<typeof bindingPriceSchema>;

const bindingPriceFields = z.object({
  designation: designationSchema,
  year: yearSchema,
  typeBook: bookTypeSchema,
  typeSize: bookSizeSchema,
  pageMin: pageSchema,
  pageMax: pageSchema,
  perBookCents: centsSchema,
});
export const bindingPriceCreateSchema = bindingPriceFields.refine(bracketRule, bracketMessage);
export const bindingPriceUpdateSchema = bindingPriceFields.partial().refine(bracketRule, bracketMessage);

/** A designation's price of a book for a year: `?designation&year`. */
export const bindingPricesContract = defineResourceContract({
  name: 'binding_prices',
  label: 'Binding price',
  item: bindingPriceSchema,
  create: bindingPriceCreateSchema,
  update: bindingPriceUpdateSchema,
  ...bindingPriceList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

// ——— Pricing adjustments ———

export const pricingAdjustmentSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    typeAdjustment: z.number().int(),
    amountCents: z.number().int().nullable(),
    basisPoints: z.number().int().nullable(),
    freeBooks: z.number().int().nullable(),
    commissionPercent: z.number().int().nullable(),
    reason: z.string().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: accountRef.optional(),
  })
  .meta({ id: 'PricingAdjustment' });
export type PricingAdjustment = z.infer<typeof pricingAdjustmentSchema>;

const pricingAdjustmentFields = z.object({
  accountId: idSchema,
  year: yearSchema,
  typeAdjustment: codeOf(pricingAdjustmentType, 'adjustment type'),
  amountCents: centsSchema.nullable(),
  basisPoints: z
    .number()
    .int('Whole basis points')
    .min(0, 'At least 0')
    .max(10_000, 'At most 10000 (100 %)')
    .nullable(),
  freeBooks: z.number().int('Whole books').min(0, 'At least 0').max(100_000).nullable(),
  commissionPercent: codeOf(commissionTier, 'commission').nullable(),
  reason: z.string().trim().max(200).nullable(),
});

/** The value each type needs: 1 and 2 an amount, 3 basis points, 4 free books. */
export function adjustmentValueProblem(adjustment: {
  typeAdjustment?: number;
  amountCents?: number | null;
  basisPoints?: number | null;
  freeBooks?: number | null;
}): { path: string; message: string } | undefined {
  const { typeAdjustment } = adjustment;
  if ((typeAdjustment === 1 || typeAdjustment === 2) && (adjustment.amountCents ?? null) === null)
    return { path: 'amountCents', message: 'A per-book or total-dollar adjustment needs an amount.' };
  if (typeAdjustment === 3 && (adjustment.basisPoints ?? null) === null)
    return { path: 'basisPoints', message: 'A percentage adjustment needs its basis points.' };
  if (typeAdjustment === 4 && (adjustment.freeBooks ?? null) === null)
    return { path: 'freeBooks', message: 'A free-books adjustment needs the number of books.' };
  return undefined;
}

export const pricingAdjustmentCreateSchema = pricingAdjustmentFields
  .extend({
    amountCents: pricingAdjustmentFields.shape.amountCents.default(null),
    basisPoints: pricingAdjustmentFields.shape.basisPoints.default(null),
    freeBooks: pricingAdjustmentFields.shape.freeBooks.default(null),
    commissionPercent: pricingAdjustmentFields.shape.commissionPercent.default(null),
    reason: pricingAdjustmentFields.shape.reason.default(null),
  })
  .superRefine((value, context) => {
    const problem = adjustmentValueProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
/** The type's value rule of an update is checked by the API against the stored record. */
export const pricingAdjustmentUpdateSchema = pricingAdjustmentFields.omit({ accountId: true }).partial();

export const pricingAdjustmentsContract = defineResourceContract({
  name: 'pricing_adjustments',
  label: 'Pricing adjustment',
  item: pricingAdjustmentSchema,
  create: pricingAdjustmentCreateSchema,
  update: pricingAdjustmentUpdateSchema,
  ...pricingAdjustmentList,
  includes: ['account'],
  // The studio side and the school's administrator and treasurer read them, each within its accounts.
  permission: { read: 'pricing.view', write: 'super.pricing' },
});

// ——— Ship to home ———

export const shipToHomePriceSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    product: z.string(),
    label: z.string(),
    cents: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ShipToHomePrice' });
export type ShipToHomePrice = z.infer<typeof shipToHomePriceSchema>;
const shipToHomePriceFields = z.object({
  year: yearSchema,
  product: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lower-case letters, digits and underscores, e.g. handling'),
  label: z.string().trim().min(1, 'Required').max(100),
  cents: centsSchema,
});

export const shipToHomePricesContract = defineResourceContract({
  name: 'ship_to_home_prices',
  label: 'Ship-to-home price',
  item: shipToHomePriceSchema,
  create: shipToHomePriceFields,
  update: shipToHomePriceFields.partial(),
  ...shipToHomePriceList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

export const shipToHomeShippingPriceSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    typeBook: z.number().int(),
    typeSize: z.number().int(),
    pageMin: z.number().int(),
    pageMax: z.number().int(),
    cents: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ShipToHomeShippingPrice' });
export type ShipToHomeShippingPrice = z.infer<typeof shipToHomeShippingPriceSchema>;
const shipToHomeShippingFields = z.object({
  year: yearSchema,
  typeBook: bookTypeSchema,
  typeSize: bookSizeSchema,
  pageMin: pageSchema,
  pageMax: pageSchema,
  cents: centsSchema,
});

export const shipToHomeShippingPricesContract = defineResourceContract({
  name: 'ship_to_home_shipping_prices',
  label: 'Ship-to-home shipping price',
  item: shipToHomeShippingPriceSchema,
  create: shipToHomeShippingFields.refine(bracketRule, bracketMessage),
  update: shipToHomeShippingFields.partial().refine(bracketRule, bracketMessage),
  ...shipToHomeShippingPriceList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

// ——— Read-only tables and the bases ———

const yearQuery = z.coerce.number().int().min(2000, 'A year from 2000').max(2100, 'A year up to 2100');

export const customerPricingBaseSchema = z
  .object({
    designation: z.string(),
    label: z.string(),
    /** The commission tier the designation carries (K to P), else null. */
    commissionPercent: z.number().int().nullable(),
    year: z.number().int(),
    bindingPriceCount: z.number().int(),
    /** The lowest and highest per-book price of the year's list (null: the list is empty). */
    lowestCents: z.number().int().nullable(),
    highestCents: z.number().int().nullable(),
    /** Accounts priced with it that year. */
    accountCount: z.number().int(),
  })
  .meta({ id: 'CustomerPricingBase' });
export type CustomerPricingBase = z.infer<typeof customerPricingBaseSchema>;

/** `GET customer_pricing_bases?year`: every designation (but the deprecated J) with its year's list. */
export const getCustomerPricingBases = defineOperation({
  method: 'GET',
  path: '/api/customer_pricing_bases',
  query: z.object({ year: yearQuery.optional() }),
  responses: { 200: z.object({ data: z.array(customerPricingBaseSchema) }), ...problemResponses(400) },
  permission: 'super.pricing',
  summary: 'The designations with their year’s binding price list',
  tags: ['pricing'],
});

// ——— Direct-school designations, bulk shipping, the options' prices ———

export const directSchoolPricingSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    designation: z.string(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'DirectSchoolPricing' });
export type DirectSchoolPricing = z.infer<typeof directSchoolPricingSchema>;
const directSchoolPricingFields = z.object({ year: yearSchema, designation: designationSchema });

/** `direct_school_pricings?year`: the designation of each year for accounts without their own pricing. */
export const directSchoolPricingsContract = defineResourceContract({
  name: 'direct_school_pricings',
  label: 'Direct-school designation',
  item: directSchoolPricingSchema,
  create: directSchoolPricingFields,
  update: directSchoolPricingFields.partial(),
  ...directSchoolPricingList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

export const shippingPriceSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    typeSize: z.number().int(),
    copiesMin: z.number().int(),
    copiesMax: z.number().int(),
    perBookCents: z.number().int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ShippingPrice' });
export type ShippingPrice = z.infer<typeof shippingPriceSchema>;
const copiesSchema = z
  .number()
  .int('Whole copies')
  .min(1, 'At least 1 copy')
  .max(1_000_000, 'At most 1,000,000 copies');
const shippingPriceFields = z.object({
  year: yearSchema,
  typeSize: bookSizeSchema,
  copiesMin: copiesSchema,
  copiesMax: copiesSchema,
  perBookCents: centsSchema,
});
const copiesRule = <T extends { copiesMin?: number; copiesMax?: number }>(value: T) =>
  value.copiesMin === undefined || value.copiesMax === undefined || value.copiesMin <= value.copiesMax;
const copiesMessage = { message: 'Must be at least the first copy of the bracket', path: ['copiesMax'] };
export const shippingPriceCreateSchema = shippingPriceFields.refine(copiesRule, copiesMessage);

/** `shipping_prices?year`: bulk shipping to the school, per book by size and copies bracket. */
export const shippingPricesContract = defineResourceContract({
  name: 'shipping_prices',
  label: 'Shipping price',
  item: shippingPriceSchema,
  create: shippingPriceCreateSchema,
  update: shippingPriceFields.partial().refine(copiesRule, copiesMessage),
  ...shippingPriceList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

export const pricingItemSchema = z
  .object({
    id: z.number().int(),
    year: z.number().int(),
    typeItems: z.number().int(),
    code: z.number().int(),
    label: z.string(),
    unitCents: z.number().int(),
    per: z.enum(['book', 'order']),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'PricingItem' });
export type PricingItem = z.infer<typeof pricingItemSchema>;
export const pricingItemUnits = ['book', 'order'] as const;
const pricingItemFields = z.object({
  year: yearSchema,
  typeItems: codeOf(pricingItemType, 'pricing item type'),
  /** The option's code in its own enumeration (a cover type's, a finish's). */
  code: z.number().int('A whole code').min(0, 'At least 0').max(999, 'At most 999'),
  label: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
  unitCents: centsSchema,
  per: z.enum(pricingItemUnits, { error: 'book (each copy) or order (once)' }),
});
export const pricingItemCreateSchema = pricingItemFields.extend({ per: pricingItemFields.shape.per.default('book') });

/** `pricing_items?year&type_items`: the prices of the specification's options. */
export const pricingItemsContract = defineResourceContract({
  name: 'pricing_items',
  label: 'Option price',
  item: pricingItemSchema,
  create: pricingItemCreateSchema,
  update: pricingItemFields.partial(),
  ...pricingItemList,
  permission: { read: 'super.pricing', write: 'super.pricing' },
});

// ——— The quote ———

export const priceQuoteLineSchema = z
  .object({
    kind: z.enum(['book', 'extra', 'adjustment', 'commission', 'shipping', 'tax']),
    label: z.string(),
    quantity: z.number().int(),
    unitCents: z.number().int(),
    amountCents: z.number().int(),
  })
  .meta({ id: 'QuoteLine' });

export const projectQuoteSchema = z
  .object({
    projectId: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    /** The designation used, and whether it is the account's own pricing or the year's direct-school one. */
    designation: z.string().nullable(),
    source: z.enum(['customer', 'direct']).nullable(),
    copies: z.number().int(),
    lines: z.array(priceQuoteLineSchema),
    goodsCents: z.number().int(),
    adjustmentsCents: z.number().int(),
    commissionCents: z.number().int(),
    shippingCents: z.number().int(),
    /** The sales tax rate applied, in basis points (625 = 6.25 %); 0 when none was asked. */
    taxBasisPoints: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    perBookCents: z.number().int(),
    /** Why the book cannot be priced yet (an open field, a list without its price); empty when priced. */
    problems: z.array(z.object({ path: z.string(), message: z.string() })),
  })
  .meta({ id: 'ProjectQuote' });
export type ProjectQuote = z.infer<typeof projectQuoteSchema>;

export const projectQuoteQuerySchema = z.object({
  copies: z.coerce.number().int('Whole copies').min(0, 'At least 0').max(100_000).optional(),
  shipToHomeCopies: z.coerce.number().int('Whole copies').min(0, 'At least 0').max(100_000).optional(),
  /**
   * The sales tax rate, in basis points (625 = 6.25 %). Without it the quote has no tax, as an invoice
   * made from an order has none unless its rate is given (no account keeps a store rate: the online
   * store taxes each buyer by ZIP).
   */
  taxBasisPoints: z.coerce
    .number({ error: 'Whole basis points (625 = 6.25 %)' })
    .int('Whole basis points (625 = 6.25 %)')
    .min(0, 'At least 0')
    .max(10_000, 'At most 10000 (100 %)')
    .optional(),
});

/** `GET projects/{id}/quote?copies&shipToHomeCopies&taxBasisPoints`: the project's book priced by its account's list (the invoice's lines). */
export const getProjectQuote = defineOperation({
  method: 'GET',
  path: '/api/projects/:id/quote',
  params: z.object({ id: idParam }),
  query: projectQuoteQuerySchema,
  responses: { 200: projectQuoteSchema, ...problemResponses(400, 404) },
  permission: 'projects.view',
  summary: 'The quote of a project’s book',
  tags: ['pricing'],
});

// ——— Copy a year forward, CSV import ———

export const pricingCopyKinds = ['price_lists', 'adjustments'] as const;
export const copyPricingYearBodySchema = z
  .object({
    from: yearSchema,
    to: yearSchema,
    /** 'price_lists': the designations' lists, items, shipping and customer pricings; 'adjustments': the accounts' adjustments. */
    what: z.enum(pricingCopyKinds),
    /** Replace the target year's rows; without it a target year that has rows is refused (409). */
    replace: z.boolean().default(false),
  })
  .refine((body) => body.from !== body.to, { message: 'Copy to another year', path: ['to'] });

export const copyPricingYearResultSchema = z
  .object({ to: z.number().int(), copied: z.record(z.string(), z.number().int()) })
  .meta({ id: 'PricingYearCopy' });

/** `POST pricing/copy_year`: a year's lists copied to another year. */
export const copyPricingYear = defineOperation({
  method: 'POST',
  path: '/api/pricing/copy_year',
  body: copyPricingYearBodySchema,
  responses: { 200: copyPricingYearResultSchema, ...problemResponses(400, 409) },
  permission: 'super.pricing',
  summary: 'Copy a year’s price lists or adjustments to another year',
  tags: ['pricing'],
});

/** Every price list takes back its own CSV export. */
export const pricingImportKinds = [
  'binding_prices',
  'customer_pricings',
  'pricing_adjustments',
  'pricing_items',
  'shipping_prices',
  'ship_to_home_prices',
  'ship_to_home_shipping_prices',
  'direct_school_pricings',
] as const;
export type PricingImportKind = (typeof pricingImportKinds)[number];
/** A CSV of at most 2 MB (about 20,000 rows). */
export const MAX_PRICING_CSV_CHARS = 2_000_000;

export const importPricingCsvBodySchema = z.object({
  kind: z.enum(pricingImportKinds),
  csv: z.string().min(1, 'The file is empty').max(MAX_PRICING_CSV_CHARS, 'At most 2 MB'),
});

/** `POST pricing/import`: rows of the list's CSV export; every bad row is named by its line, and nothing is written. */
export const importPricingCsv = defineOperation({
  method: 'POST',
  path: '/api/pricing/import',
  body: importPricingCsvBodySchema,
  responses: {
    200: z.object({ created: z.number().int(), updated: z.number().int() }).meta({ id: 'PricingImport' }),
    ...problemResponses(400),
  },
  permission: 'super.pricing',
  summary: 'Import a price list from CSV',
  tags: ['pricing'],
});
