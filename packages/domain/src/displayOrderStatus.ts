import { orderStatus, orderType } from './orders';
import { PLANT_PICKUP } from './shipping';

/** The order display fields (part 3) the derived status reads. Flags may come as 0/1. */
export interface OrderStatusDisplayInput {
  readonly status: number | null | undefined;
  readonly typeOrder?: number | null;
  readonly shippingMethod?: string | null;
  readonly bCombineCopies?: boolean | number | null;
  readonly countExtras?: number | null;
  readonly schoolTracking?: string | null;
  readonly studioTracking?: string | null;
  readonly account?: {
    readonly parent?: { readonly bMustPayBeforeProduction?: boolean | number | null } | null;
  } | null;
}

/**
 * The displayed order status (part 4):
 * - Shipped shows Ready for Pickup if the shipping method is plant pickup;
 * - otherwise Shipped shows Shipped if copies are combined or there are no extras;
 * - otherwise, with separate extras: Only Studio Copies Shipped when school tracking is missing,
 *   Only School Copies Shipped when studio tracking is missing, else Both Copies Shipped;
 * - Submitted on a production order whose account's parent must pay before production shows
 *   Waiting for Payment;
 * - anything else shows the status label.
 */
export function displayOrderStatus(order: OrderStatusDisplayInput): string {
  if (order.status === orderStatus.Shipped) {
    if (order.shippingMethod === PLANT_PICKUP) return 'Ready for Pickup';
    if (order.bCombineCopies || !order.countExtras) return 'Shipped';
    if (!order.schoolTracking) return 'Only Studio Copies Shipped';
    if (!order.studioTracking) return 'Only School Copies Shipped';
    return 'Both Copies Shipped';
  }
  if (
    order.status === orderStatus.Submitted &&
    order.typeOrder === orderType.Production &&
    order.account?.parent?.bMustPayBeforeProduction
  ) {
    return 'Waiting for Payment';
  }
  return orderStatus.label(order.status);
}
