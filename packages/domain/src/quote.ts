import type { BookSpecification } from './bookSpec';
import { bookSize, bookType } from './books';
import { defineEnumeration } from './enumeration';
import { commissionOfDesignation, type PricingAdjustmentTypeCode, pricingAdjustmentType } from './money';

/*
 * The one quote (issue 13): a project's book specification priced by its account's price list and
 * adjustments, line by line, in integer cents. The project screen shows it and an invoice is built
 * from its lines, so a quote and its invoice never differ.
 *
 * Rounding: every line is a whole number of cents. Unit prices are cents, so quantity × unit is
 * exact; the only fractions come from percentages (basis points: 1 % = 100), and each percentage line
 * is rounded half up to the cent on its own, from exact integer arithmetic, before the next line is
 * computed from it. The total is the plain sum of the lines.
 */

/** What a pricing item prices: one field of the book specification (the API's `type_items`). */
export const pricingItemType = defineEnumeration([
  { code: 1, label: 'Cover Type' },
  { code: 2, label: 'Finish' },
  { code: 3, label: 'Personalization' },
  { code: 4, label: 'Cover Application' },
  { code: 5, label: 'Endsheet' },
  { code: 6, label: 'Custom Pages' },
  { code: 7, label: 'Cover Board' },
] as const);
export type PricingItemTypeCode = (typeof pricingItemType.codes)[number];

/** Whether a pricing item is charged for every copy or once for the order (a die's setup). */
export type PricingItemUnit = 'book' | 'order';

/** One price of a designation's year: a book of this binding and size with a page count in [pageMin, pageMax]. */
export interface BindingPriceEntry {
  readonly typeBook: number;
  readonly typeSize: number;
  readonly pageMin: number;
  readonly pageMax: number;
  readonly perBookCents: number;
}

/** The price of an option of the specification (a duplex cover, a laminate, a foil). */
export interface PricingItemEntry {
  readonly typeItems: number;
  readonly code: number;
  readonly label: string;
  readonly unitCents: number;
  readonly per: PricingItemUnit;
}

/** Bulk shipping to the school: per book, by size and number of copies. */
export interface ShippingPriceEntry {
  readonly typeSize: number;
  readonly copiesMin: number;
  readonly copiesMax: number;
  readonly perBookCents: number;
}

/** Postage of one book shipped to a home, by binding, size and page count. */
export interface ShipToHomeShippingPriceEntry {
  readonly typeBook: number;
  readonly typeSize: number;
  readonly pageMin: number;
  readonly pageMax: number;
  readonly cents: number;
}

/** A per-book charge of shipping to homes besides the postage (handling, the mailer). */
export interface ShipToHomePriceEntry {
  readonly product: string;
  readonly label: string;
  readonly cents: number;
}

/** The price list that applies to one account and year (its designation's rows). */
export interface QuotePriceList {
  readonly designation: string;
  readonly year: number;
  readonly bindingPrices: readonly BindingPriceEntry[];
  readonly pricingItems: readonly PricingItemEntry[];
  readonly shippingPrices: readonly ShippingPriceEntry[];
  readonly shipToHomeShippingPrices: readonly ShipToHomeShippingPriceEntry[];
  readonly shipToHomePrices: readonly ShipToHomePriceEntry[];
}

/**
 * An account's pricing adjustment. Adjustments lower the price (every value is >= 0):
 * 1 per book: `amountCents` off each copy; 2 total dollar: `amountCents` off the order;
 * 3 percentage of invoice: `basisPoints` of the goods; 4 free books: `freeBooks` copies free.
 * `commissionPercent` (0–25), when set, is the account's commission tier for the year.
 */
export interface QuoteAdjustment {
  readonly typeAdjustment: number;
  readonly amountCents?: number | null;
  readonly basisPoints?: number | null;
  readonly freeBooks?: number | null;
  readonly commissionPercent?: number | null;
  readonly reason?: string | null;
}

export type QuoteLineKind = 'book' | 'extra' | 'adjustment' | 'commission' | 'shipping' | 'tax';

/** One line of a quote, and of the invoice made from it. `amountCents` is `quantity × unitCents` except on percentage lines. */
export interface QuoteLine {
  readonly kind: QuoteLineKind;
  readonly label: string;
  readonly quantity: number;
  readonly unitCents: number;
  readonly amountCents: number;
}

