import type { CartItem } from '@colophon/contract';

export type {
  CartItem,
  CheckoutBody,
  CheckoutResult,
  CheckoutTotals,
  Quote,
  Storefront,
  StorefrontProduct,
} from '@colophon/contract';

/** One line of the cart: a product and the options the parent chose; `key` tells two lines of one product apart. */
export interface CartLine extends CartItem {
  key: string;
}
