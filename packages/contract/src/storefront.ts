import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from '@colophon/domain';
import { z } from 'zod';
import { emailSchema, idSchema, nameSchema, problemResponses } from './common';
import { defineOperation } from './operation';

/*
 * The public storefront (issue 12): a parent opens `/store/<slug>`, builds a cart, gets it priced
 * (`quote`) and pays (`checkout`). No session: every operation here is public, so every input is
 * bounded and every price is read again on the server.
 */

const slugParam = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Not a store address');
export const storefrontParamsSchema = z.object({ slug: slugParam });

export const storefrontProductSchema = z
  .object({
    id: idSchema,
    /** Product type and sub type of part 3. */
    typeProduct: z.number().int(),
    typeSubProduct: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** The price in force now, in cents. */
    priceCents: z.number().int(),
    /** Product shipping of part 3: 0 digital only, 1 bulk to home or school, 2 summer single book. */
    typeShipping: z.number().int(),
    adSize: z.number().int().nullable(),
    /** Part 3's personalization codes: 1 name, 2 name and photo, 4 name and icons; null: none offered. */
    typePersonalization: z.number().int().nullable(),
    personalizationPriceCents: z.number().int().nullable(),
    /** Custom parent pages (2 or 4) for product type 8. */
    customPages: z.number().int().nullable(),
    allowsDonation: z.boolean(),
    /** The most one order may hold. */
    maxPerOrder: z.number().int(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'StorefrontProduct' });
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;

export const storefrontSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    welcomeText: z.string().nullable(),
    accountName: z.string(),
    /** The store's year (the spring of its school year). */
    year: z.number().int(),
    schoolYear: z.string(),
    isOpen: z.boolean(),
    /** Why a closed store sells nothing ('This store is closed.'); null when open. */
    closedMessage: z.string().nullable(),
    opensOn: z.string().nullable(),
    closesOn: z.string().nullable(),
    summerOpensOn: z.string().nullable(),
    summerClosesOn: z.string().nullable(),
    /** Empty when the store is closed. */
    products: z.array(storefrontProductSchema),
    /** How the card is paid: 'embedded' (offline test mode: card fields), 'stripe' (Stripe.js). */
    paymentsProvider: z.enum(['embedded', 'stripe']),
    /** Stripe's publishable key, when paymentsProvider is 'stripe'. */
    stripePublishableKey: z.string().nullable(),
    /** The card's online fee, charged to the parent. */
    cardFee: z.object({ percentBasisPoints: z.number().int(), fixedCents: z.number().int() }),
  })
  .meta({ id: 'Storefront' });
export type Storefront = z.infer<typeof storefrontSchema>;

export const getStorefront = defineOperation({
  method: 'GET',
  path: '/api/storefront/:slug',
  params: storefrontParamsSchema,
  responses: { 200: storefrontSchema, ...problemResponses(404) },
  public: true,
  summary: 'An online store: its school, dates and the products on sale now',
  tags: ['storefront'],
});

/** An upload key of this store (`stores/<storeId>/uploads/<uuid>.<ext>`), as `uploads` answered it. */
const uploadKeySchema = z
  .string()
  .max(300)
  .regex(/^stores\/\d+\/uploads\/[0-9a-f-]{36}\.(jpg|png)$/, 'Not an upload of this store');

export const cartItemSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1, 'At least 1').max(MAX_QUANTITY_PER_LINE, `At most ${MAX_QUANTITY_PER_LINE}`),
  personalizationName: z.string().trim().min(1).max(40).optional(),
  /** Icon codes, comma-separated, for name-and-icons personalization. */
  icons: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w ,-]*$/, 'Icons are codes separated by commas')
    .optional(),
  /** The personalization photo (name and photo), an upload key. */
  photoKey: uploadKeySchema.optional(),
  /** An ad's image, an upload key. */
  adImageKey: uploadKeySchema.optional(),
  customPages: z.union([z.literal(2), z.literal(4)]).optional(),
  dedicationText: z.string().trim().max(2000).optional(),
  isDonated: z.boolean().optional(),
});
export type CartItem = z.input<typeof cartItemSchema>;

const zipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code');

export const cartSchema = z.object({
  items: z.array(cartItemSchema).min(1, 'The cart is empty').max(MAX_CART_LINES),
  couponCode: z.string().trim().max(40).optional(),
  /** Online order shipping of part 3: 0 digital, 1 bulk to school, 2 summer single, 3 bulk to home. */
  shipping: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** The ZIP whose sales tax applies (the ship-to ZIP for shipping to home, else the school's). */
  zip: zipSchema.optional(),
});
export type Cart = z.input<typeof cartSchema>;

export const quoteLineSchema = z.object({
  productId: idSchema,
  name: z.string(),
  quantity: z.number().int(),
  /** The product's price plus its personalization's, per unit. */
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
});

export const totalsSchema = z
  .object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    feeCents: z.number().int(),
    totalCents: z.number().int(),
  })
  .meta({ id: 'CheckoutTotals' });