export interface QuoteOptions {
  /** Copies shipped one by one to homes instead of in bulk to the school (at most the copies). */
  readonly shipToHomeCopies?: number;
  /** Sales tax on the whole quote, in basis points (625 = 6.25 %); none by default. */
  readonly taxBasisPoints?: number;
}

export interface QuoteInput {
  readonly spec: BookSpecification;
  readonly priceList: QuotePriceList;
  readonly adjustments?: readonly QuoteAdjustment[];
  /** Overrides the commission of the designation and the adjustments (0–25). */
  readonly commissionPercent?: number;
  readonly options?: QuoteOptions;
}

export interface Quote {
  readonly designation: string;
  readonly year: number;
  readonly copies: number;
  readonly lines: readonly QuoteLine[];
  /** Books and extras before adjustments. */
  readonly goodsCents: number;
  readonly adjustmentsCents: number;
  readonly commissionCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly totalCents: number;
  /** The total divided by the copies, rounded half up (0 without copies). */
  readonly perBookCents: number;
}

/** A specification the price list cannot price: the field to fix and why. */
export interface QuoteProblem {
  readonly path: string;
  readonly message: string;
}

export type QuoteResult =
  | { readonly ok: true; readonly quote: Quote }
  | { readonly ok: false; readonly problems: QuoteProblem[] };

/** `amount × basisPoints / 10 000`, rounded half up to a whole cent (amounts here are never negative). */
export function basisPointsOf(amountCents: number, basisPoints: number): number {
  if (amountCents <= 0 || basisPoints <= 0) return 0;
  return Math.floor((amountCents * basisPoints + 5000) / 10_000);
}

/** A whole division rounded half up, for the per-book figure. */
function divideHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));
}

/**
 * The commission tier of an account's year: the designation's tier when it is one (K to P); else
 * the latest adjustment that sets one; else 0.
 */
export function commissionFor(designation: string, adjustments: readonly QuoteAdjustment[] = []): number {
  const tier = commissionOfDesignation(designation);
  if (tier !== undefined) return tier;
  for (let index = adjustments.length - 1; index >= 0; index -= 1) {
    const percent = adjustments[index]?.commissionPercent;
    if (percent !== null && percent !== undefined) return percent;
  }
  return 0;
}

/** The binding price of a book, or undefined when the list has none for it. */
export function bindingPriceFor(
  prices: readonly BindingPriceEntry[],
  typeBook: number,
  typeSize: number,
  pageCount: number,
): BindingPriceEntry | undefined {
  return prices.find(
    (price) =>
      price.typeBook === typeBook &&
      price.typeSize === typeSize &&
      pageCount >= price.pageMin &&
      pageCount <= price.pageMax,
  );
}

/** The specification's options a price list may charge for, as (type, code) pairs in the form's order. */
function chosenOptions(spec: BookSpecification): { typeItems: PricingItemTypeCode; code: number }[] {
  const chosen: { typeItems: PricingItemTypeCode; code: number }[] = [];
  const single = (typeItems: PricingItemTypeCode, code: number | null | undefined) => {
    if (code !== null && code !== undefined) chosen.push({ typeItems, code });
  };
  single(pricingItemType.CoverType, spec.typeCover);
  single(pricingItemType.CoverBoard, spec.typeCoverBoardWeight);
  for (const code of spec.coverApplications ?? []) single(pricingItemType.CoverApplication, code);
  single(pricingItemType.Endsheet, spec.typeEndsheet);
  single(pricingItemType.Finish, spec.typeFinish);
  single(pricingItemType.Personalization, spec.typePersonalization);
  single(pricingItemType.CustomPages, spec.typeCustomPages);
  return chosen;
}

