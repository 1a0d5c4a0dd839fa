import {
  bindingPricesContract,
  copyPricingYear,
  customerPricingsContract,
  getProjectQuote,
  importPricingCsv,
  type PricingImportKind,
  pricingAdjustmentsContract,
} from '@colophon/contract';
import { bookSize, bookType, formatCurrency, pricingAdjustmentType } from '@colophon/domain';
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

const everyList = [
  bindingPricesResource.keys.all,
  customerPricingsResource.keys.all,
  pricingAdjustmentsResource.keys.all,
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

/** A project's quote; always asked afresh (a price may have changed since). */
export const useProjectQuote = (projectId: number) =>
  useQuery({
    queryKey: ['pricing', 'quote', projectId],
    queryFn: ({ signal }) => call(getProjectQuote, { params: { id: projectId }, query: {} }, signal),
    staleTime: 0,
  });
