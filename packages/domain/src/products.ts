import { defineEnumeration, type Enumeration } from './enumeration';

/** Product type (part 3): what an online store sells. */
export const productType = defineEnumeration([
  { code: 1, label: 'Yearbook' },
  { code: 2, label: 'Yearbook Ad (Dedication Ads)', name: 'YearbookAd' },
  { code: 3, label: 'Text Only Dedication' },
  { code: 4, label: 'Forever Connected Yearbooks' },
  { code: 6, label: 'Photo Upload Link' },
  { code: 8, label: 'Custom Parent Pages' },
] as const);
export type ProductTypeCode = (typeof productType.codes)[number];

/** Sub types of product type 2, Yearbook Ad (part 3). */
export const yearbookAdSubType = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Yearbook Ad' },
  { code: 2, label: 'Sponsor Ad' },
  { code: 3, label: 'Graduation Ad' },
  { code: 4, label: 'Parent Ad' },
] as const);
export type YearbookAdSubTypeCode = (typeof yearbookAdSubType.codes)[number];

/** Sub types of product type 8, Custom Parent Pages (part 3). */
export const customParentPagesSubType = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 2, label: '2 Pages' },
  { code: 4, label: '4 Pages' },
] as const);
export type CustomParentPagesSubTypeCode = (typeof customParentPagesSubType.codes)[number];

/** The sub-type list of a product type, or undefined when the type has no sub types. */
export function productSubTypes(typeProduct: number | null | undefined): Enumeration<number> | undefined {
  if (typeProduct === productType.YearbookAd) return yearbookAdSubType;
  if (typeProduct === productType.CustomParentPages) return customParentPagesSubType;
  return undefined;
}

/** The label of a product's sub type; '' when its type has no sub types. */
export function productSubTypeLabel(
  typeProduct: number | null | undefined,
  typeSubProduct: number | null | undefined,
): string {
  return productSubTypes(typeProduct)?.label(typeSubProduct) ?? '';
}

/** Product shipping (part 3). */
export const productShipping = defineEnumeration([
  { code: 0, label: 'Digital Only' },
  { code: 1, label: 'Bulk Ship to Home or School' },
  { code: 2, label: 'Summer Single Book' },
] as const);
export type ProductShippingCode = (typeof productShipping.codes)[number];

/** Dedication ad size (part 3). */
export const dedicationAdSize = defineEnumeration([
  { code: 1, label: 'Full Page' },
  { code: 2, label: 'Half Page' },
  { code: 3, label: 'Quarter Page' },
  { code: 4, label: 'Eighth Page' },
] as const);
export type DedicationAdSizeCode = (typeof dedicationAdSize.codes)[number];

/** Envelope (part 3): money collection envelopes sent with a project. */
export const envelope = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Blank' },
  { code: 2, label: 'Printed' },
] as const);
export type EnvelopeCode = (typeof envelope.codes)[number];