function isWholeAtLeastZero(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Adjustments in the order they apply: by type, then as given. Type 0 (None) prices nothing. */
function orderedAdjustments(adjustments: readonly QuoteAdjustment[]): QuoteAdjustment[] {
  return adjustments
    .map((adjustment, index) => ({ adjustment, index }))
    .filter(({ adjustment }) => adjustment.typeAdjustment !== pricingAdjustmentType.None)
    .sort((a, b) => a.adjustment.typeAdjustment - b.adjustment.typeAdjustment || a.index - b.index)
    .map(({ adjustment }) => adjustment);
}

const adjustmentLabel = (type: number, reason: string | null | undefined, detail: string) =>
  `${pricingAdjustmentType.label(type)}${detail ? ` (${detail})` : ''}${reason ? `: ${reason}` : ''}`;

/**
 * Prices a book. Lines, in order:
 * 1. the book: the binding price for its binding, size and page count × copies;
 * 2. each option the list charges for: per book × copies, or once per order;
 * 3. adjustments, as negative lines, by type: 1 per book (amount × copies), 2 total dollar,
 *    3 percentage of the goods (books and extras; half up), 4 free books (a free copy is the book
 *    and its per-book options). Together they never take more than the goods: the line that would
 *    pass zero is cut to what is left, and later ones are dropped;
 * 4. commission: its percent of the goods after adjustments (half up), added to the price;
 * 5. shipping: bulk to the school for the copies not shipped home (per book by size and copies), and
 *    for each copy shipped home its postage and the list's ship-to-home charges;
 * 6. tax: its basis points of everything above (half up).
 * Zero copies price nothing: every line is 0 and the per-order options are left out.
 */
export function quoteBook(input: QuoteInput): QuoteResult {
  const { spec, priceList } = input;
  const problems: QuoteProblem[] = [];
  const copies = spec.copies ?? 0;
  if (!isWholeAtLeastZero(copies))
    problems.push({ path: 'copies', message: 'The copies must be a whole number from 0.' });
  if (!spec.typeBook) problems.push({ path: 'typeBook', message: 'Choose a book type to price the book.' });
  if (!spec.typeSize) problems.push({ path: 'typeSize', message: 'Choose a size to price the book.' });
  if (!spec.pageCount) problems.push({ path: 'pageCount', message: 'Give the page count to price the book.' });
  const shipToHomeCopies = input.options?.shipToHomeCopies ?? 0;
  if (!isWholeAtLeastZero(shipToHomeCopies) || shipToHomeCopies > Math.max(copies, 0)) {
    problems.push({ path: 'shipToHomeCopies', message: 'At most the copies, a whole number from 0.' });
  }
  const taxBasisPoints = input.options?.taxBasisPoints ?? 0;
  if (!isWholeAtLeastZero(taxBasisPoints) || taxBasisPoints > 10_000) {
    problems.push({ path: 'taxBasisPoints', message: 'A rate from 0 to 10000 basis points.' });
  }
  const adjustments = input.adjustments ?? [];
  const commissionPercent = input.commissionPercent ?? commissionFor(priceList.designation, adjustments);
  if (!isWholeAtLeastZero(commissionPercent) || commissionPercent > 25) {
    problems.push({ path: 'commissionPercent', message: 'A commission from 0 to 25 percent.' });
  }
  if (problems.length > 0) return { ok: false, problems };
  const typeBook = spec.typeBook as number;
  const typeSize = spec.typeSize as number;
  const pageCount = spec.pageCount as number;

  const binding = bindingPriceFor(priceList.bindingPrices, typeBook, typeSize, pageCount);
  if (!binding) {
    return {
      ok: false,
      problems: [
        {
          path: 'pageCount',
          message: `Price list ${priceList.designation} of ${priceList.year} has no price for a ${bookType.label(typeBook)} of ${bookSize.label(typeSize)} with ${pageCount} pages.`,
        },
      ],
    };
  }

  const lines: QuoteLine[] = [];
  const bookLabel = `${bookType.label(typeBook)}, ${bookSize.label(typeSize)}, ${pageCount} pages`;
  lines.push({
    kind: 'book',
    label: bookLabel,
    quantity: copies,
    unitCents: binding.perBookCents,
    amountCents: copies * binding.perBookCents,
  });

  let perBookExtrasCents = 0;
  for (const option of chosenOptions(spec)) {
    const item = priceList.pricingItems.find(
      (entry) => entry.typeItems === option.typeItems && entry.code === option.code,
    );
    if (!item || item.unitCents === 0) continue;
    if (item.per === 'order') {
      if (copies === 0) continue;
      lines.push({
        kind: 'extra',
        label: item.label,
        quantity: 1,
        unitCents: item.unitCents,
        amountCents: item.unitCents,
      });
    } else {
      perBookExtrasCents += item.unitCents;
      lines.push({
        kind: 'extra',
        label: item.label,
        quantity: copies,
        unitCents: item.unitCents,
        amountCents: copies * item.unitCents,
      });
    }
  }
  const goodsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);

  let remaining = goodsCents;
  for (const adjustment of orderedAdjustments(adjustments)) {
    if (remaining <= 0) break;
    const type = adjustment.typeAdjustment as PricingAdjustmentTypeCode;
    let line: QuoteLine | undefined;
    if (type === pricingAdjustmentType.PerBook) {
      const unit = adjustment.amountCents ?? 0;
      line = {
        kind: 'adjustment',
        label: adjustmentLabel(type, adjustment.reason, ''),
        quantity: copies,
        unitCents: -unit,
        amountCents: -(unit * copies),
      };
    } else if (type === pricingAdjustmentType.TotalDollar) {
      const amount = adjustment.amountCents ?? 0;
      line = {
        kind: 'adjustment',
        label: adjustmentLabel(type, adjustment.reason, ''),
        quantity: 1,
        unitCents: -amount,
        amountCents: -amount,
      };
    } else if (type === pricingAdjustmentType.PercentageOfInvoice) {
      const points = adjustment.basisPoints ?? 0;
      const amount = basisPointsOf(goodsCents, points);
      const detail = `${points / 100}%`;
      line = {
        kind: 'adjustment',
        label: adjustmentLabel(type, adjustment.reason, detail),
        quantity: 1,
        unitCents: -amount,
        amountCents: -amount,
      };
    } else if (type === pricingAdjustmentType.FreeBooks) {
      const free = Math.min(adjustment.freeBooks ?? 0, copies);
      const unit = binding.perBookCents + perBookExtrasCents;
      line = {
        kind: 'adjustment',
        label: adjustmentLabel(type, adjustment.reason, ''),
        quantity: free,
        unitCents: -unit,
        amountCents: -(unit * free),
      };
    }
    if (!line || line.amountCents === 0) continue;
    if (-line.amountCents > remaining) {
      // Cut to what is left: a discount never makes the goods negative.
      line = { ...line, quantity: 1, unitCents: -remaining, amountCents: -remaining };
    }
    remaining += line.amountCents;
    lines.push(line);
  }
  const adjustmentsCents = remaining - goodsCents;

  const commissionCents = basisPointsOf(remaining, commissionPercent * 100);
  if (commissionCents > 0) {
    lines.push({
      kind: 'commission',
      label: `Commission ${commissionPercent}%`,
      quantity: 1,
      unitCents: commissionCents,
      amountCents: commissionCents,
    });
  }

  const bulkCopies = copies - shipToHomeCopies;
  if (bulkCopies > 0) {
    const bulk = priceList.shippingPrices.find(
      (price) => price.typeSize === typeSize && bulkCopies >= price.copiesMin && bulkCopies <= price.copiesMax,
    );
    if (bulk && bulk.perBookCents > 0) {
      lines.push({
        kind: 'shipping',
        label: 'Shipping to the school',
        quantity: bulkCopies,
        unitCents: bulk.perBookCents,
        amountCents: bulkCopies * bulk.perBookCents,
      });
    }
  }
  if (shipToHomeCopies > 0) {
    const postage = priceList.shipToHomeShippingPrices.find(
      (price) =>
        price.typeBook === typeBook &&
        price.typeSize === typeSize &&
        pageCount >= price.pageMin &&
        pageCount <= price.pageMax,
    );
    if (!postage) {
      return {
        ok: false,
        problems: [
          {
            path: 'shipToHomeCopies',
            message: `Price list ${priceList.year} has no ship-to-home postage for this book.`,
          },
        ],
      };
    }
    lines.push({
      kind: 'shipping',
      label: 'Ship to home: postage',
      quantity: shipToHomeCopies,
      unitCents: postage.cents,
      amountCents: shipToHomeCopies * postage.cents,
    });
    for (const charge of priceList.shipToHomePrices) {
      if (charge.cents === 0) continue;
      lines.push({
        kind: 'shipping',
        label: `Ship to home: ${charge.label}`,
        quantity: shipToHomeCopies,
        unitCents: charge.cents,
        amountCents: shipToHomeCopies * charge.cents,
      });
    }
  }
  const shippingCents = lines
    .filter((line) => line.kind === 'shipping')
    .reduce((sum, line) => sum + line.amountCents, 0);

  const beforeTax = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = basisPointsOf(beforeTax, taxBasisPoints);
  if (taxCents > 0) {
    lines.push({
      kind: 'tax',
      label: `Sales tax ${taxBasisPoints / 100}%`,
      quantity: 1,
      unitCents: taxCents,
      amountCents: taxCents,
    });
  }
  const totalCents = beforeTax + taxCents;
  return {
    ok: true,
    quote: {
      designation: priceList.designation,
      year: priceList.year,
      copies,
      lines,
      goodsCents,
      adjustmentsCents,
      commissionCents,
      shippingCents,
      taxCents,
      totalCents,
      perBookCents: divideHalfUp(totalCents, copies),
    },
  };
}
