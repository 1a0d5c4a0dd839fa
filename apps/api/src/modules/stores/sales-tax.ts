import { getSalesTaxRate, type SalesTaxRate } from '@colophon/contract';
import { zip5 } from '@colophon/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { invalidField } from '../../errors';
import { tableTaxRates, vendorTaxRates, withTableFallback } from '../../integrations/tax-rates/tax-rate-adapter';

const NO_SUCH_ZIP = 'No such ZIP code.';

/** The ZIP table is large: loaded on the first lookup, not at start-up. */
let zipTable: Promise<typeof import('zipcodes').default> | undefined;
const zipcodes = () => {
  zipTable ??= import('zipcodes').then((module) => module.default);
  return zipTable;
};

/** One adapter per configuration (an app's), made on first use. */
const adapters = new WeakMap<Config, ReturnType<typeof withTableFallback>>();
function taxRatesOf(config: Config) {
  let adapter = adapters.get(config);
  if (!adapter) {
    const vendor = config.salesTaxApi;
    adapter = withTableFallback(
      vendor ? vendorTaxRates({ url: vendor.url, key: vendor.key, timeoutMs: vendor.timeoutMs }) : tableTaxRates,
    );
    adapters.set(config, adapter);
  }
  return adapter;
}

/**
 * The sales tax rate of a US ZIP code (five digits or ZIP+4): its state through the `zipcodes`
 * table, then the rate from the vendor when one is configured, else (or when it fails) our per-state
 * table. A ZIP that is malformed or unknown is a 400 naming `zip`. The checkout's quote uses this.
 */
export async function salesTaxRate(services: Pick<Services, 'config'>, zip: string): Promise<SalesTaxRate> {
  const key = zip5(zip);
  const entry = key ? (await zipcodes()).lookup(key) : undefined;
  if (!key || !entry || entry.country !== 'US') throw invalidField('zip', NO_SUCH_ZIP);
  const { rateBasisPoints, source } = await taxRatesOf(services.config).rate(key, entry.state);
  return { zip: key, state: entry.state, rateBasisPoints, source };
}

export async function registerSalesTaxRoutes(app: FastifyInstance) {
  implement(app, getSalesTaxRate, async function salesTaxRateOf(request) {
    return salesTaxRate(app.services, request.query.zip);
  });
}
