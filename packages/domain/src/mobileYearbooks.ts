import { productType } from './products';

/*
 * The digital yearbook a parent buys in an online store and opens on a phone at /mobile-yearbooks
 * (issue 15). Each paid digital yearbook line gets one access code. The code works like a password-reset
 * token: whoever holds it can read the book. The database keeps only its hash.
 *
 * Codes use Crockford's base-32 alphabet: 0-9 and A-Z without I, L, O and U. That leaves 32 symbols
 * that are hard to misread on a printed receipt. A code is 12 symbols (60 bits), shown in three
 * groups of four ("7KQ2-M9XD-4HRT"). A typed code is normalised before it is hashed: case, spaces,
 * dashes and dots are ignored, and I/L are read as 1 and O as 0, as Crockford's base-32 reads them.
 */

export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ACCESS_CODE_LENGTH = 12;
const GROUP = 4;

/** What a caller may send: generous, since people paste codes with spaces and dashes around them. */
export const ACCESS_CODE_MAX_INPUT = 40;

/** The code's first symbols: the rate limiter counts misses per prefix as well as per address. */
export const ACCESS_CODE_PREFIX_LENGTH = 4;

export const MOBILE_YEARBOOK_MESSAGES = {
  unknownCode: "That code doesn't match a yearbook. Check the code on your receipt.",
  malformedCode: 'An access code has 12 letters and digits, like 7KQ2-M9XD-4HRT. Check the code on your receipt.',
  revoked: 'This yearbook was refunded, so its code no longer opens it.',
  notReady: "Your yearbook isn't ready to read yet. The school publishes it once the book is approved.",
  expiredToken: 'Your reading session has ended. Enter your code again.',
} as const;

/**
 * The code as it is hashed and compared: upper case, with only alphabet symbols. Returns null when the
 * input cannot be a code (wrong length, or a symbol outside the alphabet).
 */
export function normalizeAccessCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s\-.\u2010-\u2015_]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (compact.length !== ACCESS_CODE_LENGTH) return null;
  for (const symbol of compact) if (!ACCESS_CODE_ALPHABET.includes(symbol)) return null;
  return compact;
}

/** The code as printed: three groups of four joined by dashes. A string that is no code comes back as it was. */
export function formatAccessCode(code: string): string {
  const normal = normalizeAccessCode(code);
  if (!normal) return code;
  const groups: string[] = [];
  for (let index = 0; index < normal.length; index += GROUP) groups.push(normal.slice(index, index + GROUP));
  return groups.join('-');
}

/**
 * A code from random bytes (at least ACCESS_CODE_LENGTH of them). Each byte's low 5 bits give one
 * symbol, so every symbol is equally likely.
 */
export function accessCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < ACCESS_CODE_LENGTH) throw new Error(`An access code needs ${ACCESS_CODE_LENGTH} random bytes`);
  let code = '';
  for (let index = 0; index < ACCESS_CODE_LENGTH; index++)
    code += ACCESS_CODE_ALPHABET[(bytes[index] ?? 0) & 31] ?? '0';
  return code;
}

/** The first symbols of a normalised code: the rate limiter's second subject. */
export function accessCodePrefix(normalizedCode: string): string {
  return normalizedCode.slice(0, ACCESS_CODE_PREFIX_LENGTH);
}

/** The product types that are a book a parent can read: Yearbook (1) and Forever Connected Yearbooks (4). */
const READABLE_PRODUCT_TYPES: readonly number[] = [productType.Yearbook, productType.ForeverConnectedYearbooks];

/**
 * Whether a line of an online order is a digital yearbook, which gets an access code once it is paid:
 * a Yearbook or a Forever Connected Yearbook whose product ships digitally only (product shipping 0).
 */
export function isDigitalYearbook(line: { typeProduct: number; productShipping: number | null }): boolean {
  return READABLE_PRODUCT_TYPES.includes(line.typeProduct) && line.productShipping === 0;
}

/** How long a reading token from `open` lasts, and the page links signed with it. */
export const MOBILE_YEARBOOK_TOKEN_TTL_SECONDS = 2 * 3600;
