import { bookSize, bookType } from '@colophon/domain';
import type { Db } from '../create-db';
import {
  type accounts,
  bindingPrices,
  customerPricings,
  directSchoolPricings,
  pricingAdjustments,
  pricingItems,
  shippingPrices,
  shipToHomePrices,
  shipToHomeShippingPrices,
} from '../schema/index';

type School = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'name'>;

/*
 * Demo price lists (issue 13): 2024 to 2026 for every designation the demo accounts use, each year
 * about 3 % dearer (rounded to 5 cents), the options' prices, bulk and ship-to-home shipping, each
 * school's designation, and a few adjustments. Deterministic: no clock, no randomness.
 */

export const PRICING_YEARS = [2024, 2025, 2026] as const;
/** The designations the demo prices with (J is deprecated; the others are unused in the demo). */
export const DEMO_DESIGNATIONS = ['A', 'B', 'C', 'K', 'L', 'M', 'N', 'O', 'P', 'R'] as const;

/** 2024's price of a 24-page book of 8.5 x 11 by binding. */
const BINDING_BASE: Record<number, number> = {
  [bookType.SaddleStitched]: 700,
  [bookType.SaddleStitchedBW]: 500,
  [bookType.SoftCoverPerfectBound]: 1100,
  [bookType.PerfectBoundBW]: 800,
  [bookType.StandardHardCover]: 1600,
  [bookType.HardCoverBW]: 1300,
  [bookType.CoilBound]: 1200,
  [bookType.CoilBoundBW]: 900,
  [bookType.SmythHardCover]: 2100,
  [bookType.SideSewnHardCover]: 1800,
};
const SIZE_STEP: Record<number, number> = { 5: -200, 8: 0, 9: 150, 11: 100 };
const DESIGNATION_STEP: Record<string, number> = { A: 0, B: -100, C: -200, R: 300 };
/** Page brackets and what each adds to the book. */
const BRACKETS = [
  { pageMin: 8, pageMax: 48, cents: 0 },
  { pageMin: 50, pageMax: 96, cents: 350 },
  { pageMin: 98, pageMax: 160, cents: 800 },
  { pageMin: 162, pageMax: 480, cents: 1500 },
];

/** A 2024 price in a later year: 3 % a year, compounded, rounded to 5 cents. */
const inYear = (cents: number, year: number) => Math.round((cents * 1.03 ** (year - 2024)) / 5) * 5;

const ITEMS: { typeItems: number; code: number; label: string; unitCents: number; per?: 'order' }[] = [
  { typeItems: 1, code: 2, label: 'Duplex cover (printed inside)', unitCents: 45 },
  { typeItems: 7, code: 120, label: '120pt cover board', unitCents: 35 },
  { typeItems: 4, code: 1, label: 'Polymer cover', unitCents: 30 },
  { typeItems: 4, code: 2, label: 'Raised UV', unitCents: 40 },
  { typeItems: 4, code: 3, label: 'Spot UV', unitCents: 35 },
  { typeItems: 4, code: 4, label: 'Glitter', unitCents: 25 },
  { typeItems: 4, code: 5, label: 'Silkscreen', unitCents: 50 },
  { typeItems: 4, code: 6, label: 'Embossing die', unitCents: 15_000, per: 'order' },
  { typeItems: 4, code: 7, label: 'Debossing die', unitCents: 15_000, per: 'order' },
  { typeItems: 4, code: 8, label: 'Die cut', unitCents: 25_000, per: 'order' },
  { typeItems: 4, code: 11, label: 'Gold foil die', unitCents: 9500, per: 'order' },
  { typeItems: 4, code: 12, label: 'Silver foil die', unitCents: 9500, per: 'order' },
  { typeItems: 4, code: 13, label: 'Other foil die', unitCents: 9500, per: 'order' },
  { typeItems: 5, code: 1, label: 'Endsheets front and back', unitCents: 60 },
  { typeItems: 5, code: 2, label: 'Endsheet front', unitCents: 35 },
  { typeItems: 5, code: 3, label: 'Endsheet back', unitCents: 35 },
  { typeItems: 2, code: 3, label: 'Gloss laminate', unitCents: 20 },
  { typeItems: 2, code: 4, label: 'Matte laminate', unitCents: 20 },
  { typeItems: 2, code: 6, label: 'Soft touch laminate', unitCents: 45 },
  { typeItems: 2, code: 7, label: 'Luxe linen laminate', unitCents: 55 },
  { typeItems: 3, code: 1, label: 'Name on the cover', unitCents: 150 },
  { typeItems: 3, code: 2, label: 'Name and photo', unitCents: 300 },
  { typeItems: 3, code: 4, label: 'Name and icons', unitCents: 250 },
  { typeItems: 6, code: 2, label: '2 custom pages', unitCents: 200 },
  { typeItems: 6, code: 4, label: '4 custom pages', unitCents: 350 },
];

