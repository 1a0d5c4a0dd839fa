import {
  discountsContract,
  getStoreProducts,
  productPricesContract,
  productsContract,
  storesContract,
  uploadProductImage,
} from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createNamedResource, createResource, useInvalidatingMutation } from '../../lib/resource';

/** The stores, named by their title (or their year); coupons, named by their code. */
export const storesResource = createNamedResource(storesContract, (store) => store.title ?? `${store.year} store`);
export const productsResource = createResource(productsContract);
export const discountsResource = createNamedResource(discountsContract, (discount) => discount.code);

/** Under the products' key, so that every product change refreshes them. */
const storeProductsKey = (storeId: number) => [...productsResource.keys.all, 'store', storeId] as const;
const pricesKey = (productId: number) => [...productsResource.keys.all, 'prices', productId] as const;

/** A store's products with their current prices. */
export const useStoreProducts = (storeId: number) =>
  useQuery({
    queryKey: storeProductsKey(storeId),
    queryFn: ({ signal }) => call(getStoreProducts, { params: { id: storeId } }, signal),
  });

/** A product's prices, oldest first. */
export const usePrices = (productId: number) =>
  useQuery({
    queryKey: pricesKey(productId),
    queryFn: ({ signal }) => call(productPricesContract.operations.list, { params: { id: productId } }, signal),
  });

export const useAddPrice = (productId: number) =>
  useInvalidatingMutation([productsResource.keys.all], {
    mutationFn: (body: { priceCents: number; startsAt: string; endsAt?: string | null }) =>
      call(productPricesContract.operations.create, { params: { id: productId }, body }),
  });

export const useRemovePrice = (productId: number) =>
  useInvalidatingMutation([productsResource.keys.all], {
    mutationFn: (priceId: number) =>
      call(productPricesContract.operations.remove, { params: { id: productId, priceId } }),
  });

export const useUploadProductImage = () =>
  useInvalidatingMutation([productsResource.keys.all], {
    mutationFn: (body: { productId: number; data: string }) => call(uploadProductImage, { body }),
  });
