import { defineEnumeration } from './enumeration';

/** Invoice product type (part 3). */
export const invoiceProductType = defineEnumeration([
  { code: 1, label: 'School Yearbooks' },
  { code: 2, label: 'Church Directories' },
  { code: 3, label: 'Yearbook Creation Kits' },
  { code: 4, label: 'Money Collection Envelopes' },
  { code: 5, label: 'Sales Posters' },
  { code: 6, label: 'Software Licenses' },
] as const);
export type InvoiceProductTypeCode = (typeof invoiceProductType.codes)[number];

/** How an online order was paid (part 3). */
export const onlineOrderPayment = defineEnumeration([
  { code: 2, label: 'Credit Card' },
  { code: 3, label: 'Check' },
  { code: 4, label: 'Cash' },
] as const);
export type OnlineOrderPaymentCode = (typeof onlineOrderPayment.codes)[number];

/** Store coupon (discount) type (part 3). */
export const discountType = defineEnumeration([
  { code: 1, label: 'Percentage' },
  { code: 2, label: 'Dollar' },
] as const);
export type DiscountTypeCode = (typeof discountType.codes)[number];

/** Pricing adjustment type (part 3). */
export const pricingAdjustmentType = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Per Book' },
  { code: 2, label: 'Total Dollar' },
  { code: 3, label: 'Percentage of Invoice' },
  { code: 4, label: 'Free Books' },
] as const);
export type PricingAdjustmentTypeCode = (typeof pricingAdjustmentType.codes)[number];

/** Commission tier in percent (part 3). */
export const commissionTier = defineEnumeration([
  { code: 0, label: '0%' },
  { code: 5, label: '5%' },
  { code: 10, label: '10%' },
  { code: 15, label: '15%' },
  { code: 20, label: '20%' },
  { code: 25, label: '25%' },
] as const);
export type CommissionTierCode = (typeof commissionTier.codes)[number];

/** Status of a fund request, a summer fund request and a sales-tax request (part 3). */
export const requestStatus = defineEnumeration([
  { code: 0, label: 'Waiting' },
  { code: 2, label: 'Complete' },
] as const);
export type RequestStatusCode = (typeof requestStatus.codes)[number];

/**
 * Pricing binding designations A to S (part 3). Given by the spec: K to P are the commission tiers
 * 10, 15, 20, 25, 0 and 5 percent; R is Project Yearbooks; S is Sunset; J is deprecated; H and I are
 * special purpose. Labels not given by the spec: A to G and Q ('Price List A' …), H and I
 * ('Special Purpose H', 'Special Purpose I').
 */
export const pricingDesignation = defineEnumeration([
  { code: 'A', label: 'Price List A' },
  { code: 'B', label: 'Price List B' },
  { code: 'C', label: 'Price List C' },
  { code: 'D', label: 'Price List D' },
  { code: 'E', label: 'Price List E' },
  { code: 'F', label: 'Price List F' },
  { code: 'G', label: 'Price List G' },
  { code: 'H', label: 'Special Purpose H' },
  { code: 'I', label: 'Special Purpose I' },
  { code: 'J', label: 'Deprecated' },
  { code: 'K', label: 'Commission 10%' },
  { code: 'L', label: 'Commission 15%' },
  { code: 'M', label: 'Commission 20%' },
  { code: 'N', label: 'Commission 25%' },
  { code: 'O', label: 'Commission 0%' },
  { code: 'P', label: 'Commission 5%' },
  { code: 'Q', label: 'Price List Q' },
  { code: 'R', label: 'Project Yearbooks' },
  { code: 'S', label: 'Sunset' },
] as const);
export type PricingDesignationCode = (typeof pricingDesignation.codes)[number];

/** The commission tier each commission designation stands for. */
export const designationCommission = {
  K: 10,
  L: 15,
  M: 20,
  N: 25,
  O: 0,
  P: 5,
} as const satisfies Partial<Record<PricingDesignationCode, CommissionTierCode>>;

export const DEPRECATED_DESIGNATIONS = ['J'] as const satisfies readonly PricingDesignationCode[];

/** The designations offered for new pricing: all but the deprecated ones. */
export const activePricingDesignations = pricingDesignation.codes.filter(
  (code) => !(DEPRECATED_DESIGNATIONS as readonly string[]).includes(code),
);

/** The commission percent of a designation, or undefined when it is not a commission tier. */
export function commissionOfDesignation(designation: string | null | undefined): CommissionTierCode | undefined {
  if (!designation || !Object.hasOwn(designationCommission, designation)) return undefined;
  return designationCommission[designation as keyof typeof designationCommission];
}

/**
 * How a studio pays (part 3). The spec gives labels but no codes, so the codes are ours
 * (stable snake-case strings).
 */
export const studioPayment = defineEnumeration([
  { code: 'online_sales_credits', label: 'Online Sales Credits' },
  { code: 'credit_card', label: 'Credit Card' },
  { code: 'ach', label: 'ACH' },
  { code: 'check', label: 'Check' },
] as const);
export type StudioPaymentCode = (typeof studioPayment.codes)[number];

/** Stored payment card brands (part 3), as the card payment provider names them. */
export const cardBrand = defineEnumeration([
  { code: 'visa', label: 'Visa' },
  { code: 'mastercard', label: 'Mastercard' },
  { code: 'amex', label: 'American Express' },
  { code: 'discover', label: 'Discover' },
] as const);
export type CardBrandCode = (typeof cardBrand.codes)[number];
