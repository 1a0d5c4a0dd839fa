import { discountsContract, productPricesContract, productsContract, storesContract } from '@colophon/contract';
import { type Db, discounts, productPrices, products, storeStatuses } from '@colophon/db';
import {
  dedicationAdSize,
  discountType,
  notificationType,
  productShipping,
  productSubTypeLabel,
  productSubTypes,
  productType,
} from '@colophon/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountVisible, visibleAccountIds } from '../../access/scope';
import { registerResource } from '../../engine/implement';
import { deactivateRow, parentIdOf, type ResourceContext } from '../../engine/resource';
import { readForPage } from '../../engine/search-page';
import { AppError, invalidField, notFound } from '../../errors';
import { describeConstraint } from '../../plugins/problems';
import { includeAccountNames, requireReferencedAccount } from '../accounts/tree';
import { notify } from '../notifications/notify';

describeConstraint('store_statuses_account_year_key', 'year', 'This account already has a store for that year.');
describeConstraint('store_statuses_slug_key', 'slug', 'Another store already has this address.');
describeConstraint('discounts_account_year_code_key', 'code', 'This account already has this coupon code that year.');

type StoreRow = typeof storeStatuses.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type PriceRow = typeof productPrices.$inferSelect;

// ——— Tenancy: a store through its account, a product through its store ———

/** The stores of the caller's accounts (no limit for a super administrator). */
const storeScope = (context: ResourceContext) => accountVisible(context.auth, storeStatuses.accountId);

/** Products of the caller's stores, as a subquery on the store's account. */
function productScope(context: ResourceContext): SQL | undefined {
  const visible = visibleAccountIds(context.auth);
  return visible
    ? inArray(products.storeId, sql`(select s.id from store_statuses s where s.account_id in ${visible})`)
    : undefined;
}

/** The store a call acts on: 404 when it is missing or another tenant's. */
export async function visibleStore(context: Pick<ResourceContext, 'db' | 'auth'>, storeId: number) {
  const [store] = await context.db
    .select()
    .from(storeStatuses)
    .where(and(eq(storeStatuses.id, storeId), accountVisible(context.auth, storeStatuses.accountId)));
  if (!store) throw notFound(`Store ${storeId}`);
  return store;
}

/** The product a call acts on: 404 when it is missing or another tenant's. */
export async function visibleProduct(context: ResourceContext, productId: number): Promise<ProductRow> {
  const [product] = await context.db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), productScope(context)));
  if (!product) throw notFound(`Product ${productId}`);
  return product;
}

// ——— Stores ———

