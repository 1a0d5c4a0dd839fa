import {
  dedicationAdSize,
  discountType,
  discountYears,
  envelope,
  productShipping,
  productType,
} from '@colophon/domain';
import { z } from 'zod';
import { codeOf, isoDateSchema } from './codes';
import { idParam, idSchema, problemResponses, problemSchema, timestampSchema } from './common';
import { defineOperation } from './operation';
import { defineListDeclaration, defineResourceContract, filter } from './resource-contract';
import { discountList, storeList } from './store-lists';

/*
 * Online stores (issue 12): a school's store for a year, what it sells at what price over time, and
 * its coupons. Staff set them up here; the storefront and checkout (public) are elsewhere. Money is
 * integer cents; percentages are basis points.
 */

/** The largest price a product may have: $10,000. */
export const MAX_PRICE_CENTS = 1_000_000;
const centsSchema = (max: number) =>
  z
    .number()
    .int('Whole cents')
    .min(0, 'At least $0.00')
    .max(max, `At most $${(max / 100).toLocaleString('en-US')}`);

/** A store's address, `/store/<slug>`: lower-case letters, digits and dashes. */
export const storeSlugSchema = z
  .string()
  .trim()
  .min(3, 'At least 3 characters')
  .max(80, 'At most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and single dashes (no dash first or last)');

const storeYearSchema = z.number().int().min(2000, 'A year from 2000').max(2100, 'A year up to 2100');
const optionalDate = isoDateSchema.nullable();

export const storeSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    year: z.number().int(),
    isOpen: z.boolean(),
    slug: z.string().nullable(),
    title: z.string().nullable(),
    welcomeText: z.string().nullable(),
    opensOn: z.string().nullable(),
    closesOn: z.string().nullable(),
    summerOpensOn: z.string().nullable(),
    summerClosesOn: z.string().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Store' });
export type Store = z.infer<typeof storeSchema>;

const storeFields = {
  isOpen: z.boolean(),
  slug: storeSlugSchema,
  title: z.string().trim().max(200).nullable(),
  welcomeText: z.string().trim().max(5000).nullable(),
  opensOn: optionalDate,
  closesOn: optionalDate,
  summerOpensOn: optionalDate,
  summerClosesOn: optionalDate,
};

/** A store: its account and year (one store each); the slug defaults to the account's code and the year. */
export const storeCreateSchema = z
  .object({
    accountId: idSchema,
    year: storeYearSchema,
    ...storeFields,
    // Absent, a new store starts closed (the column's default): the dashboard's drawer never sends it.
    isOpen: storeFields.isOpen.optional(),
    slug: storeFields.slug.optional(),
    title: storeFields.title.default(null),
    welcomeText: storeFields.welcomeText.default(null),
    opensOn: optionalDate.default(null),
    closesOn: optionalDate.default(null),
    summerOpensOn: optionalDate.default(null),
    summerClosesOn: optionalDate.default(null),
  })
  .meta({ id: 'StoreCreate' });
export type StoreCreate = z.input<typeof storeCreateSchema>;
/** Opening a store is `isOpen: true` (raises Store Opened); its account and year never change. */
export const storeUpdateSchema = z.object(storeFields).partial().meta({ id: 'StoreUpdate' });
export type StoreUpdate = z.input<typeof storeUpdateSchema>;

export const storesContract = defineResourceContract({
  name: 'stores',
  label: 'Store',
  item: storeSchema,
  create: storeCreateSchema,
  update: storeUpdateSchema,
  ...storeList,
  includes: ['account'],
  permission: { read: 'sales.view', write: 'sales.manage' },
});

// ——— Products ———

const productTypeSchema = codeOf(productType, 'product type');
/** The personalization a yearbook offers: 1 name, 2 name and photo, 4 name and icons. */
export const productPersonalizationCodes = [1, 2, 4] as const;
const personalizationSchema = z
  .number()
  .int()
  .refine((code) => (productPersonalizationCodes as readonly number[]).includes(code), {
    message: 'Must be one of the personalization codes 1, 2, 4',
  });

