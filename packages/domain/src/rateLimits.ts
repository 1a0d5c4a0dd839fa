import { describeWait } from './signInProtection';

/*
 * The limits of the public endpoints (issues 11 and 12), counted in the database so every API process
 * shares them (apps/api/src/rate-limit.ts). Each is a fixed window: at most `limit` hits per subject
 * (an address, or an address and a store) in each window of `windowSeconds`, the windows aligned on
 * the epoch. They bound abuse from one address; they are no quota, so they leave room for a school
 * network where many parents share one address.
 *
 * The sign-in throttle is not here: it counts failures over a sliding window and slows an account down
 * rather than refusing it (signInProtection.ts).
 */

export interface RateLimit {
  /** Hits allowed per subject in one window. */
  limit: number;
  windowSeconds: number;
  /** What the refused caller reads, given the seconds to wait. */
  message: (retryAfterSeconds: number) => string;
}

const tryAgainIn = (seconds: number) => `Try again in ${describeWait(seconds)}.`;

export const rateLimits = {
  /** Storefront quotes per address: the cart page asks for one at each change of the cart. */
  storefrontQuote: {
    limit: 300,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many price checks from your network. ${tryAgainIn(seconds)}`,
  },
  /** Storefront checkouts per address, re-sends under the same checkout key included. */
  storefrontCheckout: {
    limit: 30,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many payments from your network. ${tryAgainIn(seconds)}`,
  },
  /**
   * Unknown coupon codes per address and store, through the quote or the checkout: a guesser meets it
   * long before the quote's own limit, while a parent who mistypes a code a few times does not.
   */
  storefrontCouponMiss: {
    limit: 10,
    windowSeconds: 60 * 60,
    message: (seconds) =>
      `Too many coupon codes that are not valid were tried from your network. ${tryAgainIn(seconds)} You can still order without a coupon.`,
  },
  /** Storefront image uploads per address: a bound against filling the disk from one address. */
  storefrontUpload: {
    limit: 30,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many uploads. ${tryAgainIn(seconds)}`,
  },
  /** The public shipping calculator's quotes per address. */
  shippingCalculator: {
    limit: 60,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many shipping quotes from your network. ${tryAgainIn(seconds)}`,
  },
  /**
   * Client error reports per address (`POST /api/client_errors`), signed in or not: a page in a loop
   * of errors reports in batches, and past this it stops being heard rather than filling the table.
   */
  clientErrors: {
    limit: 120,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many error reports from your network. ${tryAgainIn(seconds)}`,
  },
  /**
   * Mobile yearbook code tries per address (`POST /api/mobile_yearbooks/open`), right or wrong: a
   * family opens its book a few times a day; a guesser stops here.
   */
  mobileYearbookOpen: {
    limit: 30,
    windowSeconds: 15 * 60,
    message: (seconds) => `Too many tries to open a yearbook from your network. ${tryAgainIn(seconds)}`,
  },
  /**
   * Wrong mobile yearbook codes per address: a parent who mistypes a few times is not stopped, and a
   * guesser is stopped after ten.
   */
  mobileYearbookMiss: {
    limit: 10,
    windowSeconds: 15 * 60,
    message: (seconds) =>
      `Too many codes that don't match a yearbook. ${tryAgainIn(seconds)} Check the code on your receipt.`,
  },
  /**
   * Wrong codes per code prefix, from any address: guesses spread over many addresses at one
   * family's code stop here.
   */
  mobileYearbookPrefixMiss: {
    limit: 20,
    windowSeconds: 60 * 60,
    message: (seconds) =>
      `Too many codes like this one were tried. ${tryAgainIn(seconds)} Check the code on your receipt.`,
  },
  /**
   * Roster sessions opened per dashboard user (`POST /roster/session`): the web opens one per dashboard
   * session and page load; a script looping on it would fill the roster's session table.
   */
  rosterSession: {
    limit: 60,
    windowSeconds: 10 * 60,
    message: (seconds) => `Too many roster sessions were opened. ${tryAgainIn(seconds)}`,
  },
} satisfies Record<string, RateLimit>;

export type RateLimitBucket = keyof typeof rateLimits;

/** The longest window of any limit: a counter whose window started before it is over, whatever its bucket. */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = Math.max(
  ...Object.values(rateLimits).map((limit) => limit.windowSeconds),
);

/** The window `now` falls in for `bucket`: its start, and the seconds left until the next one. */
export function rateLimitWindowOf(bucket: RateLimitBucket, now: Date): { start: Date; secondsLeft: number } {
  const windowMs = rateLimits[bucket].windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(startMs), secondsLeft: Math.max(1, Math.ceil((startMs + windowMs - now.getTime()) / 1000)) };
}
