/**
 * Sales tax by ZIP (issue 12): the per-state base rates we charge when no rate vendor answers.
 * Rates are basis points (625 = 6.25 %). These are the states' own base rates, without county or
 * city additions, as published for 2026; a state whose rate has a half basis point (Minnesota's
 * 6.875 %) is rounded half up to a whole one, since every amount we store is a whole number.
 * A state without a general sales tax answers 0.
 */
export const SALES_TAX_TABLE_DATE = '2026-01-01';

export const stateSalesTaxBasisPoints: Readonly<Record<string, number>> = {
  AL: 400,
  AK: 0,
  AZ: 560,
  AR: 650,
  CA: 725,
  CO: 290,
  CT: 635,
  DE: 0,
  DC: 600,
  FL: 600,
  GA: 400,
  HI: 400,
  ID: 600,
  IL: 625,
  IN: 700,
  IA: 600,
  KS: 650,
  KY: 600,
  LA: 500,
  ME: 550,
  MD: 600,
  MA: 625,
  MI: 600,
  MN: 688,
  MS: 700,
  MO: 423,
  MT: 0,
  NE: 550,
  NV: 685,
  NH: 0,
  NJ: 663,
  NM: 488,
  NY: 400,
  NC: 475,
  ND: 500,
  OH: 575,
  OK: 450,
  OR: 0,
  PA: 600,
  RI: 700,
  SC: 600,
  SD: 420,
  TN: 700,
  TX: 625,
  UT: 485,
  VT: 600,
  VA: 530,
  WA: 650,
  WV: 600,
  WI: 500,
  WY: 400,
  PR: 1050,
};

/** The base rate of a state (two letters, any case); 0 for a place not in the table (a territory without one). */
export function stateSalesTaxRate(state: string): number {
  return stateSalesTaxBasisPoints[state.toUpperCase()] ?? 0;
}

/** A US ZIP code as customers type it: five digits, or ZIP+4 ('12345-6789'); its five-digit part, or null. */
export function zip5(input: string): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(input);
  return match?.[1] ?? null;
}

/** The tax on an amount in cents at a rate in basis points, rounded half up to a whole cent. */
export function salesTaxCents(amountCents: number, rateBasisPoints: number): number {
  if (amountCents <= 0 || rateBasisPoints <= 0) return 0;
  // Integer arithmetic: amount × rate is exact, and (x + 5000) / 10000 floored rounds half up.
  return Math.floor((amountCents * rateBasisPoints + 5000) / 10_000);
}
