import type { CheckoutResult, cartSchema, checkoutBodySchema, Quote } from '@colophon/contract';
import { type Db, discounts, onlineOrders, onlinePayments, productPrices, products, storeStatuses } from '@colophon/db';
import {
  type CartPricing,
  couponDay,
  couponProblem,
  ecommerceFeeFor,
  MAX_QUANTITY_PER_LINE,
  onlineOrderPayment,
  onlineShippingPriceCents,
  passesLuhn,
  priceCart,
  productShipping,
  productType,
  schoolYearOfStoreYear,
} from '@colophon/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Services } from '../../context';
import { AppError, invalidField, notFound } from '../../errors';
import type { ChargeResult } from '../../integrations/payments/payments-adapter';
import { mobileYearbookUrlOf, yearbookCodeMakerOf, yearbookCodesOfOrder } from '../mobile-yearbooks/access';
import {
  isCheckoutKeyConflict,
  markOnlineOrderFailed,
  markOnlineOrderPaid,
  type OnlineOrderItemInsert,
  type OnlineOrderRow,
  placeOnlineOrder,
  rememberPaymentIntent,
} from './place-online-order';
import { receiptUrlOf } from './receipt-email';
import { salesTaxRate } from './sales-tax';

/*
 * The checkout engine (issue 12): a cart priced on the server from the prices in force now (never
 * from the client), a coupon judged and counted, the ZIP's sales tax, and the card charged once per
 * checkout key through the payments adapter.
 */

export type StoreRow = typeof storeStatuses.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
type Cart = z.output<typeof cartSchema>;
type CheckoutBody = z.output<typeof checkoutBodySchema>;

export const STORE_CLOSED = 'This store is closed.';

/** The store at `/store/<slug>`, or a 404 (the same for a slug that never existed). */
export async function storeBySlug(db: Db, slug: string): Promise<StoreRow> {
  const [store] = await db.select().from(storeStatuses).where(eq(storeStatuses.slug, slug.toLowerCase()));
  if (!store) throw notFound('This store');
  return store;
}

/** Open: switched on, and today within its selling season or its summer window (when it has dates). */
export function storeIsOpen(store: StoreRow, now: Date): boolean {
  if (!store.isOpen) return false;
  const today = couponDay(now);
  const within = (from: string | null, to: string | null) => (!from || today >= from) && (!to || today <= to);
  if (within(store.opensOn, store.closesOn)) return true;
  return Boolean(store.summerOpensOn || store.summerClosesOn) && within(store.summerOpensOn, store.summerClosesOn);
}

/** Each product's price in force at `now`: its latest price started by then and not ended. */
export async function currentPrices(db: Db, productIds: number[], now: Date): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productPrices.productId, priceCents: productPrices.priceCents })
    .from(productPrices)
    .where(
      and(
        inArray(productPrices.productId, productIds),
        lte(productPrices.startsAt, now),
        or(isNull(productPrices.endsAt), gt(productPrices.endsAt, now)),
      ),
    )
    .orderBy(asc(productPrices.productId), desc(productPrices.startsAt), desc(productPrices.id));
  const prices = new Map<number, number>();
  for (const row of rows) if (!prices.has(row.productId)) prices.set(row.productId, row.priceCents);
  return prices;
}

/** The products a store sells now, with their prices, in their order. */
export async function productsOnSale(db: Db, storeId: number, now: Date) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.isActive, true)))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const prices = await currentPrices(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.flatMap((row) => {
    const priceCents = prices.get(row.id);
    return priceCents === undefined ? [] : [{ product: row, priceCents }];
  });
}

export interface PricedCart {
  pricing: CartPricing;
  lines: { product: ProductRow; item: OnlineOrderItemInsert }[];
  coupon: typeof discounts.$inferSelect | null;
  tax: { zip: string | null; rateBasisPoints: number };
}

const uploadKeyOf = (storeId: number, key: string | undefined, path: string): string | null => {
  if (key === undefined) return null;
  if (!key.startsWith(`stores/${storeId}/uploads/`)) throw invalidField(path, 'Not an upload of this store');
  return key;
};

/** What the public routes hook into pricing (the rate limiter, storefront.ts). */
export interface CartGuards {
  /** Called before a coupon code that matches none of the account's is refused. */
  onUnknownCoupon?: () => Promise<void>;
}

/**
 * A cart priced on the server: every product must be this store's, active and priced now; options
 * must be ones the product offers; quantities are capped. A bad coupon is a 400 naming `couponCode`
 * with its reason; an unknown ZIP a 400 naming `zip`.
 */