const SHIPPING = [
  { copiesMin: 1, copiesMax: 99, perBookCents: 145 },
  { copiesMin: 100, copiesMax: 299, perBookCents: 110 },
  { copiesMin: 300, copiesMax: 999, perBookCents: 85 },
  { copiesMin: 1000, copiesMax: 1_000_000, perBookCents: 70 },
];

/** The price lists of the demo, and each school's designation (the direct school has none: the direct-school list prices it). */
export async function seedPricing(db: Db, schools: readonly School[], directSchool: School): Promise<void> {
  const binding: (typeof bindingPrices.$inferInsert)[] = [];
  for (const year of PRICING_YEARS) {
    for (const designation of DEMO_DESIGNATIONS) {
      for (const typeBook of bookType.codes) {
        for (const typeSize of bookSize.codes) {
          for (const bracket of BRACKETS) {
            const base =
              (BINDING_BASE[typeBook] ?? 1000) + (SIZE_STEP[typeSize] ?? 0) + (DESIGNATION_STEP[designation] ?? 0);
            binding.push({
              designation,
              year,
              typeBook,
              typeSize,
              pageMin: bracket.pageMin,
              pageMax: bracket.pageMax,
              perBookCents: inYear(base + bracket.cents, year),
            });
          }
        }
      }
    }
  }
  for (let index = 0; index < binding.length; index += 1000) {
    await db.insert(bindingPrices).values(binding.slice(index, index + 1000));
  }
  await db
    .insert(pricingItems)
    .values(
      PRICING_YEARS.flatMap((year) =>
        ITEMS.map((item) => ({ ...item, year, per: item.per ?? 'book', unitCents: inYear(item.unitCents, year) })),
      ),
    );
  await db
    .insert(shippingPrices)
    .values(
      PRICING_YEARS.flatMap((year) =>
        bookSize.codes.flatMap((typeSize) =>
          SHIPPING.map((row) => ({ ...row, year, typeSize, perBookCents: inYear(row.perBookCents, year) })),
        ),
      ),
    );
  await db.insert(shipToHomePrices).values(
    PRICING_YEARS.flatMap((year) => [
      { year, product: 'handling', label: 'Handling', cents: inYear(150, year) },
      { year, product: 'mailer', label: 'Padded mailer', cents: inYear(75, year) },
    ]),
  );
  await db.insert(shipToHomeShippingPrices).values(
    PRICING_YEARS.flatMap((year) =>
      bookType.codes.flatMap((typeBook) =>
        bookSize.codes.flatMap((typeSize) => [
          { year, typeBook, typeSize, pageMin: 8, pageMax: 96, cents: inYear(595, year) },
          { year, typeBook, typeSize, pageMin: 98, pageMax: 480, cents: inYear(895, year) },
        ]),
      ),
    ),
  );
  await db.insert(directSchoolPricings).values(PRICING_YEARS.map((year) => ({ year, designation: 'A' })));

  const priced = schools.filter((school) => school.id !== directSchool.id);
  await db.insert(customerPricings).values(
    PRICING_YEARS.flatMap((year) =>
      priced.map((school, index) => ({
        accountId: school.id,
        year,
        designation: DEMO_DESIGNATIONS[index % DEMO_DESIGNATIONS.length] ?? 'A',
        notes: index === 0 && year === 2026 ? 'Three-year agreement signed in 2024' : null,
      })),
    ),
  );
  const [first, second, third, fourth, fifth] = priced;
  const adjustments: (typeof pricingAdjustments.$inferInsert)[] = [];
  if (first)
    adjustments.push({ accountId: first.id, year: 2026, typeAdjustment: 1, amountCents: 50, reason: 'Early order' });
  if (second) {
    adjustments.push({
      accountId: second.id,
      year: 2026,
      typeAdjustment: 3,
      basisPoints: 500,
      reason: 'Multi-year agreement',
    });
  }
  if (third) {
    adjustments.push(
      // Every year of the demo has an adjustment (issue 13's demo: 2024 to 2026 in every list).
      { accountId: third.id, year: 2024, typeAdjustment: 4, freeBooks: 5, reason: 'Staff copies' },
      { accountId: third.id, year: 2025, typeAdjustment: 4, freeBooks: 5, reason: 'Staff copies' },
      { accountId: third.id, year: 2026, typeAdjustment: 4, freeBooks: 5, reason: 'Staff copies' },
    );
  }
  if (fourth) {
    adjustments.push({
      accountId: fourth.id,
      year: 2026,
      typeAdjustment: 2,
      amountCents: 25_000,
      reason: 'Returning customer',
    });
  }
  if (fifth) {
    adjustments.push({
      accountId: fifth.id,
      year: 2026,
      typeAdjustment: 0,
      commissionPercent: 10,
      reason: 'Rep commission',
    });
  }
  await db.insert(pricingAdjustments).values(adjustments);
}
