import {
  customParentPagesSubType,
  dedicationAdSize,
  discountType,
  productShipping,
  productType,
  yearbookAdSubType,
} from '@colophon/domain';
import type { Db } from '../create-db';
import { type accounts, discounts, productPrices, products, storeStatuses } from '../schema/index';

type School = Pick<typeof accounts.$inferSelect, 'id' | 'code' | 'name'>;
type NewProduct = typeof products.$inferInsert;
type NewPrice = typeof productPrices.$inferInsert;
type NewDiscount = typeof discounts.$inferInsert;

const DAY = 24 * 3600 * 1000;
const THIS_YEAR = 2026;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A product of the demo catalogue, with its regular price and, for some, an early-bird price before it. */
interface CatalogueEntry {
  product: Omit<NewProduct, 'storeId' | 'sortOrder'>;
  regularCents: number;
  earlyBirdCents?: number;
}

/**
 * Every product type and sub type of part 3: a yearbook with each personalization kind (and a
 * summer single book), an ad of each sub type and each size, a text dedication, custom parent pages
 * of 2 and 4, a photo upload link and Forever Connected.
 */
const CATALOGUE: CatalogueEntry[] = [
  {
    product: { typeProduct: productType.Yearbook, name: 'Yearbook', allowsDonation: true, maxPerOrder: 5 },
    earlyBirdCents: 6500,
    regularCents: 7500,
  },
  {
    product: {
      typeProduct: productType.Yearbook,
      name: 'Yearbook with name on the cover',
      typePersonalization: 1,
      personalizationPriceCents: 500,
    },
    earlyBirdCents: 7000,
    regularCents: 8000,
  },
  {
    product: {
      typeProduct: productType.Yearbook,
      name: 'Yearbook with name and photo',
      typePersonalization: 2,
      personalizationPriceCents: 900,
    },
    earlyBirdCents: 7400,
    regularCents: 8400,
  },
  {
    product: {
      typeProduct: productType.Yearbook,
      name: 'Yearbook with name and icons',
      typePersonalization: 4,
      personalizationPriceCents: 700,
    },
    regularCents: 8200,
  },
  {
    product: {
      typeProduct: productType.Yearbook,
      name: 'Yearbook — summer delivery',
      typeShipping: productShipping.SummerSingleBook,
    },
    regularCents: 8500,
  },
  ...yearbookAdSubType.codes
    .filter((code) => code !== 0)
    .map(
      (typeSubProduct, index): CatalogueEntry => ({
        product: {
          typeProduct: productType.YearbookAd,
          typeSubProduct,
          adSize: dedicationAdSize.codes[index]!,
          name: `${dedicationAdSize.label(dedicationAdSize.codes[index]!)} ${yearbookAdSubType.label(typeSubProduct)}`,
          typeShipping: productShipping.DigitalOnly,
        },
        regularCents: [25_000, 15_000, 9_000, 5_000][index]!,
      }),
    ),
  {
    product: {
      typeProduct: productType.TextOnlyDedication,
      name: 'Text dedication',
      typeShipping: productShipping.DigitalOnly,
    },
    regularCents: 1500,
  },
  ...customParentPagesSubType.codes
    .filter((code) => code !== 0)
    .map(
      (typeSubProduct): CatalogueEntry => ({
        product: {
          typeProduct: productType.CustomParentPages,
          typeSubProduct,
          name: `Custom parent pages (${customParentPagesSubType.label(typeSubProduct)})`,
        },
        regularCents: typeSubProduct === 2 ? 2500 : 4500,
      }),
    ),
  {
    product: {
      typeProduct: productType.PhotoUploadLink,
      name: 'Photo upload link',
      typeShipping: productShipping.DigitalOnly,
    },
    regularCents: 0,
  },
  {
    product: {
      typeProduct: productType.ForeverConnectedYearbooks,
      name: 'Forever Connected digital yearbook',
      typeShipping: productShipping.DigitalOnly,
    },
    regularCents: 1000,
  },
];

/**
 * The demo's online stores (issue 12): every school's store this year (most open, every fourth
 * closed), each at `/store/<account code>-<year>`, with the whole catalogue, prices that changed
 * during the season (early-bird, then regular) and coupons; last year's stores closed, with their
 * yearbook and last year's coupons. Dates are relative to today.
 */
