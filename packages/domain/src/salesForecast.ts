/**
 * The order forecast (issue 12): how many books a school's store will have sold when it closes,
 * from this season's curve so far, the same school's past seasons and its enrollment. Pure: the API
 * reads the curves, this decides (docs/decisions.md "Online stores: the order forecast").
 */

/** A past season of the same school: its final books sold and how many it had sold by the same day. */
export interface PastSeason {
  year: number;
  finalSold: number;
  soldBySameDay: number;
  /** The school's enrollment that year, when known (for its sell-through). */
  enrollment?: number | null;
}

export interface SalesForecastInput {
  /** Books sold so far this season. */
  soldSoFar: number;
  pastSeasons: readonly PastSeason[];
  /** This year's enrollment (project_meta.enrollment). */
  enrollment?: number | null;
}

export interface SalesForecast {
  forecast: number;
  low: number;
  high: number;
  /** How the number was made, in words, for the card's tooltip. */
  basis: string;
}

/** The share of enrolled students who buy a book when a school has no history of its own. */
export const DEFAULT_SELL_THROUGH = 0.4;
/** Seasons of history after which the curve alone decides. */
export const FULL_HISTORY_SEASONS = 3;
/** Below this share sold by the same day, the curve is too early to trust fully. */
export const EARLY_SHARE = 0.2;
/** The range around a forecast with no spread to measure (one past season, or enrollment alone). */
export const FIXED_RANGE = 0.2;
/** The narrowest range ever shown: past seasons agreeing exactly do not make the future certain. */
export const MIN_RANGE = 0.05;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

interface Estimate {
  value: number;
  low: number;
  high: number;
}

function widen(estimate: Estimate, minimum: number): Estimate {
  return {
    value: estimate.value,
    low: Math.min(estimate.low, estimate.value * (1 - minimum)),
    high: Math.max(estimate.high, estimate.value * (1 + minimum)),
  };
}

function fixedRange(value: number): Estimate {
  return { value, low: value * (1 - FIXED_RANGE), high: value * (1 + FIXED_RANGE) };
}

/**
 * Final ≈ sold so far ÷ the past seasons' median share sold by this day (the range from their
 * lowest and highest shares), blended with enrollment × past sell-through while history is thin
 * (fewer than three seasons) or the season is early (a median share under 20 %). Never below what
 * is already sold.
 */
export function forecastSales(input: SalesForecastInput): SalesForecast {
  const soldSoFar = Math.max(0, Math.round(input.soldSoFar));
  const seasons = input.pastSeasons.filter((season) => season.finalSold > 0);
  const shares = seasons.map((season) => Math.min(1, Math.max(0, season.soldBySameDay) / season.finalSold));
  const usableShares = shares.filter((share) => share > 0);

  let curve: Estimate | null = null;
  if (usableShares.length > 0 && soldSoFar > 0) {
    const value = soldSoFar / median(usableShares);
    curve =
      usableShares.length >= 2
        ? widen(
            { value, low: soldSoFar / Math.max(...usableShares), high: soldSoFar / Math.min(...usableShares) },
            MIN_RANGE,
          )
        : fixedRange(value);
  }

  const enrollment = input.enrollment && input.enrollment > 0 ? input.enrollment : null;
  const pastSellThrough = seasons
    .filter((season) => season.enrollment && season.enrollment > 0)
    .map((season) => season.finalSold / (season.enrollment as number));
  const sellThrough = pastSellThrough.length > 0 ? median(pastSellThrough) : DEFAULT_SELL_THROUGH;
  const byEnrollment = enrollment === null ? null : fixedRange(enrollment * sellThrough);

  let estimate: Estimate;
  let basis: string;
  if (curve && byEnrollment) {
    const weight =
      Math.min(1, usableShares.length / FULL_HISTORY_SEASONS) * Math.min(1, median(usableShares) / EARLY_SHARE);
    estimate = {
      value: weight * curve.value + (1 - weight) * byEnrollment.value,
      low: weight * curve.low + (1 - weight) * byEnrollment.low,
      high: weight * curve.high + (1 - weight) * byEnrollment.high,
    };
    basis =
      weight >= 1
        ? `Sold so far ÷ the median share sold by this day in ${plural(usableShares.length, 'past season')}.`
        : `${Math.round(weight * 100)} % the pace of ${plural(usableShares.length, 'past season')}, ${Math.round((1 - weight) * 100)} % enrollment × ${percent(sellThrough)} sell-through.`;
  } else if (curve) {
    estimate = curve;
    basis = `Sold so far ÷ the median share sold by this day in ${plural(usableShares.length, 'past season')}.`;
  } else if (byEnrollment) {
    estimate = byEnrollment;
    basis = `Enrollment of ${enrollment} × ${percent(sellThrough)} sell-through${pastSellThrough.length > 0 ? ' (past seasons)' : ' (no history yet)'}.`;
  } else {
    estimate = fixedRange(soldSoFar);
    basis = 'No history and no enrollment: what is sold so far.';
  }

  const forecast = Math.max(soldSoFar, Math.round(estimate.value));
  return {
    forecast,
    low: Math.max(soldSoFar, Math.min(forecast, Math.floor(settle(estimate.low)))),
    high: Math.max(forecast, Math.ceil(settle(estimate.high))),
    basis,
  };
}

/** Drops the float noise of the blend (208.00000000000003) before rounding a bound outwards. */
function settle(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/**
 * Cumulative books sold by a day of the season, from sales per day (day 0 the store's opening day).
 * `sales` need not be sorted; days before the opening count on day 0.
 */
export function soldByDay(sales: readonly { day: number; books: number }[], day: number): number {
  let total = 0;
  for (const sale of sales) if (sale.day <= day) total += sale.books;
  return total;
}

/** Whole days from a store's opening date (YYYY-MM-DD) to a date (YYYY-MM-DD); negative before it. */
export function seasonDay(opensOn: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${opensOn}T00:00:00Z`)) / 86_400_000);
}
