import { randomUUID } from 'node:crypto';
import {
  closeStore,
  getEcommerceFees,
  getOpenStores,
  getStoreProducts,
  type Product,
  type Store,
  uploadProductImage,
} from '@colophon/contract';
import { products, storeStatuses } from '@colophon/db';
import { ecommerceFees } from '@colophon/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { requestContext } from '../../engine/resource';
import { notFound } from '../../errors';
import { decodeImageUpload } from '../../integrations/files/image-upload';
import { requireVisibleAccount } from '../accounts/tree';
import { fillProducts, setStoreOpen, visibleProduct, visibleStore } from './resources';

// The rows are the tables' own (with the filled fields): what the item schemas describe.
const asStore = (row: typeof storeStatuses.$inferSelect) => jsonRow(row) as unknown as Store;
const asProduct = (row: typeof products.$inferSelect) => jsonRow(row) as unknown as Product;

/** The stores' calls beside the resources: open stores, closing, a store's products, a product's image, the fees. */
export async function registerStoreStatusRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  implement(app, getOpenStores, async function openStores(request) {
    const context = contextOf(request);
    const account = await requireVisibleAccount(context, request.query.accountId);
    const rows = await context.db
      .select()
      .from(storeStatuses)
      .where(and(eq(storeStatuses.accountId, account.id), eq(storeStatuses.isOpen, true)))
      .orderBy(desc(storeStatuses.year));
    return { data: rows.map(asStore) };
  });

  implement(app, closeStore, async function closeStoreOf(request) {
    const context = contextOf(request);
    const { account_id: accountId, year } = request.body;
    const [store] = await context.db
      .select()
      .from(storeStatuses)
      .where(
        and(
          eq(storeStatuses.accountId, accountId),
          eq(storeStatuses.year, year),
          accountVisible(context.auth, storeStatuses.accountId),
        ),
      );
    if (!store) throw notFound(`The ${year} store of account ${accountId}`);
    // Closing a closed store changes nothing and raises nothing: the call may be retried.
    return asStore(await setStoreOpen(context, store, false));
  });

  implement(app, getStoreProducts, async function storeProducts(request) {
    const context = contextOf(request);
    const store = await visibleStore(context, request.params.id);
    const rows = await context.db
      .select()
      .from(products)
      .where(eq(products.storeId, store.id))
      .orderBy(asc(products.sortOrder), asc(products.id));
    await fillProducts(rows, context);
    return { data: rows.map(asProduct) };
  });

  implement(app, uploadProductImage, async function productImage(request) {
    const context = contextOf(request);
    const product = await visibleProduct(context, request.body.productId);
    const image = decodeImageUpload(request.body.data);
    const key = `products/${product.id}/image-${randomUUID()}.${image.extension}`;
    await app.services.files.put(key, image.bytes, image.contentType);
    await context.db.update(products).set({ imageKey: key, updatedAt: new Date() }).where(eq(products.id, product.id));
    return { productId: product.id, imageKey: key, imageUrl: app.services.files.signedUrl(key, 24 * 3600) };
  });

  implement(app, getEcommerceFees, async function fees() {
    return { data: ecommerceFees.map((fee) => ({ ...fee })) };
  });
}