export async function priceStoreCart(
  services: Pick<Services, 'db' | 'config'>,
  store: StoreRow,
  cart: Cart & { shipTo?: { zip: string } | undefined },
  now: Date,
  guards: CartGuards = {},
): Promise<PricedCart> {
  const { db } = services;
  const ids = [...new Set(cart.items.map((item) => item.productId))];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.storeId, store.id), eq(products.isActive, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const prices = await currentPrices(db, ids, now);
  const quantities = new Map<number, number>();
  const lines = cart.items.map((item, index) => {
    const path = `items.${index}`;
    const product = byId.get(item.productId);
    if (!product) throw invalidField(`${path}.productId`, 'Not a product of this store');
    const priceCents = prices.get(product.id);
    if (priceCents === undefined) throw invalidField(`${path}.productId`, 'Not on sale now');
    const total = (quantities.get(product.id) ?? 0) + item.quantity;
    quantities.set(product.id, total);
    const limit = Math.min(product.maxPerOrder ?? MAX_QUANTITY_PER_LINE, MAX_QUANTITY_PER_LINE);
    if (total > limit) throw invalidField(`${path}.quantity`, `At most ${limit} per order`);
    const personalized = item.personalizationName !== undefined;
    if (personalized && product.typePersonalization === null)
      throw invalidField(`${path}.personalizationName`, 'This product offers no personalization');
    if (item.icons !== undefined && product.typePersonalization !== 4)
      throw invalidField(`${path}.icons`, 'This product offers no icons');
    if (item.photoKey !== undefined && product.typePersonalization !== 2)
      throw invalidField(`${path}.photoKey`, 'This product offers no photo');
    if (item.adImageKey !== undefined && product.typeProduct !== productType.YearbookAd)
      throw invalidField(`${path}.adImageKey`, 'Only an ad takes an image');
    if (
      item.dedicationText !== undefined &&
      product.typeProduct !== productType.TextOnlyDedication &&
      product.typeProduct !== productType.YearbookAd
    )
      throw invalidField(`${path}.dedicationText`, 'Only a dedication takes a text');
    if (item.isDonated && !product.allowsDonation)
      throw invalidField(`${path}.isDonated`, 'This product cannot be donated');
    const customPages =
      product.typeProduct === productType.CustomParentPages ? product.typeSubProduct || item.customPages || null : null;
    const personalizationPriceCents = personalized ? (product.personalizationPriceCents ?? 0) : 0;
    return {
      product,
      pricingLine: { unitPriceCents: priceCents, quantity: item.quantity, personalizationPriceCents },
      item: {
        productId: product.id,
        typeProduct: product.typeProduct,
        typeSubProduct: product.typeSubProduct,
        quantity: item.quantity,
        unitPriceCents: priceCents + personalizationPriceCents,
        totalCents: (priceCents + personalizationPriceCents) * item.quantity,
        typePersonalization: personalized ? product.typePersonalization : null,
        personalizationName: item.personalizationName ?? null,
        personalizationIcons: item.icons ?? null,
        personalizationPhotoKey: uploadKeyOf(store.id, item.photoKey, `${path}.photoKey`),
        customPages,
        adSize: product.adSize,
        adImageKey: uploadKeyOf(store.id, item.adImageKey, `${path}.adImageKey`),
        dedicationText: item.dedicationText ?? null,
        isDonated: item.isDonated ?? false,
      } satisfies OnlineOrderItemInsert,
    };
  });
  const physical = lines.some(({ product }) => product.typeShipping !== productShipping.DigitalOnly);
  if (physical && cart.shipping === 0) throw invalidField('shipping', 'Choose how the yearbooks are delivered');

  const subtotalCents = lines.reduce((sum, line) => sum + line.item.totalCents, 0);
  let coupon: typeof discounts.$inferSelect | null = null;
  const code = cart.couponCode?.trim().toUpperCase();
  if (code) {
    [coupon = null] = await db
      .select()
      .from(discounts)
      .where(and(eq(discounts.accountId, store.accountId), eq(sql`upper(${discounts.code})`, code)))
      .orderBy(desc(discounts.year));
    if (!coupon) {
      await guards.onUnknownCoupon?.();
      throw invalidField('couponCode', 'This coupon code is not valid.');
    }
    const problem = couponProblem(coupon, { now, year: schoolYearOfStoreYear(store.year), subtotalCents });
    if (problem) throw invalidField('couponCode', problem);
  }
  const zip = cart.zip ?? cart.shipTo?.zip;
  const rate = zip ? await salesTaxRate(services, zip) : null;
  const pricing = priceCart({
    lines: lines.map((line) => line.pricingLine),
    coupon,
    shippingCents: physical ? onlineShippingPriceCents[cart.shipping] : 0,
    taxRateBasisPoints: rate?.rateBasisPoints ?? 0,
    fee: ecommerceFeeFor(onlineOrderPayment.CreditCard),
  });
  return {
    pricing,
    lines: lines.map(({ product, item }) => ({ product, item })),
    coupon,
    tax: { zip: rate?.zip ?? null, rateBasisPoints: rate?.rateBasisPoints ?? 0 },
  };
}

