import { notificationType } from './notifications';
import { orderStatus } from './orders';
import { shippingMethod } from './shipping';

/** Freight (common carrier) orders raise the freight variants of shipped and delivered (part 3). */
const FREIGHT = shippingMethod.CommonCarrierLTL;

/**
 * The notification an order raises on reaching a status (part 3), or null when that status raises
 * none. Shipped and delivered have freight variants (108, 109) when the order ships by LTL.
 */
export function orderStatusNotification(status: number, method: string | null | undefined): number | null {
  const freight = method === FREIGHT;
  switch (status) {
    case orderStatus.Shipped:
      return freight ? notificationType.FreightOrderShipped : notificationType.OrderShipped;
    case orderStatus.Delivered:
    case orderStatus.BothCopiesDelivered:
      return freight ? notificationType.FreightOrderDelivered : notificationType.OrderDelivered;
    case orderStatus.CanceledInManufacturing:
      return notificationType.OrderCancelled;
    case orderStatus.InProduction:
      return notificationType.OrderInProduction;
    case orderStatus.OnHoldInManufacturing:
      return notificationType.OrderOnHold;
    case orderStatus.LostInTransit:
      return notificationType.OrderLostInTransit;
    case orderStatus.Error:
      return notificationType.ProcessorError;
    default:
      return null;
  }
}

/** Personalization types (part 3: 1, 2 and 4) whose orders are announced as Personalized Order Submitted. */
const PERSONALIZED = new Set([1, 2, 4]);

/** The notification a newly placed order raises: 101 for a personalized book, else 5 Order Submitted. */
export function orderSubmittedNotification(typePersonalization: number | null | undefined): number {
  return typePersonalization !== null && typePersonalization !== undefined && PERSONALIZED.has(typePersonalization)
    ? notificationType.PersonalizedOrderSubmitted
    : notificationType.OrderSubmitted;
}