export const productSchema = z
  .object({
    id: z.number().int(),
    storeId: z.number().int(),
    typeProduct: z.number().int(),
    typeSubProduct: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    typeShipping: z.number().int(),
    adSize: z.number().int().nullable(),
    typeEnvelope: z.number().int(),
    typePersonalization: z.number().int().nullable(),
    personalizationPriceCents: z.number().int().nullable(),
    imageKey: z.string().nullable(),
    /** A signed address of the image, for a day; null without one. */
    imageUrl: z.string().nullable(),
    allowsDonation: z.boolean(),
    maxPerOrder: z.number().int().nullable(),
    sortOrder: z.number().int(),
    isActive: z.boolean(),
    /** The price in force now (null: none yet, or the last one ended). */
    currentPriceCents: z.number().int().nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const productFields = {
  typeSubProduct: z.number().int().min(0).max(100),
  name: z.string().trim().min(1, 'Required').max(200),
  description: z.string().trim().max(5000).nullable(),
  typeShipping: codeOf(productShipping, 'product shipping'),
  adSize: codeOf(dedicationAdSize, 'ad size').nullable(),
  typeEnvelope: codeOf(envelope, 'envelope'),
  typePersonalization: personalizationSchema.nullable(),
  personalizationPriceCents: centsSchema(MAX_PRICE_CENTS).nullable(),
  allowsDonation: z.boolean(),
  maxPerOrder: z.number().int().min(1, 'At least 1').max(1000, 'At most 1,000').nullable(),
  sortOrder: z.number().int().min(0).max(10_000),
  isActive: z.boolean(),
};

/**
 * A product of a store. The sub type must be one of its type's (none: 0); an ad needs its size and
 * only an ad has one; only a yearbook offers personalization (checked by the API on the whole row).
 */
export const productCreateSchema = z
  .object({
    storeId: idSchema,
    typeProduct: productTypeSchema,
    ...productFields,
    typeSubProduct: productFields.typeSubProduct.default(0),
    description: productFields.description.default(null),
    typeShipping: productFields.typeShipping.default(1),
    adSize: productFields.adSize.default(null),
    typeEnvelope: productFields.typeEnvelope.default(0),
    typePersonalization: productFields.typePersonalization.default(null),
    personalizationPriceCents: productFields.personalizationPriceCents.default(null),
    allowsDonation: productFields.allowsDonation.default(false),
    maxPerOrder: productFields.maxPerOrder.default(null),
    sortOrder: productFields.sortOrder.default(0),
    isActive: productFields.isActive.default(true),
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.input<typeof productCreateSchema>;
export const productUpdateSchema = z
  .object({ typeProduct: productTypeSchema, ...productFields })
  .partial()
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.input<typeof productUpdateSchema>;

/**
 * Products of the stores the caller sees; `search` looks in the name. Declared here, not in
 * store-lists.ts: no page's URL holds these filters, so the route table never loads them.
 */
export const productList = defineListDeclaration({
  filters: {
    storeId: filter.ids(),
    typeProduct: filter.codes({ max: 10 }),
    isActive: filter.boolean(),
  },
  searchable: ['name'],
  sorts: ['sortOrder', 'name', 'typeProduct', 'createdAt'],
  defaultSort: 'sortOrder',
});

export const productsContract = defineResourceContract({
  name: 'products',
  label: 'Product',
  item: productSchema,
  create: productCreateSchema,
  update: productUpdateSchema,
  ...productList,
  permission: { read: 'sales.view', write: 'sales.manage' },
});

/** A product's price from `startsAt` (until `endsAt`, or open-ended); periods of a product never overlap. */
export const productPriceSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    priceCents: z.number().int(),
    startsAt: timestampSchema,
    endsAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ProductPrice' });
export type ProductPrice = z.infer<typeof productPriceSchema>;

const instantSchema = z.iso.datetime({ offset: true });
export const productPriceCreateSchema = z
  .object({
    priceCents: centsSchema(MAX_PRICE_CENTS),
    startsAt: instantSchema,
    endsAt: instantSchema.nullable().default(null),
  })
  .meta({ id: 'ProductPriceCreate' });
export type ProductPriceCreate = z.input<typeof productPriceCreateSchema>;
export const productPriceUpdateSchema = z
  .object({ priceCents: centsSchema(MAX_PRICE_CENTS), startsAt: instantSchema, endsAt: instantSchema.nullable() })
  .partial()
  .meta({ id: 'ProductPriceUpdate' });
export type ProductPriceUpdate = z.input<typeof productPriceUpdateSchema>;

/** `/api/products/:id/prices` and `/api/products/:id/prices/:priceId`: a product's prices, oldest first. */
export const productPricesContract = defineResourceContract({
  name: 'prices',
  label: 'Price',
  item: productPriceSchema,
  create: productPriceCreateSchema,
  update: productPriceUpdateSchema,
  filters: {},
  sorts: ['startsAt'],
  defaultSort: 'startsAt',
  parent: { name: 'products', param: 'id', itemParam: 'priceId' },
  listAll: true,
  offers: ['list', 'create', 'update', 'delete'],
  permission: { read: 'sales.view', write: 'sales.manage' },
});

// ——— Coupons ———

/** A coupon code: kept upper case; parents type it in any case. */
export const discountCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,40}$/, '3 to 40 letters, digits or dashes');

export const discountSchema = z
  .object({
    id: z.number().int(),
    accountId: z.number().int(),
    code: z.string(),
    description: z.string().nullable(),
    typeDiscount: z.number().int(),
    /** Basis points for a percentage (1000 = 10 %), cents for dollars. */
    amount: z.number().int(),
    year: z.string(),
    maxUses: z.number().int().nullable(),
    timesUsed: z.number().int(),
    minimumOrderCents: z.number().int().nullable(),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
    isActive: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;

const discountFields = {
  code: discountCodeSchema,
  description: z.string().trim().max(200).nullable(),
  typeDiscount: codeOf(discountType, 'discount type'),
  amount: z.number().int('Whole basis points or cents').min(1, 'More than 0').max(MAX_PRICE_CENTS),
  year: z.string().refine((year) => discountYears.includes(year as (typeof discountYears)[number]), {
    message: `One of the school years ${discountYears[0]} to ${discountYears[discountYears.length - 1]}`,
  }),
  maxUses: z.number().int().min(1, 'At least 1').max(1_000_000).nullable(),
  minimumOrderCents: centsSchema(MAX_PRICE_CENTS).nullable(),
  startsOn: optionalDate,
  endsOn: optionalDate,
  isActive: z.boolean(),
};

/** A coupon; a percentage's amount is 1–10000 basis points (checked by the API with the type). */
export const discountCreateSchema = z
  .object({
    accountId: idSchema,
    ...discountFields,
    description: discountFields.description.default(null),
    maxUses: discountFields.maxUses.default(null),
    minimumOrderCents: discountFields.minimumOrderCents.default(null),
    startsOn: optionalDate.default(null),
    endsOn: optionalDate.default(null),
    isActive: discountFields.isActive.default(true),
  })
  .meta({ id: 'DiscountCreate' });
export type DiscountCreate = z.input<typeof discountCreateSchema>;
export const discountUpdateSchema = z.object(discountFields).partial().meta({ id: 'DiscountUpdate' });
export type DiscountUpdate = z.input<typeof discountUpdateSchema>;

export const discountsContract = defineResourceContract({
  name: 'discounts',
  label: 'Coupon',
  item: discountSchema,
  create: discountCreateSchema,
  update: discountUpdateSchema,
  ...discountList,
  // Coupons have their own right (part 3's roles): a treasurer reads them, the store's managers write them.
  permission: { read: 'sales.view', write: 'coupons.manage' },
});

// ——— The stores' other calls ———

/** `GET stores/status/open?accountId`: the account's open stores, newest year first. */
export const getOpenStores = defineOperation({
  method: 'GET',
  path: '/api/stores/status/open',
  query: z.object({ accountId: idParam }),
  responses: { 200: z.object({ data: z.array(storeSchema) }), ...problemResponses(400, 404) },
  permission: 'sales.view',
  summary: "An account's open stores",
  tags: ['stores'],
});

/** `POST stores/status/close`: closes the account's store of that year (raises Store Closed). */
export const closeStore = defineOperation({
  method: 'POST',
  path: '/api/stores/status/close',
  body: z.object({ account_id: idSchema, year: storeYearSchema }),
  responses: { 200: storeSchema, ...problemResponses(400, 404, 409) },
  permission: 'sales.manage',
  summary: "Closes an account's store of a year",
  tags: ['stores'],
});

/** `GET stores/{id}/products`: the store's products with their current prices, for staff. */
export const getStoreProducts = defineOperation({
  method: 'GET',
  path: '/api/stores/:id/products',
  params: z.object({ id: idParam }),
  responses: { 200: z.object({ data: z.array(productSchema) }), ...problemResponses(404) },
  permission: 'sales.view',
  summary: "A store's products with their current prices",
  tags: ['stores'],
});

/** `POST files/product_image`: a product's image as base64 (data-URL prefix allowed; JPEG, PNG or WebP). */
export const uploadProductImage = defineOperation({
  method: 'POST',
  path: '/api/files/product_image',
  body: z.object({ productId: idSchema, data: z.string().min(1).max(3_000_000) }),
  responses: {
    200: z.object({ productId: z.number().int(), imageKey: z.string(), imageUrl: z.string() }),
    ...problemResponses(400, 404),
    413: problemSchema,
  },
  permission: 'sales.manage',
  summary: "Upload a product's image",
  tags: ['files', 'stores'],
});

export const ecommerceFeeSchema = z
  .object({
    /** Online order payment of part 3: 2 credit card, 3 check, 4 cash. */
    typePayment: z.number().int(),
    label: z.string(),
    percentBasisPoints: z.number().int(),
    fixedCents: z.number().int(),
  })
  .meta({ id: 'EcommerceFee' });
export type EcommerceFee = z.infer<typeof ecommerceFeeSchema>;

/** `GET ecommerce_fees`: what each way of paying costs on top of an order. */
export const getEcommerceFees = defineOperation({
  method: 'GET',
  path: '/api/ecommerce_fees',
  responses: { 200: z.object({ data: z.array(ecommerceFeeSchema) }) },
  summary: 'The e-commerce fee of each way of paying',
  tags: ['stores'],
});

export const salesTaxRateSchema = z
  .object({
    zip: z.string(),
    state: z.string(),
    rateBasisPoints: z.number().int(),
    /** 'table' (our per-state table) or the vendor's name. */
    source: z.string(),
  })
  .meta({ id: 'SalesTaxRate' });
export type SalesTaxRate = z.infer<typeof salesTaxRateSchema>;

/** `GET stores/sales-tax/rate?zip`: the sales tax rate of a US ZIP code. */
export const getSalesTaxRate = defineOperation({
  method: 'GET',
  path: '/api/stores/sales-tax/rate',
  // An absent or empty ZIP is no ZIP code, like any other the API does not know.
  query: z.object({ zip: z.string().max(20, 'No such ZIP code.').default('') }),
  responses: { 200: salesTaxRateSchema, ...problemResponses(400) },
  summary: 'The sales tax rate of a ZIP code',
  tags: ['stores'],
});