/** The default address of a store: the account's code in lower case and the year, `lin-2026`. */
export function defaultStoreSlug(accountCode: string, year: number): string {
  const code = accountCode
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${code || 'store'}-${year}`.slice(0, 80);
}

/** Each pair of dates in order: 400 naming the later one when it comes first. */
function checkDateOrder(dates: Record<string, unknown>, pairs: [string, string][]) {
  for (const [from, to] of pairs) {
    const start = dates[from];
    const end = dates[to];
    // ISO dates compare as text.
    if (typeof start === 'string' && typeof end === 'string' && end < start)
      throw invalidField(to, `Must be on or after ${from}.`);
  }
}

const storeDatePairs: [string, string][] = [
  ['opensOn', 'closesOn'],
  ['summerOpensOn', 'summerClosesOn'],
];

/** Store Opened or Store Closed on the store's account, in the transaction of the change. */
async function notifyStoreChange(db: Db, store: StoreRow, userName: string | null) {
  await notify(db, {
    accountId: store.accountId,
    typeNotification: store.isOpen ? notificationType.StoreOpened : notificationType.StoreClosed,
    userName,
    info: `${store.year} store${store.slug ? ` /store/${store.slug}` : ''}`,
  });
}

const callerName = (context: ResourceContext) => `${context.auth.user.firstName} ${context.auth.user.lastName}`.trim();

/**
 * Sets a store open or closed. The condition is in the update itself, so two calls at once raise
 * one notification; the change and its notification stand or fall together.
 */
export async function setStoreOpen(
  context: Pick<ResourceContext, 'db' | 'auth'> & { auth: ResourceContext['auth'] },
  store: StoreRow,
  isOpen: boolean,
  changes: Partial<StoreRow> = {},
): Promise<StoreRow> {
  return context.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(storeStatuses)
      .set({ ...changes, isOpen, updatedAt: new Date() })
      .where(and(eq(storeStatuses.id, store.id), ne(storeStatuses.isOpen, isOpen)))
      .returning();
    if (!changed) {
      // Already so: only the other changes, and no second notification.
      const [same] = await tx
        .update(storeStatuses)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(storeStatuses.id, store.id))
        .returning();
      return same ?? store;
    }
    await notifyStoreChange(tx, changed, `${context.auth.user.firstName} ${context.auth.user.lastName}`.trim());
    return changed;
  });
}

function registerStores(app: FastifyInstance) {
  registerResource(app, storesContract, {
    table: storeStatuses,
    scope: storeScope,
    hooks: {
      includes: {
        account: includeAccountNames,
      },
      async validate(input, context, existing) {
        if (!existing && input.accountId !== undefined) {
          await requireReferencedAccount(context, input.accountId, 'accountId');
        }
        checkDateOrder({ ...existing, ...input }, storeDatePairs);
      },
      async create(input, context) {
        const account = await requireReferencedAccount(context, input.accountId, 'accountId');
        const values = { ...input, slug: input.slug ?? defaultStoreSlug(account.code, input.year) };
        return context.db.transaction(async (tx) => {
          const [row] = await tx.insert(storeStatuses).values(values).returning();
          if (!row) throw new Error('store insert returned nothing');
          if (row.isOpen) await notifyStoreChange(tx, row, callerName(context));
          return row;
        });
      },
      async update(existing, input, context) {
        const { isOpen, ...changes } = input;
        if (isOpen !== undefined) return setStoreOpen(context, existing, isOpen, changes);
        const [row] = await context.db
          .update(storeStatuses)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(storeStatuses.id, existing.id))
          .returning();
        return row;
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Account', value: (row) => row.account?.name ?? String(row.accountId) },
      { header: 'Year', value: (row) => row.year },
      { header: 'Open', value: (row) => (row.isOpen ? 'Yes' : 'No') },
      { header: 'Address', value: (row) => (row.slug ? `/store/${row.slug}` : '') },
      { header: 'Title', value: (row) => row.title },
      { header: 'Opens', value: (row) => row.opensOn },
      { header: 'Closes', value: (row) => row.closesOn },
      { header: 'Summer opens', value: (row) => row.summerOpensOn },
      { header: 'Summer closes', value: (row) => row.summerClosesOn },
    ],
  });
}

// ——— Products ———

/**
 * The price in force at an instant: the latest-starting price whose period holds it (a price runs
 * until its `endsAt`, open-ended when it has none; a later price takes over from its start). One
 * query for a whole page of products.
 */
export async function currentPrices(db: Db, productIds: number[], at: Date): Promise<Map<number, number>> {
  const prices = await readForPage(productIds, (ids) =>
    db
      .selectDistinctOn([productPrices.productId], {
        productId: productPrices.productId,
        priceCents: productPrices.priceCents,
      })
      .from(productPrices)
      .where(
        and(
          inArray(productPrices.productId, ids),
          sql`${productPrices.startsAt} <= ${at}`,
          sql`(${productPrices.endsAt} is null or ${productPrices.endsAt} > ${at})`,
        ),
      )
      .orderBy(productPrices.productId, sql`${productPrices.startsAt} desc`),
  );
  return new Map(prices.map((price) => [price.productId, price.priceCents]));
}

type FilledProduct = ProductRow & { currentPriceCents?: number | null; imageUrl?: string | null };

/** The product's fields that are not columns: its current price and its image's signed address. */
export async function fillProducts(rows: FilledProduct[], context: ResourceContext): Promise<void> {
  const services = context.request.server.services;
  const prices = await currentPrices(
    context.db,
    rows.map((row) => row.id),
    services.clock.now(),
  );
  for (const row of rows) {
    row.currentPriceCents = prices.get(row.id) ?? null;
    row.imageUrl = row.imageKey ? services.files.signedUrl(row.imageKey, 24 * 3600) : null;
  }
}

type ProductFields = Pick<
  ProductRow,
  'typeProduct' | 'typeSubProduct' | 'adSize' | 'typePersonalization' | 'personalizationPriceCents'
>;

/**
 * The rules across a product's fields (part 3), on the row as it will be: the sub type is one of its
 * type's (0 when the type has none); an ad has a size and nothing else does; only a yearbook offers
 * personalization, and its price goes with it.
 */
export function checkProductFields(product: ProductFields): void {
  const subTypes = productSubTypes(product.typeProduct);
  if (subTypes ? !subTypes.has(product.typeSubProduct) : product.typeSubProduct !== 0) {
    throw invalidField(
      'typeSubProduct',
      subTypes
        ? `Must be one of ${subTypes.codes.join(', ')} for ${productType.label(product.typeProduct)}.`
        : `${productType.label(product.typeProduct)} has no sub types: use 0.`,
    );
  }
  const isAd = product.typeProduct === productType.YearbookAd;
  if (isAd && product.adSize === null) {
    throw invalidField('adSize', `Required for an ad: one of ${dedicationAdSize.codes.join(', ')}.`);
  }
  if (!isAd && product.adSize !== null) throw invalidField('adSize', 'Only ads have a size.');
  if (product.typePersonalization !== null && product.typeProduct !== productType.Yearbook) {
    throw invalidField('typePersonalization', 'Only a yearbook offers personalization.');
  }
  if (product.personalizationPriceCents !== null && product.typePersonalization === null) {
    throw invalidField('personalizationPriceCents', 'Only with a personalization.');
  }
}

function registerProducts(app: FastifyInstance) {
  registerResource(app, productsContract, {
    table: products,
    scope: productScope,
    hooks: {
      fill: fillProducts,
      async validate(input, context, existing) {
        if (!existing && input.storeId !== undefined) {
          await visibleStore(context, input.storeId).catch(() => {
            throw invalidField('storeId', `Store ${input.storeId} does not exist or is not yours.`);
          });
        }
        const merged = { ...existing, ...input } as ProductFields;
        checkProductFields({
          typeProduct: merged.typeProduct,
          typeSubProduct: merged.typeSubProduct ?? 0,
          adSize: merged.adSize ?? null,
          typePersonalization: merged.typePersonalization ?? null,
          personalizationPriceCents: merged.personalizationPriceCents ?? null,
        });
      },
      // Past orders keep their lines: a product is retired, never deleted.
      remove: (existing, context) => deactivateRow(context, products, existing.id),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Store', value: (row) => row.storeId },
      { header: 'Name', value: (row) => row.name },
      { header: 'Type', value: (row) => productType.label(row.typeProduct) },
      { header: 'Sub type', value: (row) => productSubTypeLabel(row.typeProduct, row.typeSubProduct) },
      { header: 'Shipping', value: (row) => productShipping.label(row.typeShipping) },
      { header: 'Ad size', value: (row) => (row.adSize ? dedicationAdSize.label(row.adSize) : '') },
      {
        header: 'Current price',
        value: (row) => (row.currentPriceCents == null ? '' : (row.currentPriceCents / 100).toFixed(2)),
      },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    ],
  });
}

// ——— Prices over time ———

/**
 * Two price periods overlap when one starts inside the other's bounded period, or both start at the
 * same instant. An open-ended price gives way to a later one (the regular price after an early-bird
 * one is simply added), so only bounded periods and equal starts collide.
 */
export function pricePeriodsOverlap(
  a: { startsAt: Date; endsAt: Date | null },
  b: { startsAt: Date; endsAt: Date | null },
): boolean {
  const inside = (at: Date, period: { startsAt: Date; endsAt: Date | null }) =>
    period.endsAt !== null && at > period.startsAt && at < period.endsAt;
  return a.startsAt.getTime() === b.startsAt.getTime() || inside(a.startsAt, b) || inside(b.startsAt, a);
}

/**
 * Writes a price with its product locked (`for update`), so two prices added at once cannot both
 * pass the overlap check: the second waits and sees the first.
 */
async function writePrice(
  context: ResourceContext,
  period: { priceCents: number; startsAt: Date; endsAt: Date | null },
  existing?: PriceRow,
): Promise<PriceRow> {
  const productId = parentIdOf(context);
  if (period.endsAt && period.endsAt <= period.startsAt) throw invalidField('endsAt', 'Must be after startsAt.');
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select id from products where id = ${productId} for update`);
    const others = await tx
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, productId), existing ? ne(productPrices.id, existing.id) : undefined));
    const clash = others.find((other) => pricePeriodsOverlap(period, other));
    if (clash) {
      const message = `Overlaps the price of ${clash.startsAt.toISOString()}${clash.endsAt ? ` to ${clash.endsAt.toISOString()}` : ''}.`;
      throw new AppError('conflict', `startsAt: ${message}`, { errors: [{ path: 'startsAt', message }] });
    }
    const [row] = existing
      ? await tx
          .update(productPrices)
          .set({ ...period, updatedAt: new Date() })
          .where(eq(productPrices.id, existing.id))
          .returning()
      : await tx
          .insert(productPrices)
          .values({ ...period, productId })
          .returning();
    if (!row) throw new Error('price write returned nothing');
    return row;
  });
}

