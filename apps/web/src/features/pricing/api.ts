import {
  bindingPricesContract,
  copyPricingYear,
  customerPricingsContract,
  directSchoolPricingsContract,
  getProjectQuote,
  importPricingCsv,
  type PricingImportKind,
  pricingAdjustmentsContract,
  pricingItemsContract,
  shippingPricesContract,
  shipToHomePricesContract,
  shipToHomeShippingPricesContract,
} from '@colophon/contract';
import {
  bookSize,
  bookType,
  formatCurrency,
  pricingAdjustmentType,
  pricingDesignation,
  pricingItemType,
} from '@colophon/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createNamedResource, useInvalidatingMutation } from '../../lib/resource';

/** A price named by its designation, book and bracket; a pricing by its account; an adjustment by its type. */
export const bindingPricesResource = createNamedResource(
  bindingPricesContract,
  (price) =>
    `${price.designation} ${price.year}: ${bookType.label(price.typeBook)}, ${bookSize.label(price.typeSize)}, ${price.pageMin}–${price.pageMax} pages`,
);
export const customerPricingsResource = createNamedResource(
  customerPricingsContract,
  (pricing) => `${pricing.account?.name ?? `Account ${pricing.accountId}`} ${pricing.year}`,
);
export const pricingAdjustmentsResource = createNamedResource(
  pricingAdjustmentsContract,
  (adjustment) =>
    `${pricingAdjustmentType.label(adjustment.typeAdjustment)}${adjustment.amountCents !== null ? ` ${formatCurrency(adjustment.amountCents)}` : ''}`,
);

/** The other price lists of a year: each row named by what it prices. */
export const pricingItemsResource = createNamedResource(
  pricingItemsContract,
  (item) => `${item.year} ${pricingItemType.label(item.typeItems)}: ${item.label}`,
);
export const shippingPricesResource = createNamedResource(
  shippingPricesContract,
  (shipping) =>
    `${shipping.year} ${bookSize.label(shipping.typeSize)}, ${shipping.copiesMin}–${shipping.copiesMax} copies`,
);
export const shipToHomePricesResource = createNamedResource(
  shipToHomePricesContract,
  (charge) => `${charge.year} ${charge.label}`,
);
export const shipToHomeShippingPricesResource = createNamedResource(
  shipToHomeShippingPricesContract,
  (postage) =>
    `${postage.year} postage: ${bookType.label(postage.typeBook)}, ${bookSize.label(postage.typeSize)}, ${postage.pageMin}–${postage.pageMax} pages`,
);
export const directSchoolPricingsResource = createNamedResource(
  directSchoolPricingsContract,
  (direct) => `${direct.year} direct-school ${direct.designation} (${pricingDesignation.label(direct.designation)})`,
);

/** A copy or an import may touch any list: all of them are asked afresh. */
const everyList = [
  bindingPricesResource.keys.all,
  customerPricingsResource.keys.all,
  pricingAdjustmentsResource.keys.all,
  pricingItemsResource.keys.all,
  shippingPricesResource.keys.all,
  shipToHomePricesResource.keys.all,
  shipToHomeShippingPricesResource.keys.all,
  directSchoolPricingsResource.keys.all,
] as const;

export const useCopyPricingYear = () =>
  useInvalidatingMutation(everyList, {
    mutationFn: (body: { from: number; to: number; what: 'price_lists' | 'adjustments'; replace: boolean }) =>
      call(copyPricingYear, { body }),
  });

export const useImportPricing = () =>
  useInvalidatingMutation(everyList, {
    mutationFn: (body: { kind: PricingImportKind; csv: string }) => call(importPricingCsv, { body }),
  });

/** A project's quote, with the sales tax rate asked (none: no tax); always asked afresh (a price may have changed since). */
export const useProjectQuote = (projectId: number, taxBasisPoints?: number) =>
  useQuery({
    queryKey: ['pricing', 'quote', projectId, taxBasisPoints ?? null],
    queryFn: ({ signal }) =>
      call(
        getProjectQuote,
        { params: { id: projectId }, query: taxBasisPoints === undefined ? {} : { taxBasisPoints } },
        signal,
      ),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