export type CheckoutTotals = z.infer<typeof totalsSchema>;

export const quoteSchema = z
  .object({
    lines: z.array(quoteLineSchema),
    totals: totalsSchema,
    /** The coupon applied (upper case), or null. */
    couponCode: z.string().nullable(),
    taxZip: z.string().nullable(),
    taxRateBasisPoints: z.number().int(),
  })
  .meta({ id: 'CheckoutQuote' });
export type Quote = z.infer<typeof quoteSchema>;

/** A bad coupon is a 400 naming `couponCode` with its reason ('This coupon has expired.'). */
export const quoteCart = defineOperation({
  method: 'POST',
  path: '/api/storefront/:slug/quote',
  params: storefrontParamsSchema,
  body: cartSchema,
  responses: { 200: quoteSchema, ...problemResponses(400, 404, 409) },
  public: true,
  summary: "Price a cart: lines, coupon, shipping, the ZIP's sales tax, the online fee and the total",
  tags: ['storefront'],
});

const addressSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(200),
  line1: z.string().trim().min(1, 'Required').max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, 'Required').max(100),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Two letters'),
  zip: zipSchema,
});

/**
 * The card, in the embedded (offline test) mode only: checked in memory and never stored or logged.
 * Stripe mode sends `paymentMethodId` (Stripe.js made it in the browser) and never a card.
 */
export const cardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number')),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the security code'),
});

export const checkoutBodySchema = cartSchema.extend({
  parent: z.object({
    name: z.string().trim().min(1, 'Required').max(200),
    email: emailSchema,
    phone: z.string().trim().max(40).optional(),
  }),
  student: z.object({
    firstName: nameSchema,
    lastName: nameSchema,
    grade: z.string().trim().max(4).optional(),
    homeroom: z.string().trim().max(100).optional(),
  }),
  /** Required for shipping 2 (summer single) and 3 (bulk to home). */
  shipTo: addressSchema.optional(),
  /** Made once per checkout by the page: the same key twice answers the same order and charges once. */
  checkoutKey: z.uuid('Not a checkout key'),
  payment: z.union([
    z.object({ card: cardSchema }),
    z.object({ paymentMethodId: z.string().regex(/^pm_\w{1,90}$/, 'Not a payment method') }),
  ]),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutResultSchema = z
  .object({
    orderNumber: z.string(),
    /** 'paid', or 'pending' while the card needs the parent's action (3-D Secure: finish with Stripe.js). */
    status: z.enum(['paid', 'pending']),
    /** Stripe's PaymentIntent secret, when the card needs the parent's action. */
    clientSecret: z.string().nullable(),
    /** The parent's receipt (a signed link). */
    receiptUrl: z.string(),
    totals: totalsSchema,
    /**
     * A paid order's digital yearbooks: each one's access code and the link that opens it on a phone
     * (`/mobile-yearbooks?code=…`). Absent while the order is not paid.
     */
    digitalYearbooks: z.array(z.object({ code: z.string(), url: z.string() })).optional(),
  })
  .meta({ id: 'CheckoutResult' });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** 402: the card was declined (its message, 'Your card was declined.'); 409: the store is closed. */
export const checkout = defineOperation({
  method: 'POST',
  path: '/api/storefront/:slug/checkout',
  params: storefrontParamsSchema,
  body: checkoutBodySchema,
  responses: { 201: checkoutResultSchema, ...problemResponses(400, 402, 404, 409) },
  public: true,
  summary: 'Pay for a cart: one order and one charge per checkout key',
  tags: ['storefront'],
});

export const confirmCheckout = defineOperation({
  method: 'POST',
  path: '/api/storefront/:slug/checkout/:orderNumber/confirm',
  params: z.object({ slug: slugParam, orderNumber: z.string().regex(/^W\d{2}-\d{6,}$/, 'Not an order number') }),
  body: z.object({ checkoutKey: z.uuid('Not a checkout key') }),
  responses: { 200: checkoutResultSchema, ...problemResponses(400, 402, 404) },
  public: true,
  summary: "After the parent's card action (3-D Secure), read the payment again and settle the order",
  tags: ['storefront'],
});

export const storefrontUploadSchema = z.object({ key: z.string() }).meta({ id: 'StorefrontUpload' });

/** A parent's ad image or personalization photo: JPEG or PNG, at most 10 MB, the raw body. */
export const STOREFRONT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const uploadStorefrontImage = defineOperation({
  method: 'POST',
  path: '/api/storefront/:slug/uploads',
  params: storefrontParamsSchema,
  responses: { 201: storefrontUploadSchema, ...problemResponses(400, 404, 409, 413, 429) },
  public: true,
  summary: "A parent's ad image or personalization photo (JPEG or PNG, 10 MB at most); the cart refers to its key",
  tags: ['storefront'],
});

export const storefrontReceiptParamsSchema = z.object({
  orderNumber: z.string().regex(/^W\d{2}-\d{6,}$/, 'Not an order number'),
});
export const storefrontReceiptQuerySchema = z.object({ token: z.string().min(10).max(200) });