export async function seedStores(db: Db, schools: School[], now: number) {
  const storeValues = schools.flatMap((school, index) => {
    const slugOf = (year: number) => `${school.code.toLowerCase()}-${year}`;
    const closesOn = now + 120 * DAY;
    return [
      {
        accountId: school.id,
        year: THIS_YEAR,
        isOpen: index % 4 !== 2,
        slug: slugOf(THIS_YEAR),
        title: `${school.name} Yearbook Store`,
        welcomeText: `Order your ${THIS_YEAR} yearbook, ads and dedications here. Thank you for supporting our yearbook!`,
        opensOn: isoDay(now - 90 * DAY),
        closesOn: isoDay(closesOn),
        summerOpensOn: isoDay(closesOn + 30 * DAY),
        summerClosesOn: isoDay(closesOn + 90 * DAY),
      },
      {
        accountId: school.id,
        year: THIS_YEAR - 1,
        isOpen: false,
        slug: slugOf(THIS_YEAR - 1),
        title: `${school.name} Yearbook Store ${THIS_YEAR - 1}`,
        welcomeText: null,
        opensOn: `${THIS_YEAR - 2}-09-01`,
        closesOn: `${THIS_YEAR - 1}-04-30`,
        summerOpensOn: `${THIS_YEAR - 1}-06-01`,
        summerClosesOn: `${THIS_YEAR - 1}-08-31`,
      },
    ];
  });
  const stores = await db.insert(storeStatuses).values(storeValues).returning();

  const productValues: NewProduct[] = [];
  const pricesOf: CatalogueEntry[] = [];
  for (const store of stores) {
    const entries = store.year === THIS_YEAR ? CATALOGUE : CATALOGUE.slice(0, 1);
    entries.forEach((entry, sortOrder) => {
      productValues.push({ ...entry.product, storeId: store.id, sortOrder });
      pricesOf.push(entry);
    });
  }
  const created = await db
    .insert(products)
    .values(productValues)
    .returning({ id: products.id, storeId: products.storeId });

  // This year's early-bird price ran until a month ago; the regular price since. Last year's ran their season.
  const seasonStart = now - 90 * DAY;
  const priceChange = now - 30 * DAY;
  const yearOf = new Map(stores.map((store) => [store.id, store.year]));
  const priceValues: NewPrice[] = created.flatMap((product, index) => {
    const entry = pricesOf[index]!;
    if (yearOf.get(product.storeId) !== THIS_YEAR) {
      return [
        {
          productId: product.id,
          priceCents: entry.regularCents - 500,
          startsAt: new Date(`${THIS_YEAR - 2}-09-01T00:00:00Z`),
          endsAt: new Date(`${THIS_YEAR - 1}-09-01T00:00:00Z`),
        },
      ];
    }
    return entry.earlyBirdCents === undefined
      ? [{ productId: product.id, priceCents: entry.regularCents, startsAt: new Date(seasonStart) }]
      : [
          {
            productId: product.id,
            priceCents: entry.earlyBirdCents,
            startsAt: new Date(seasonStart),
            endsAt: new Date(priceChange),
          },
          { productId: product.id, priceCents: entry.regularCents, startsAt: new Date(priceChange) },
        ];
  });
  for (let start = 0; start < priceValues.length; start += 1000) {
    await db.insert(productPrices).values(priceValues.slice(start, start + 1000));
  }

  // Coupons per school and year: a percentage, dollars off with a minimum, one used up, one expired.
  const thisSchoolYear = `${THIS_YEAR - 1}-${THIS_YEAR}`;
  const lastSchoolYear = `${THIS_YEAR - 2}-${THIS_YEAR - 1}`;
  const discountValues: NewDiscount[] = schools.flatMap((school) => [
    {
      accountId: school.id,
      code: 'WELCOME10',
      description: '10 % off any order',
      typeDiscount: discountType.Percentage,
      amount: 1000,
      year: thisSchoolYear,
    },
    {
      accountId: school.id,
      code: 'SAVE5',
      description: '$5 off orders of $50 or more',
      typeDiscount: discountType.Dollar,
      amount: 500,
      minimumOrderCents: 5000,
      year: thisSchoolYear,
      timesUsed: 3,
    },
    {
      accountId: school.id,
      code: 'FIRST25',
      description: '15 % off for the first 25 orders (used up)',
      typeDiscount: discountType.Percentage,
      amount: 1500,
      maxUses: 25,
      timesUsed: 25,
      year: thisSchoolYear,
    },
    {
      accountId: school.id,
      code: 'EARLYBIRD',
      description: '$10 off before the price change (expired)',
      typeDiscount: discountType.Dollar,
      amount: 1000,
      startsOn: isoDay(now - 90 * DAY),
      endsOn: isoDay(now - 31 * DAY),
      year: thisSchoolYear,
    },
    {
      accountId: school.id,
      code: 'SPRING15',
      description: "Last year's spring sale",
      typeDiscount: discountType.Percentage,
      amount: 1500,
      startsOn: `${THIS_YEAR - 1}-03-01`,
      endsOn: `${THIS_YEAR - 1}-03-31`,
      year: lastSchoolYear,
      isActive: false,
    },
  ]);
  await db.insert(discounts).values(discountValues);
}
