import type { ProjectQuote } from '@colophon/contract';
import {
  bindingPrices,
  customerPricings,
  type Db,
  directSchoolPricings,
  pricingAdjustments,
  pricingItems,
  projects,
  shippingPrices,
  shipToHomePrices,
  shipToHomeShippingPrices,
} from '@colophon/db';
import { type QuoteOptions, type QuotePriceList, quoteBook } from '@colophon/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Services } from '../../context';
import { notFound } from '../../errors';

export interface ProjectQuoteOptions extends QuoteOptions {
  /** Copies to price instead of the project's own (an order's quantity). */
  readonly copies?: number;
}

/** The designation that prices an account's year: its own customer pricing, else the year's direct-school one. */
export async function pricingDesignationOf(
  db: Db,
  accountId: number,
  year: number,
): Promise<{ designation: string; source: 'customer' | 'direct' } | null> {
  const [own] = await db
    .select({ designation: customerPricings.designation })
    .from(customerPricings)
    .where(and(eq(customerPricings.accountId, accountId), eq(customerPricings.year, year)));
  if (own) return { designation: own.designation, source: 'customer' };
  const [direct] = await db
    .select({ designation: directSchoolPricings.designation })
    .from(directSchoolPricings)
    .where(eq(directSchoolPricings.year, year));
  return direct ? { designation: direct.designation, source: 'direct' } : null;
}

/** A designation's price list of a year, as the quote reads it. */
export async function priceListOf(db: Db, designation: string, year: number): Promise<QuotePriceList> {
  const [binding, items, shipping, homePostage, homeCharges] = await Promise.all([
    db
      .select()
      .from(bindingPrices)
      .where(and(eq(bindingPrices.designation, designation), eq(bindingPrices.year, year))),
    db.select().from(pricingItems).where(eq(pricingItems.year, year)),
    db.select().from(shippingPrices).where(eq(shippingPrices.year, year)),
    db.select().from(shipToHomeShippingPrices).where(eq(shipToHomeShippingPrices.year, year)),
    db.select().from(shipToHomePrices).where(eq(shipToHomePrices.year, year)).orderBy(asc(shipToHomePrices.product)),
  ]);
  return {
    designation,
    year,
    bindingPrices: binding,
    pricingItems: items.map((item) => ({ ...item, per: item.per === 'order' ? 'order' : 'book' })),
    shippingPrices: shipping,
    shipToHomeShippingPrices: homePostage,
    shipToHomePrices: homeCharges,
  };
}

/**
 * The quote of a project's book: its specification, its account's price list and adjustments of the
 * project's year. The caller checks that the project is the caller's to see. The invoice is made from
 * these lines, so a quote and its invoice never differ.
 */
export async function quoteForProject(
  services: Pick<Services, 'db'>,
  projectId: number,
  options: ProjectQuoteOptions = {},
): Promise<ProjectQuote> {
  const { db } = services;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(`Project ${projectId}`);
  const copies = options.copies ?? project.copies ?? 0;
  // No rate asked, no tax: an invoice made from an order takes none unless given one either.
  const taxBasisPoints = options.taxBasisPoints ?? 0;
  const empty = {
    projectId,
    accountId: project.accountId,
    year: project.year,
    copies,
    lines: [],
    goodsCents: 0,
    adjustmentsCents: 0,
    commissionCents: 0,
    shippingCents: 0,
    taxBasisPoints,
    taxCents: 0,
    totalCents: 0,
    perBookCents: 0,
  };
  const pricing = await pricingDesignationOf(db, project.accountId, project.year);
  if (!pricing) {
    return {
      ...empty,
      designation: null,
      source: null,
      problems: [{ path: 'year', message: `No price list is set for this account in ${project.year}.` }],
    };
  }
  const [priceList, adjustments] = await Promise.all([
    priceListOf(db, pricing.designation, project.year),
    db
      .select()
      .from(pricingAdjustments)
      .where(and(eq(pricingAdjustments.accountId, project.accountId), eq(pricingAdjustments.year, project.year)))
      .orderBy(asc(pricingAdjustments.id)),
  ]);
  const result = quoteBook({
    spec: { ...project, copies },
    priceList,
    adjustments,
    options: { shipToHomeCopies: options.shipToHomeCopies, taxBasisPoints },
  });
  if (!result.ok) return { ...empty, ...pricing, problems: result.problems };
  const { quote } = result;
  return {
    projectId,
    accountId: project.accountId,
    year: project.year,
    ...pricing,
    copies: quote.copies,
    lines: [...quote.lines],
    goodsCents: quote.goodsCents,
    adjustmentsCents: quote.adjustmentsCents,
    commissionCents: quote.commissionCents,
    shippingCents: quote.shippingCents,
    taxBasisPoints,
    taxCents: quote.taxCents,
    totalCents: quote.totalCents,
    perBookCents: quote.perBookCents,
    problems: [],
  };
}
