/** The orders feature's public entry: what other features may use of it. */
export { OrderLink, orderPath } from './links';
export { PlaceOrderDrawer } from './PlaceOrderDrawer';
