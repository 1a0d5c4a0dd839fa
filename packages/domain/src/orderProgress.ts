import { orderStatus } from './orders';
/**
 * Where an order stands on its way to the school (statuses of part 3), for filters and widgets.
 * Not given by the spec; ours: a book has shipped once it is Shipped, Delivered (fully or in part)
 * or Lost in Transit; it is delivered only when every copy is (Delivered, Both Copies Delivered);
 * it is in production from Submitted until it ships (Customizing, Customized, On Hold, In Production).
 */
export const SHIPPED_ORDER_STATUSES = [
  orderStatus.Shipped,
  orderStatus.Delivered,
  orderStatus.OnlySchoolCopiesDelivered,
  orderStatus.OnlyStudioCopiesDelivered,
  orderStatus.BothCopiesDelivered,
  orderStatus.LostInTransit,
] as const;
export const DELIVERED_ORDER_STATUSES = [orderStatus.Delivered, orderStatus.BothCopiesDelivered] as const;
export const IN_PRODUCTION_ORDER_STATUSES = [
  orderStatus.Submitted,
  orderStatus.Customizing,
  orderStatus.Customized,
  orderStatus.OnHoldInManufacturing,
  orderStatus.InProduction,
] as const;

export function hasShipped(status: number | null | undefined): boolean {
  return (SHIPPED_ORDER_STATUSES as readonly number[]).includes(status ?? Number.NaN);
}

export function isDelivered(status: number | null | undefined): boolean {
  return (DELIVERED_ORDER_STATUSES as readonly number[]).includes(status ?? Number.NaN);
}

export function isInProduction(status: number | null | undefined): boolean {
  return (IN_PRODUCTION_ORDER_STATUSES as readonly number[]).includes(status ?? Number.NaN);
}
