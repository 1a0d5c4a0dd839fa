import { randomUUID } from 'node:crypto';
import {
  checkout,
  confirmCheckout,
  getStorefront,
  quoteCart,
  STOREFRONT_UPLOAD_MAX_BYTES,
  type Storefront,
  storefrontReceiptParamsSchema,
  storefrontReceiptQuerySchema,
  uploadStorefrontImage,
} from '@colophon/contract';
import { accounts, onlineOrders, type storeStatuses } from '@colophon/db';
import {
  customParentPagesSubType,
  ecommerceFeeFor,
  onlineOrderPayment,
  productType,
  schoolYearOfStoreYear,
} from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { AppError, invalidField, notFound } from '../../errors';
import { countHit, requireHitLeft, takeHit } from '../../rate-limit';
import { yearbookCodeMakerOf } from '../mobile-yearbooks/access';
import {
  checkoutCart,
  confirmCheckoutPayment,
  priceStoreCart,
  productsOnSale,
  quoteOf,
  STORE_CLOSED,
  storeBySlug,
  storeIsOpen,
} from './checkout';
import { receiptOf } from './receipt';
import { receiptTokenMatches } from './receipt-email';

/*
 * The public storefront (issue 12): no session. Every answer is built from the store's own rows, a
 * closed store shows no products and sells nothing, and prices are always the server's.
 */

type StoreRow = typeof storeStatuses.$inferSelect;

async function storefrontOf(services: Services, store: StoreRow): Promise<Storefront> {
  const now = services.clock.now();
  const [account] = await services.db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, store.accountId));
  const open = storeIsOpen(store, now);
  const onSale = open ? await productsOnSale(services.db, store.id, now) : [];
  const card = ecommerceFeeFor(onlineOrderPayment.CreditCard);
  return {
    slug: store.slug ?? '',
    title: store.title ?? `${account?.name ?? ''} Yearbook`,
    welcomeText: store.welcomeText,
    accountName: account?.name ?? '',
    year: store.year,
    schoolYear: schoolYearOfStoreYear(store.year),
    isOpen: open,
    closedMessage: open ? null : STORE_CLOSED,
    opensOn: store.opensOn,
    closesOn: store.closesOn,
    summerOpensOn: store.summerOpensOn,
    summerClosesOn: store.summerClosesOn,
    products: onSale.map(({ product, priceCents }) => ({
      id: product.id,
      typeProduct: product.typeProduct,
      typeSubProduct: product.typeSubProduct,
      name: product.name,
      description: product.description,
      priceCents,
      typeShipping: product.typeShipping,
      adSize: product.adSize,
      typePersonalization: product.typePersonalization,
      personalizationPriceCents: product.personalizationPriceCents,
      customPages:
        product.typeProduct === productType.CustomParentPages && customParentPagesSubType.has(product.typeSubProduct)
          ? product.typeSubProduct || null
          : null,
      allowsDonation: product.allowsDonation,
      maxPerOrder: Math.min(product.maxPerOrder ?? 50, 50),
      imageUrl: product.imageKey ? services.files.signedUrl(product.imageKey, 24 * 3600) : null,
    })),
    paymentsProvider: services.payments.name,
    stripePublishableKey: services.payments.name === 'stripe' ? (services.config.stripe.publishableKey ?? null) : null,
    cardFee: { percentBasisPoints: card.percentBasisPoints, fixedCents: card.fixedCents },
  };
}

/** The image kinds a parent may upload, known by their first bytes. */
function imageKindOf(bytes: Buffer): 'jpg' | 'png' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/**
 * The storefront's limits per address (rate-limit.ts, shared by every API process): quotes, checkouts
 * and uploads each, and coupon codes that are not valid per address and store, refused once too many
 * were tried (a request without a coupon still goes through).
 */
const couponSubject = (slug: string, ip: string) => `${slug.toLowerCase()} ${ip}`;

async function guardsFor(services: Services, slug: string, ip: string, couponCode: string | undefined) {
  if (!couponCode?.trim()) return {};
  await requireHitLeft(services, 'storefrontCouponMiss', couponSubject(slug, ip));
  return {
    onUnknownCoupon: async () => {
      await countHit(services, 'storefrontCouponMiss', couponSubject(slug, ip));
    },
  };
}

export async function registerStorefrontRoutes(app: FastifyInstance) {
  const services = app.services;

  implement(app, getStorefront, async function storefront(request) {
    return storefrontOf(services, await storeBySlug(services.db, request.params.slug));
  });

  implement(app, quoteCart, async function quote(request) {
    const { slug } = request.params;
    await takeHit(services, 'storefrontQuote', request.ip);
    const guards = await guardsFor(services, slug, request.ip, request.body.couponCode);
    const now = services.clock.now();
    const store = await storeBySlug(services.db, slug);
    if (!storeIsOpen(store, now)) throw new AppError('conflict', STORE_CLOSED);
    return quoteOf(await priceStoreCart(services, store, request.body, now, guards));
  });

  implement(app, checkout, async function checkoutStore(request, reply) {
    const { slug } = request.params;
    await takeHit(services, 'storefrontCheckout', request.ip);
    const guards = await guardsFor(services, slug, request.ip, request.body.couponCode);
    const result = await checkoutCart(services, slug, request.body, guards);
    return reply.status(201).send(result);
  });

  implement(app, confirmCheckout, async function confirm(request) {
    return confirmCheckoutPayment(services, request.params.slug, request.params.orderNumber, request.body.checkoutKey);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['image/jpeg', 'image/png', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: STOREFRONT_UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: uploadStorefrontImage.method,
      url: uploadStorefrontImage.path,
      config: { public: true },
      bodyLimit: STOREFRONT_UPLOAD_MAX_BYTES,
      schema: {
        tags: [...uploadStorefrontImage.tags],
        summary: uploadStorefrontImage.summary,
        params: uploadStorefrontImage.params,
        response: uploadStorefrontImage.responses,
      },
      async handler(request, reply) {
        await takeHit(services, 'storefrontUpload', request.ip);
        const store = await storeBySlug(services.db, request.params.slug);
        if (!storeIsOpen(store, services.clock.now())) throw new AppError('conflict', STORE_CLOSED);
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw invalidField('body', 'Send a JPEG or PNG image');
        const kind = imageKindOf(bytes);
        if (!kind) throw invalidField('body', 'Use a JPEG or PNG image');
        const key = `stores/${store.id}/uploads/${randomUUID()}.${kind}`;
        await services.files.put(key, bytes, kind === 'png' ? 'image/png' : 'image/jpeg');
        return reply.status(201).send({ key });
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/storefront/receipt/:orderNumber',
    {
      config: { public: true },
      schema: {
        tags: ['storefront'],
        summary: "The parent's receipt (PDF), by the signed link of the receipt e-mail",
        params: storefrontReceiptParamsSchema,
        querystring: storefrontReceiptQuerySchema,
      },
    },
    async function storefrontReceipt(request, reply) {
      const { orderNumber } = request.params;
      // A wrong token and a missing order answer alike: the link proves nothing about other orders.
      if (!receiptTokenMatches(services.tokenSecret, orderNumber, request.query.token)) throw notFound('This receipt');
      const [order] = await services.db.select().from(onlineOrders).where(eq(onlineOrders.orderNumber, orderNumber));
      if (!order) throw notFound('This receipt');
      // The parent's own receipt prints the digital yearbooks' access codes (the staff's copy does not).
      const bytes = await receiptOf(services.db, order, {
        codeOf: yearbookCodeMakerOf(services),
        publicUrl: services.config.publicUrl,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${orderNumber.replace(/[^\w-]/g, '')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
