import { stateSalesTaxRate } from '@colophon/domain';
import { z } from 'zod';

/**
 * Where a sales tax rate comes from (issue 12): our per-state table by default, or a vendor's "rate
 * by ZIP" API. Rates are whole basis points (825 = 8.25 %).
 */
export interface TaxRateAdapter {
  /** 'table', or the vendor's name: what the answer's `source` says. */
  readonly source: string;
  /** The rate of a five-digit US ZIP in a state (two letters); throws when the source cannot say. */
  rateFor(zip: string, state: string): Promise<number>;
}

/** The embedded default: the state's base rate from the domain's dated table. */
export const tableTaxRates: TaxRateAdapter = {
  source: 'table',
  rateFor: async (_zip, state) => stateSalesTaxRate(state),
};

/**
 * A vendor's answer: `{ "rate": 0.0825 }` (a fraction, as most rate-by-ZIP APIs give it) or
 * `{ "rateBasisPoints": 825 }`. Anything past 25 % is not a sales tax: refused as a bad answer.
 */
const vendorAnswer = z.union([
  z.object({ rateBasisPoints: z.number().int().min(0).max(2500) }),
  z.object({ rate: z.number().min(0).max(0.25) }),
]);

export interface VendorTaxRateSettings {
  url: string;
  key: string | undefined;
  timeoutMs: number;
  /** The name the answers carry as their source. */
  name?: string;
  fetch?: typeof fetch;
}

/**
 * A vendor's rate-by-ZIP JSON API: `GET <url>?zip=12345` with the key as a bearer token. The
 * fraction is turned into basis points once, here (rounded to the nearest whole one).
 */
export function vendorTaxRates(settings: VendorTaxRateSettings): TaxRateAdapter {
  const fetchRate = settings.fetch ?? fetch;
  return {
    source: settings.name ?? 'vendor',
    async rateFor(zip) {
      const url = new URL(settings.url);
      url.searchParams.set('zip', zip);
      const response = await fetchRate(url, {
        headers: { accept: 'application/json', ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}) },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`sales tax vendor answered ${response.status}`);
      const answer = vendorAnswer.parse(await response.json());
      return 'rateBasisPoints' in answer ? answer.rateBasisPoints : Math.round(answer.rate * 10_000);
    },
  };
}

/**
 * The vendor first, our table when it fails (down, slow, a bad answer): a checkout never fails
 * because a tax vendor did. The answer names the source that gave the rate.
 */
export function withTableFallback(
  vendor: TaxRateAdapter,
  onFailure?: (error: unknown) => void,
): { rate(zip: string, state: string): Promise<{ rateBasisPoints: number; source: string }> } {
  return {
    async rate(zip, state) {
      try {
        return { rateBasisPoints: await vendor.rateFor(zip, state), source: vendor.source };
      } catch (error) {
        onFailure?.(error);
        return { rateBasisPoints: await tableTaxRates.rateFor(zip, state), source: tableTaxRates.source };
      }
    },
  };
}