export function quoteOf(priced: PricedCart): Quote {
  const { pricing } = priced;
  return {
    lines: priced.lines.map(({ product, item }) => ({
      productId: product.id,
      name: product.name,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalCents: item.totalCents,
    })),
    totals: totalsOf(pricing),
    couponCode: priced.coupon?.code.toUpperCase() ?? null,
    taxZip: priced.tax.zip,
    taxRateBasisPoints: priced.tax.rateBasisPoints,
  };
}

function totalsOf(
  pricing: Pick<
    CartPricing,
    'subtotalCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'feeCents' | 'totalCents'
  >,
) {
  return {
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    shippingCents: pricing.shippingCents,
    taxCents: pricing.taxCents,
    feeCents: pricing.feeCents,
    totalCents: pricing.totalCents,
  };
}

/** A decline: 402 with the card's message. */
export const declined = (message: string) => new AppError('payment_required', message);

async function resultOf(
  services: Pick<Services, 'config' | 'tokenSecret' | 'db'>,
  order: OnlineOrderRow,
  clientSecret: string | null,
): Promise<CheckoutResult> {
  const digitalYearbooks =
    order.status === 'paid'
      ? (await yearbookCodesOfOrder(services.db, order.id, yearbookCodeMakerOf(services)))
          .filter(({ revoked }) => !revoked)
          .map(({ code }) => ({ code, url: mobileYearbookUrlOf(services.config.publicUrl, code) }))
      : [];
  return {
    orderNumber: order.orderNumber,
    status: order.status === 'paid' ? 'paid' : 'pending',
    clientSecret,
    receiptUrl: receiptUrlOf(services)(order.orderNumber),
    totals: totalsOf(order),
    ...(digitalYearbooks.length ? { digitalYearbooks } : {}),
  };
}

const chargeKeyOf = (checkoutKey: string) => `checkout:${checkoutKey}`;

/**
 * Charges a pending order (again: the adapter answers the first outcome under the same key) and
 * settles it. A paid order answers its result; a failed one its decline (402).
 */
async function chargeAndSettle(
  services: Services,
  order: OnlineOrderRow,
  payment: {
    card?: CheckoutBody['payment'] extends infer P ? (P extends { card: infer C } ? C : never) : never;
    paymentMethodId?: string;
  },
): Promise<CheckoutResult> {
  const now = services.clock.now();
  let charge: ChargeResult;
  try {
    charge = await services.payments.charge({
      amountCents: order.totalCents,
      idempotencyKey: chargeKeyOf(order.checkoutKey ?? order.orderNumber),
      description: `Order ${order.orderNumber}`,
      metadata: { orderNumber: order.orderNumber, storeId: String(order.storeId), accountId: String(order.accountId) },
      card: payment.card,
      paymentMethodId: payment.paymentMethodId,
    });
  } catch {
    // The provider did not answer: the order stays pending (the same key retried charges once).
    throw new AppError('integration_failed', 'The payment could not be completed. Please try again.');
  }
  return settle(services, order, charge, now);
}

async function settle(
  services: Services,
  order: OnlineOrderRow,
  charge: ChargeResult,
  now: Date,
): Promise<CheckoutResult> {
  if (charge.status === 'succeeded') {
    await markOnlineOrderPaid(services.db, order.id, {
      providerRef: charge.id,
      now,
      receiptUrl: receiptUrlOf(services),
      yearbookCode: yearbookCodeMakerOf(services),
    });
  } else if (charge.status === 'failed') {
    const message = charge.failureMessage ?? 'Your card was declined.';
    await markOnlineOrderFailed(services.db, order.id, { providerRef: charge.id || null, message, now });
  } else if (charge.id) {
    await rememberPaymentIntent(services.db, order.id, charge.id);
  }
  return answerFor(services, await orderById(services.db, order.id), charge.clientSecret ?? null);
}

async function orderById(db: Db, id: number): Promise<OnlineOrderRow> {
  const [order] = await db.select().from(onlineOrders).where(eq(onlineOrders.id, id));
  if (!order) throw notFound('This order');
  return order;
}

