import {
  getOrderInvoiceStatus,
  listOrderDirectory,
  manufacturersContract,
  type Order,
  type orderCreateSchema,
  ordersContract,
  projectsContract,
} from '@colophon/contract';
import { isDelivered, orderStatus } from '@colophon/domain';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createQueryKeys, createResource, useInvalidatingMutation } from '../../lib/resource';

/** Orders: list, get, create and update of `/api/orders`, path and types from the contract. */
export const ordersResource = createResource(ordersContract);
const orderKeys = ordersResource.keys;
/** Placing an order takes its project off the proofs' Ready to order list. */
const proofKeys = createQueryKeys('proofs');
const projectKeys = createQueryKeys('projects');

/** What the Order Status list shows of each order beyond its own fields. */
export const orderListIncludes = ['account', 'project', 'manufacturer', 'plant'];
/** Everything the order's page shows: the list's related records, its shipments and its timeline. */
const orderPageIncludes = { include: [...orderListIncludes, 'shipments', 'events'] };

/**
 * The plant reports by postback, at any time: the order's page asks afresh whenever it is opened
 * (no stale cache) and, until the books are delivered, again now and then.
 */
const ORDER_POLL_MS = 15_000;
/** Delivered or canceled: nothing more will come from the plant. */
const finished = (status: number) => isDelivered(status) || status === orderStatus.CanceledInManufacturing;

/** One order with its account, project, plant, shipments and timeline. */
export function useOrder(id: number) {
  return useQuery({
    ...ordersResource.detailOptions(id, orderPageIncludes),
    enabled: id > 0,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !finished(query.state.data.status) ? ORDER_POLL_MS : false),
  });
}

/** The order's invoice, asked only where payment can matter (a Production order of a paying account). */
export function useOrderInvoiceStatus(order: Pick<Order, 'id' | 'updatedAt'>, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.detail(order.id), 'invoice', order.updatedAt],
    queryFn: enabled ? ({ signal }) => call(getOrderInvoiceStatus, { params: { id: order.id } }, signal) : skipToken,
  });
}

/** A folder of the order's files (`12`, `12/tickets`); the links are signed, so they are not kept long. */
export function useOrderDirectory(orderId: number, path: string) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'directory', path],
    queryFn: ({ signal }) => call(listOrderDirectory, { params: { path } }, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The manufacturers for the Order Status filter. */
export function useManufacturerOptions() {
  const query = useQuery({
    queryKey: [...createQueryKeys('manufacturers').lists(), { perPage: 100, sort: 'name', picker: 'orders' }],
    queryFn: ({ signal }) =>
      call(manufacturersContract.operations.list, { query: { perPage: 100, sort: 'name' } }, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  return (query.data?.data ?? []).map((manufacturer) => ({
    value: String(manufacturer.id),
    label: `${manufacturer.name} (${manufacturer.code})`,
  }));
}

/** The proof's project, for the copies the order starts from. */
export function useOrderedProject(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'for-order'],
    queryFn: enabled
      ? ({ signal }) => call(projectsContract.operations.get, { params: { id: projectId }, query: {} }, signal)
      : skipToken,
    staleTime: 60_000,
  });
}

/**
 * `POST orders` from an approved proof. The orders and the proofs' lists (Ready to order) change
 * with it; the proof itself does not, so its page is not asked again (which would hold the toast
 * and the new order's page until every part of the proof's page had come back).
 */
export type OrderCreateBody = z.output<typeof orderCreateSchema>;
export function usePlaceOrder() {
  return useInvalidatingMutation<Order, OrderCreateBody>([orderKeys.all, proofKeys.lists()], {
    mutationFn: ordersResource.create,
  });
}