function registerPrices(app: FastifyInstance) {
  registerResource(app, productPricesContract, {
    table: productPrices,
    parent: { column: productPrices.productId, visible: visibleProduct },
    hooks: {
      create: (input, context) =>
        writePrice(context, {
          priceCents: input.priceCents,
          startsAt: new Date(input.startsAt),
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
        }),
      update: (existing, input, context) =>
        writePrice(
          context,
          {
            priceCents: input.priceCents ?? existing.priceCents,
            startsAt: input.startsAt ? new Date(input.startsAt) : existing.startsAt,
            endsAt: input.endsAt === undefined ? existing.endsAt : input.endsAt ? new Date(input.endsAt) : null,
          },
          existing,
        ),
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Price', value: (row) => (row.priceCents / 100).toFixed(2) },
      { header: 'Starts', value: (row) => row.startsAt.toISOString() },
      { header: 'Ends', value: (row) => row.endsAt?.toISOString() ?? '' },
    ],
  });
}

// ——— Coupons ———

function registerDiscounts(app: FastifyInstance) {
  registerResource(app, discountsContract, {
    table: discounts,
    scope: (context) => accountVisible(context.auth, discounts.accountId),
    hooks: {
      async validate(input, context, existing) {
        if (!existing && input.accountId !== undefined) {
          await requireReferencedAccount(context, input.accountId, 'accountId');
        }
        const merged = { ...existing, ...input };
        if (merged.typeDiscount === discountType.Percentage && (merged.amount ?? 0) > 10_000) {
          throw invalidField('amount', 'A percentage is at most 10000 basis points (100 %).');
        }
        checkDateOrder(merged, [['startsOn', 'endsOn']]);
      },
    },
    csv: [
      { header: 'ID', value: (row) => row.id },
      { header: 'Code', value: (row) => row.code },
      { header: 'Description', value: (row) => row.description },
      { header: 'Type', value: (row) => discountType.label(row.typeDiscount) },
      {
        header: 'Amount',
        value: (row) =>
          row.typeDiscount === discountType.Percentage
            ? `${(row.amount / 100).toFixed(2)} %`
            : (row.amount / 100).toFixed(2),
      },
      { header: 'Year', value: (row) => row.year },
      { header: 'Used', value: (row) => row.timesUsed },
      { header: 'Max uses', value: (row) => row.maxUses },
      { header: 'Starts', value: (row) => row.startsOn },
      { header: 'Ends', value: (row) => row.endsOn },
      { header: 'Active', value: (row) => (row.isActive ? 'Yes' : 'No') },
    ],
  });
}

/** Stores, their products and prices, and coupons (issue 12). */
export function registerStoreResources(app: FastifyInstance) {
  registerStores(app);
  registerProducts(app);
  registerPrices(app);
  registerDiscounts(app);
}
