import { type ExpeditedShipping, type ExpeditedShippingBody, quoteExpeditedShipping } from '@colophon/contract';
import { call } from '../../lib/call';

export const shippingCalculatorApi = {
  /** Public: no session needed. */
  quote: (body: ExpeditedShippingBody): Promise<ExpeditedShipping> => call(quoteExpeditedShipping, { body }),
};