/** An order's answer as it stands: paid or pending, or its decline as a 402. */
async function answerFor(
  services: Services,
  order: OnlineOrderRow,
  clientSecret: string | null,
): Promise<CheckoutResult> {
  if (order.status === 'failed') {
    const [payment] = await services.db
      .select({ failureMessage: onlinePayments.failureMessage })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.onlineOrderId, order.id), eq(onlinePayments.kind, 'charge')));
    throw declined(payment?.failureMessage ?? 'Your card was declined.');
  }
  return resultOf(services, order, clientSecret);
}

/** `POST /api/storefront/:slug/checkout`: one order and one charge per checkout key. */
export async function checkoutCart(
  services: Services,
  slug: string,
  body: CheckoutBody,
  guards: CartGuards = {},
): Promise<CheckoutResult> {
  const { db } = services;
  const now = services.clock.now();
  const store = await storeBySlug(db, slug);
  const payment =
    'card' in body.payment ? { card: body.payment.card } : { paymentMethodId: body.payment.paymentMethodId };
  if ('card' in body.payment && services.payments.name !== 'embedded')
    throw invalidField('payment', 'Pay with a payment method made by Stripe.js');
  if ('paymentMethodId' in body.payment && services.payments.name !== 'stripe')
    throw invalidField('payment', 'Pay with a card');
  // A mistyped number is the parent's to fix, before any order exists (embedded mode only: with
  // Stripe the number never reaches us).
  if ('card' in body.payment && !passesLuhn(body.payment.card.number))
    throw invalidField('payment.card.number', 'Your card number is incorrect.');

  const existing = await orderByCheckoutKey(db, body.checkoutKey);
  if (existing) return resume(services, store, existing, payment);
  if (!storeIsOpen(store, now)) throw new AppError('conflict', STORE_CLOSED);
  if ((body.shipping === 2 || body.shipping === 3) && !body.shipTo)
    throw invalidField('shipTo', 'Where should the book be shipped?');

  const priced = await priceStoreCart(services, store, body, now, guards);
  let order: OnlineOrderRow;
  try {
    ({ order } = await placeOnlineOrder(db, {
      store,
      typePayment: onlineOrderPayment.CreditCard,
      typeShipping: body.shipping,
      parent: body.parent,
      student: body.student,
      shipTo: body.shipping === 2 || body.shipping === 3 ? body.shipTo : undefined,
      items: priced.lines.map((line) => line.item),
      pricing: priced.pricing,
      discountId: priced.coupon?.id ?? null,
      tax: priced.tax,
      checkoutKey: body.checkoutKey,
      provider: services.payments.name,
      paymentKey: chargeKeyOf(body.checkoutKey),
      paid: priced.pricing.totalCents === 0,
      now,
      receiptUrl: receiptUrlOf(services),
      yearbookCode: yearbookCodeMakerOf(services),
    }));
  } catch (error) {
    // The same checkout sent twice at once: the second finds the first's order.
    if (!isCheckoutKeyConflict(error)) throw error;
    const first = await orderByCheckoutKey(db, body.checkoutKey);
    if (!first) throw error;
    return resume(services, store, first, payment);
  }
  if (order.status === 'paid') return resultOf(services, order, null);
  return chargeAndSettle(services, order, payment);
}

async function orderByCheckoutKey(db: Db, checkoutKey: string): Promise<OnlineOrderRow | undefined> {
  const [order] = await db.select().from(onlineOrders).where(eq(onlineOrders.checkoutKey, checkoutKey));
  return order;
}

/** The same checkout key again: the order it made, charged at most once. */
async function resume(
  services: Services,
  store: StoreRow,
  order: OnlineOrderRow,
  payment: Parameters<typeof chargeAndSettle>[2],
): Promise<CheckoutResult> {
  // A key is the page's own: another store's order under it is not this caller's business.
  if (order.storeId !== store.id) throw invalidField('checkoutKey', 'This checkout key was already used');
  if (order.status !== 'pending') return answerFor(services, order, null);
  return chargeAndSettle(services, order, payment);
}

/** `POST …/checkout/:orderNumber/confirm`: after the parent's card action, read the payment again. */
export async function confirmCheckoutPayment(
  services: Services,
  slug: string,
  orderNumber: string,
  checkoutKey: string,
): Promise<CheckoutResult> {
  const store = await storeBySlug(services.db, slug);
  const [order] = await services.db
    .select()
    .from(onlineOrders)
    .where(and(eq(onlineOrders.orderNumber, orderNumber), eq(onlineOrders.storeId, store.id)));
  // The checkout key proves the caller made this order; without it, as if there were no order.
  if (!order || order.checkoutKey !== checkoutKey) throw notFound('This order');
  if (order.status !== 'pending' || !order.paymentIntentId) return answerFor(services, order, null);
  const charge = await services.payments.retrieve(order.paymentIntentId);
  return settle(services, order, charge, services.clock.now());
}
