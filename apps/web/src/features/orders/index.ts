/** The orders feature's public entry: what other features may use of it. */
export { ordersResource } from './api';
export { OrderLink, orderPath } from './links';
export { OrderStatusBadge } from './OrderStatusBadge';
export { OrderTimeline } from './OrderTimeline';
export { PlaceOrderDrawer } from './PlaceOrderDrawer';
