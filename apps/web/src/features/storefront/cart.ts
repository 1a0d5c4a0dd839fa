import type { Cart } from '@colophon/contract';
import {
  onlineOrderShipping,
  PERSONALIZATION_NAME_MAX,
  passesLuhn,
  productShipping,
  productType,
} from '@colophon/domain';
import type { CartLine, StorefrontProduct } from './types';

/** The longest text dedication the storefront takes (the brief's 200 characters; the contract allows more). */
export const DEDICATION_TEXT_MAX = 200;
/** The largest image the uploads take, and their types. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * The icons a "name and icons" cover may carry. The contract takes icon codes separated by commas
 * and names no catalogue of them yet; these are the codes the page offers.
 */
export const PERSONALIZATION_ICONS = ['star', 'heart', 'music', 'sports', 'art', 'science', 'book', 'paw'] as const;

/** The characters a cover can print: letters, marks, digits, punctuation, symbols and spaces (as the names CSV). */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u;

/** Why a name cannot go on a cover, or null when it can. The server checks again; this is a hint while typing. */
export function personalizationNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter the name to print on the cover.';
  if (trimmed.length > PERSONALIZATION_NAME_MAX) return `At most ${PERSONALIZATION_NAME_MAX} characters.`;
  if (!PRINTABLE.test(trimmed)) return 'Use letters, digits, spaces and punctuation only.';
  return null;
}

/** Personalization codes of part 3 that print a name (1 name, 2 name and photo, 4 name and icons). */
export function offersName(product: Pick<StorefrontProduct, 'typePersonalization'>): boolean {
  return product.typePersonalization === 1 || product.typePersonalization === 2 || product.typePersonalization === 4;
}

export function isBook(product: Pick<StorefrontProduct, 'typeProduct'>): boolean {
  return product.typeProduct === productType.Yearbook || product.typeProduct === productType.ForeverConnectedYearbooks;
}

/**
 * The deliveries an order may take (part 3's online order shipping), from the products in its cart:
 * nothing to ship is digital; a summer single book ships home in the summer; books shipped in bulk
 * go to the school or to the home, as the parent chooses.
 */
export function deliveryChoices(products: Pick<StorefrontProduct, 'typeShipping'>[]): number[] {
  const shipped = products.filter((product) => product.typeShipping !== productShipping.DigitalOnly);
  if (!shipped.length) return [onlineOrderShipping.Digital];
  if (shipped.some((product) => product.typeShipping === productShipping.SummerSingleBook))
    return [onlineOrderShipping.SummerSingle];
  return [onlineOrderShipping.BulkToSchool, onlineOrderShipping.BulkToHome];
}

/** An order shipped to the parent's home needs an address (summer single, bulk to home). */
export function shipsHome(shipping: number): boolean {
  return shipping === onlineOrderShipping.BulkToHome || shipping === onlineOrderShipping.SummerSingle;
}

/** The delivery a parent reads for an online order shipping code. */
export function deliveryLabel(code: number): string {
  if (code === onlineOrderShipping.BulkToSchool) return 'Delivered to the school';
  if (code === onlineOrderShipping.BulkToHome) return 'Shipped to your home';
  if (code === onlineOrderShipping.SummerSingle) return 'Shipped to your home in the summer';
  return 'Nothing to ship';
}

/** The catalogue's groups: yearbooks first, then the other types in their code order. */
export function groupProducts(products: StorefrontProduct[]): { typeProduct: number; products: StorefrontProduct[] }[] {
  const groups = new Map<number, StorefrontProduct[]>();
  for (const product of products)
    groups.set(product.typeProduct, [...(groups.get(product.typeProduct) ?? []), product]);
  const rank = (code: number) => (code === productType.Yearbook ? -1 : code);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([typeProduct, list]) => ({ typeProduct, products: list }));
}

/** The cart as the quote and the checkout take it: the lines without their page keys. */
export function cartOf(lines: CartLine[], couponCode: string, shipping: number, zip: string): Cart {
  const code = couponCode.trim();
  const taxZip = zip.trim();
  return {
    items: lines.map(({ key: _key, ...item }) => item),
    shipping: shipping as Cart['shipping'],
    ...(code ? { couponCode: code } : {}),
    ...(/^\d{5}(-\d{4})?$/.test(taxZip) ? { zip: taxZip } : {}),
  };
}

// ----- the card form's hints (the server decides) --------------------------------------------

/** Digits only. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The number as printed on a card: groups of four. */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as the parent types it. */
export function formatExpiry(value: string): string {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

/** The card as the contract takes it, or why it cannot be sent, per field. */
export function readCard(
  card: CardForm,
  today: Date,
): { card: { number: string; expMonth: number; expYear: number; cvc: string } } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const digits = cardDigits(card.number);
  if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits)) problems.number = 'Check the card number.';
  const match = /^(\d{2})\/(\d{2})$/.exec(card.expiry.trim());
  const expMonth = match ? Number(match[1]) : 0;
  const expYear = match ? 2000 + Number(match[2]) : 0;
  if (!match || expMonth < 1 || expMonth > 12) problems.expiry = 'Enter the expiry as MM/YY.';
  else if (expYear * 12 + expMonth < today.getFullYear() * 12 + today.getMonth() + 1)
    problems.expiry = 'This card has expired.';
  const cvc = card.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) problems.cvc = 'Enter the 3 or 4 digits on the back.';
  if (Object.keys(problems).length) return { problems };
  return { card: { number: digits, expMonth, expYear, cvc } };
}

/**
 * A random UUID (v4). `crypto.randomUUID` exists only in secure contexts, and the store may be
 * opened over plain HTTP on a school's network; `getRandomValues` exists everywhere.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ----- the cart kept across a reload ----------------------------------------------------------

const storageKey = (slug: string) => `colophon.storefront.${slug}`;

export interface SavedCart {
  lines: CartLine[];
  couponCode: string;
  /** Kept until an order succeeds, so a retry after a lost answer is the same checkout (never charged twice). */
  checkoutKey: string | null;
}

export function loadCart(slug: string): SavedCart {
  const empty: SavedCart = { lines: [], couponCode: '', checkoutKey: null };
  try {
    const raw = window.sessionStorage.getItem(storageKey(slug));
    if (!raw) return empty;
    const saved = JSON.parse(raw) as Partial<SavedCart>;
    return {
      lines: Array.isArray(saved.lines) ? saved.lines : [],
      couponCode: typeof saved.couponCode === 'string' ? saved.couponCode : '',
      checkoutKey: typeof saved.checkoutKey === 'string' ? saved.checkoutKey : null,
    };
  } catch {
    // A private window or a hand-edited value: start with an empty cart rather than fail the page.
    return empty;
  }
}

export function saveCart(slug: string, cart: SavedCart): void {
  try {
    window.sessionStorage.setItem(storageKey(slug), JSON.stringify(cart));
  } catch {
    // Storage full or refused: the cart still lives in the page.
  }
}

export function clearCart(slug: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(slug));
  } catch {
    // Nothing to clear.
  }
}
