import type { BookTypeCode } from './books';
import { addBusinessDays, type ClosedDay } from './businessDays';
import { type ShippingMethodCode, shippingMethod } from './shipping';

/*
 * The shipping calculator's tables (issue 11). The spec names the shipping methods but gives no
 * transit times or prices: the distance bands, the transit rules, the book weights and the rates
 * below are ours, kept here once so the API answers and the tests check the same numbers.
 */

/** Ground transit in business days by great-circle miles from the plant, nearest band first. */
export const groundTransitBands: readonly { maxMiles: number; days: number }[] = [
  { maxMiles: 150, days: 1 },
  { maxMiles: 300, days: 2 },
  { maxMiles: 600, days: 3 },
  { maxMiles: 1000, days: 4 },
  { maxMiles: 1400, days: 5 },
];
/** Farther than the last band. */
export const GROUND_TRANSIT_MAX_DAYS = 6;

export function groundTransitDays(miles: number): number {
  return groundTransitBands.find((band) => miles <= band.maxMiles)?.days ?? GROUND_TRANSIT_MAX_DAYS;
}

/** One book's shipping weight in ounces, by book type (hard covers weigh more). */
export const bookWeightOunces: Record<BookTypeCode, number> = {
  1: 10,
  2: 10,
  3: 18,
  4: 18,
  5: 34,
  6: 34,
  7: 20,
  8: 20,
  9: 38,
  10: 36,
};

/** A carton holds at most this weight; an LTL pallet this many cartons. */
export const MAX_BOX_POUNDS = 40;
export const BOXES_PER_PALLET = 40;
/** Box weight bands in pounds: a box's price is its band's, per method. */
export const boxWeightBands = [10, 20, 30, 40] as const;

type Destination = 'domestic' | 'canada';

export interface ShippingRate {
  method: ShippingMethodCode;
  destination: Destination;
  /** Transit in business days, from the ground days of the distance. */
  transitDays: (groundDays: number) => number;
  /** The method carries only this few books (First Class), or only this many and more (LTL). */
  minBooks?: number;
  maxBooks?: number;
  /** Cents per box by weight band (boxWeightBands), or per pallet for LTL. */
  boxCents?: readonly [number, number, number, number];
  palletCents?: number;
}

/**
 * The methods that ship from a plant to an address: ground, mail and freight in the US, the
 * international services to Canada, and pickup at the plant. Pre-addressed, consolidated and TBD
 * are not ways to send one order to one address, so the calculator does not offer them.
 */
export const shippingRates: readonly ShippingRate[] = [
  { method: 'FG', destination: 'domestic', transitDays: (ground) => ground, boxCents: [1450, 2150, 2850, 3550] },
  { method: 'UG', destination: 'domestic', transitDays: (ground) => ground, boxCents: [1475, 2175, 2900, 3600] },
  {
    method: 'PR',
    destination: 'domestic',
    transitDays: (ground) => (ground <= 2 ? 1 : ground <= 4 ? 2 : 3),
    maxBooks: 60,
    boxCents: [2450, 4150, 5800, 7400],
  },
  {
    method: 'FC',
    destination: 'domestic',
    transitDays: (ground) => Math.min(ground + 1, 5),
    maxBooks: 2,
    boxCents: [695, 695, 695, 695],
  },
  {
    method: 'LTL',
    destination: 'domestic',
    transitDays: (ground) => ground + 2,
    minBooks: 200,
    palletCents: 42_500,
  },
  { method: 'FI', destination: 'canada', transitDays: () => 2, boxCents: [6800, 9900, 12_900, 15_900] },
  { method: 'UX', destination: 'canada', transitDays: () => 2, boxCents: [7100, 10_300, 13_400, 16_500] },
  { method: 'UW', destination: 'canada', transitDays: () => 4, boxCents: [5200, 7600, 9900, 12_200] },
  { method: 'FE', destination: 'canada', transitDays: () => 5, boxCents: [4300, 6200, 8100, 9900] },
  { method: 'US', destination: 'canada', transitDays: (ground) => ground + 2, boxCents: [3300, 4800, 6200, 7700] },
  { method: 'PI', destination: 'canada', transitDays: () => 7, maxBooks: 60, boxCents: [4600, 7300, 9800, 12_400] },
  {
    method: 'FCI',
    destination: 'canada',
    transitDays: () => 10,
    maxBooks: 2,
    boxCents: [1850, 1850, 1850, 1850],
  },
  { method: 'PP', destination: 'domestic', transitDays: () => 0, boxCents: [0, 0, 0, 0] },
];

