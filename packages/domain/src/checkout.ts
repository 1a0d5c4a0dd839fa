import { formatCurrency } from './currency';
import { discountType } from './money';

/*
 * Online store checkout (issue 12): what a parent's cart costs. Pure and in integer cents: the
 * storefront's quote, the checkout and the reports all price through `priceCart`, so a cart never
 * costs two different amounts.
 *
 * Decisions: shipping is not taxed (most of our schools' states exempt separately stated delivery
 * charges, and one rule everywhere beats a state table nobody maintains); the online fee is charged
 * to the parent on everything the card pays (goods after the coupon, shipping and tax) and is itself
 * neither discounted nor taxed; a cart that costs nothing pays no fee.
 */

/** The online fee of a payment type: a percentage (basis points) of the amount plus a fixed part. */
export interface EcommerceFee {
  /** Online order payment of part 3: 2 credit card, 3 check, 4 cash. */
  typePayment: 2 | 3 | 4;
  label: string;
  percentBasisPoints: number;
  fixedCents: number;
}

/** Our online fees, charged to the parent: card 3.5 % + 35¢; cash and check entered by staff, none. */
export const ecommerceFees: readonly EcommerceFee[] = [
  { typePayment: 2, label: 'Credit Card', percentBasisPoints: 350, fixedCents: 35 },
  { typePayment: 3, label: 'Check', percentBasisPoints: 0, fixedCents: 0 },
  { typePayment: 4, label: 'Cash', percentBasisPoints: 0, fixedCents: 0 },
];

/** The fee of a payment type (no fee for an unknown one). */
export function ecommerceFeeFor(typePayment: number): EcommerceFee {
  return (
    ecommerceFees.find((fee) => fee.typePayment === typePayment) ?? {
      typePayment: 4,
      label: 'None',
      percentBasisPoints: 0,
      fixedCents: 0,
    }
  );
}

/** The most of one product a single order may hold when the product sets no lower limit. */
export const MAX_QUANTITY_PER_LINE = 50;
/** The most lines one cart may hold. */
export const MAX_CART_LINES = 50;

/**
 * What delivery costs per order, by online order shipping (part 3): digital and bulk to school are
 * free (the books travel with the school's order); summer single and bulk to home mail one parcel.
 * Ours: the spec's ship-to-home price tables are not part of issue 12.
 */
export const onlineShippingPriceCents: Readonly<Record<0 | 1 | 2 | 3, number>> = { 0: 0, 1: 0, 2: 895, 3: 695 };

/** `cents × basisPoints / 10 000`, rounded half-up to the cent (integers only: no float drift). */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

export interface CartLineInput {
  unitPriceCents: number;
  quantity: number;
  /** Personalization's price per unit, on top of the product's. */
  personalizationPriceCents?: number | null | undefined;
}

export interface CouponTerms {
  /** Discount type of part 3: 1 percentage (amount in basis points), 2 dollar (amount in cents). */
  typeDiscount: number;
  amount: number;
  minimumOrderCents?: number | null | undefined;
}

export interface CartPricingInput {
  lines: readonly CartLineInput[];
  coupon?: CouponTerms | null | undefined;
  shippingCents: number;
  taxRateBasisPoints: number;
  fee: Pick<EcommerceFee, 'percentBasisPoints' | 'fixedCents'>;
}

export interface CartPricing {
  lines: { unitPriceCents: number; quantity: number; totalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  feeCents: number;
  totalCents: number;
}

/** The coupon's discount on a subtotal: a percentage rounded half-up, dollars capped at the subtotal. */
export function couponDiscountCents(coupon: CouponTerms | null | undefined, subtotalCents: number): number {
  if (!coupon || subtotalCents <= 0) return 0;
  const off =
    coupon.typeDiscount === discountType.Percentage
      ? applyBasisPoints(subtotalCents, Math.min(coupon.amount, 10_000))
      : coupon.amount;
  return Math.max(0, Math.min(off, subtotalCents));
}

/** A cart's lines, subtotal, coupon discount, shipping, tax, online fee and total, in cents. */
export function priceCart(input: CartPricingInput): CartPricing {
  const lines = input.lines.map((line) => {
    const unitPriceCents = line.unitPriceCents + (line.personalizationPriceCents ?? 0);
    return { unitPriceCents, quantity: line.quantity, totalCents: unitPriceCents * line.quantity };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = couponDiscountCents(input.coupon, subtotalCents);
  const goodsCents = subtotalCents - discountCents;
  const taxCents = applyBasisPoints(goodsCents, input.taxRateBasisPoints);
  const chargedCents = goodsCents + input.shippingCents + taxCents;
  const feeCents =
    chargedCents > 0 ? applyBasisPoints(chargedCents, input.fee.percentBasisPoints) + input.fee.fixedCents : 0;
  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents: input.shippingCents,
    taxCents,
    feeCents,
    totalCents: chargedCents + feeCents,
  };
}

/** A stored coupon, as `couponProblem` judges it. */
export interface CouponState extends CouponTerms {
  isActive: boolean;
  /** The discount year of part 3, '2025-2026'. */
  year: string;
  maxUses?: number | null | undefined;
  timesUsed: number;
  /** Calendar dates 'YYYY-MM-DD', inclusive. */
  startsOn?: string | null | undefined;
  endsOn?: string | null | undefined;
}

/** The school year a store's year (its spring, 2026) sells for: '2025-2026'. */
export function schoolYearOfStoreYear(year: number): string {
  return `${year - 1}-${year}`;
}

/**
 * The calendar day a coupon's dates are read in: US Central (the studio's), so a coupon ending on
 * the 31st works all that day for the schools, not until 6 p.m. as UTC would have it.
 */
export function couponDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Why a coupon cannot be used on this cart, or null when it can. */
export function couponProblem(
  coupon: CouponState,
  context: { now: Date; year: string; subtotalCents: number },
): string | null {
  const today = couponDay(context.now);
  if (!coupon.isActive) return 'This coupon is no longer valid.';
  if (coupon.startsOn && today < coupon.startsOn) return 'This coupon is not valid yet.';
  if (coupon.endsOn && today > coupon.endsOn) return 'This coupon has expired.';
  if (coupon.maxUses !== null && coupon.maxUses !== undefined && coupon.timesUsed >= coupon.maxUses) {
    return 'This coupon has been used up.';
  }
  if (coupon.year !== context.year) return `This coupon is for the ${coupon.year} school year.`;
  if (coupon.minimumOrderCents && context.subtotalCents < coupon.minimumOrderCents) {
    return `Spend at least ${formatCurrency(coupon.minimumOrderCents)} to use this coupon.`;
  }
  return null;
}

/** An online order's number: `W26-000123` (year's last two digits, then its sequence, at least six digits: unique
 * because the sequence is the order's id). */
export function onlineOrderNumber(year: number, sequence: number): string {
  return `W${String(year % 100).padStart(2, '0')}-${String(sequence).padStart(6, '0')}`;
}

/** Luhn's check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
