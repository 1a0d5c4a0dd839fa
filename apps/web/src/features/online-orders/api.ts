import {
  type OnlineOrder,
  type OnlineRefundResult,
  type OperationOutput,
  type onlineOrderCreateSchema,
  onlineOrderReceipt,
  onlineOrdersContract,
  operationPath,
  partialRefundOnlineOrder,
  productsContract,
  refundOnlineOrder,
  storesContract,
} from '@colophon/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiRequest } from '../../lib/api-client';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

/** Online orders: list, get, create (cash and check) and update of `/api/online_orders`. */
export const onlineOrdersResource = createResource(onlineOrdersContract);
const keys = onlineOrdersResource.keys;

/** What the drawer shows of an order: its lines, its payments and refunds, its store. */
const drawerIncludes = { include: ['items', 'payments', 'store'] };
export const onlineOrderListIncludes = ['items'];

export function useOnlineOrder(id: number | null) {
  return useQuery({
    ...onlineOrdersResource.detailOptions(id ?? 0, drawerIncludes),
    enabled: id !== null && id > 0,
    staleTime: 0,
  });
}

/**
 * A refund with the dialog's own `Idempotency-Key` (made when the dialog opens): a retry of the
 * same refund — a double click, a lost answer — refunds once. `call` sends no headers, so the
 * path and the answer's type still come from the contract here.
 */
async function withKey<Operation extends typeof refundOnlineOrder | typeof partialRefundOnlineOrder>(
  operation: Operation,
  body: unknown,
  idempotencyKey: string,
): Promise<OperationOutput<Operation>> {
  return apiRequest<OperationOutput<Operation>>(operationPath(operation.path, undefined), {
    method: operation.method,
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export type FullRefundBody = z.input<typeof refundOnlineOrder.body>;
export type PartialRefundBody = z.input<typeof partialRefundOnlineOrder.body>;

export function useRefund() {
  return useInvalidatingMutation<
    OnlineRefundResult,
    { full: FullRefundBody; key: string } | { partial: PartialRefundBody; key: string }
  >([keys.all], {
    mutationFn: (request) =>
      'full' in request
        ? withKey(refundOnlineOrder, request.full, request.key)
        : withKey(partialRefundOnlineOrder, request.partial, request.key),
  });
}

export type CashOrCheckOrderBody = z.input<typeof onlineOrderCreateSchema>;
export function useEnterCashOrCheckOrder() {
  return useInvalidatingMutation<OnlineOrder, CashOrCheckOrderBody>([keys.all], {
    mutationFn: (body) => onlineOrdersResource.create(body as z.output<typeof onlineOrderCreateSchema>),
  });
}

/** The stores of one school (all its years), for the cash and check form. */
export function useStoresOf(accountId: number | null) {
  return useQuery({
    queryKey: ['stores', 'list', { accountId, picker: 'online-orders' }],
    queryFn:
      accountId === null
        ? skipToken
        : ({ signal }) =>
            call(
              storesContract.operations.list,
              { query: { accountId: [accountId], perPage: 100, sort: '-year' } },
              signal,
            ),
  });
}

/** A store's active products with their current prices. */
export function useStoreProducts(storeId: number | null) {
  return useQuery({
    queryKey: ['products', 'list', { storeId, picker: 'online-orders' }],
    queryFn:
      storeId === null
        ? skipToken
        : ({ signal }) =>
            call(
              productsContract.operations.list,
              { query: { storeId: [storeId], isActive: 'true', perPage: 100, sort: 'sortOrder' } },
              signal,
            ),
  });
}

/** Opens the receipt PDF in a new tab (fetched with the session's token), to read or print. */
export async function openReceipt(orderId: number): Promise<void> {
  // The tab is opened first, inside the click, so that no pop-up blocker stops it.
  const tab = window.open('', '_blank');
  const response = await apiFetch(operationPath(onlineOrderReceipt.path, { id: orderId }), {
    headers: { Accept: 'application/pdf' },
  });
  const url = URL.createObjectURL(await response.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