/** How many books fit in one box of this type. */
export function booksPerBox(typeBook: BookTypeCode): number {
  return Math.max(1, Math.floor((MAX_BOX_POUNDS * 16) / bookWeightOunces[typeBook]));
}

/** The price in cents of shipping `quantity` books of a type by this method. */
export function shippingPriceCents(rate: ShippingRate, typeBook: BookTypeCode, quantity: number): number {
  const perBox = booksPerBox(typeBook);
  const boxes = Math.ceil(quantity / perBox);
  if (rate.palletCents !== undefined) return Math.ceil(boxes / BOXES_PER_PALLET) * rate.palletCents;
  const prices = rate.boxCents ?? [0, 0, 0, 0];
  const priceOfBox = (books: number) => {
    const pounds = (books * bookWeightOunces[typeBook]) / 16;
    const band = boxWeightBands.findIndex((limit) => pounds <= limit);
    return prices[band === -1 ? prices.length - 1 : band] ?? 0;
  };
  const fullBoxes = Math.floor(quantity / perBox);
  const rest = quantity - fullBoxes * perBox;
  return fullBoxes * priceOfBox(perBox) + (rest > 0 ? priceOfBox(rest) : 0);
}

export interface ShippingQuoteInput {
  typeBook: BookTypeCode;
  quantity: number;
  /** Ground transit days from the plant to the destination (groundTransitDays). */
  groundDays: number;
  /** A Canadian postal code: the international services instead of the domestic ones. */
  canada: boolean;
  /** The day the books leave the plant (YYYY-MM-DD). */
  shipDate: string;
  /** The day the books must be in hand (YYYY-MM-DD). */
  neededBy: string;
  /** Weekdays carriers do not deliver (US federal holidays). */
  isClosed: ClosedDay;
}

export interface ShippingQuoteOption {
  shippingMethod: ShippingMethodCode;
  label: string;
  transitDays: number;
  arrival: string;
  arrivesInTime: boolean;
  priceCents: number;
}

/**
 * Every method that can carry the order to the destination, with its transit, arrival and price;
 * those arriving in time first, then the cheapest, then the fastest.
 */
export function shippingQuoteOptions(input: ShippingQuoteInput): ShippingQuoteOption[] {
  const destination: Destination = input.canada ? 'canada' : 'domestic';
  return shippingRates
    .filter((rate) => rate.method === 'PP' || rate.destination === destination)
    .filter((rate) => input.quantity >= (rate.minBooks ?? 1) && input.quantity <= (rate.maxBooks ?? Infinity))
    .map((rate) => {
      const transitDays = rate.transitDays(input.groundDays);
      const arrival = addBusinessDays(input.shipDate, transitDays, input.isClosed).date;
      return {
        shippingMethod: rate.method,
        label: shippingMethod.label(rate.method),
        transitDays,
        arrival,
        arrivesInTime: arrival <= input.neededBy,
        priceCents: shippingPriceCents(rate, input.typeBook, input.quantity),
      };
    })
    .sort(
      (a, b) =>
        Number(b.arrivesInTime) - Number(a.arrivesInTime) ||
        a.priceCents - b.priceCents ||
        a.transitDays - b.transitDays,
    );
}
