import { defineEnumeration } from './enumeration';

/**
 * Software (part 3, `typeSoftware`): how the school builds and submits its book. The spec withholds
 * the vendor names, so codes 1 to 8 and 10 carry neutral labels not given by the spec (1 and 2 are
 * variants of one layout software; 3, 4, 5, 7 and 10 are third-party layout or ordering software).
 */
export const softwareType = defineEnumeration([
  { code: 0, label: 'None / PDF Submission' },
  { code: 1, label: 'Layout Software A' },
  { code: 2, label: 'Layout Software A (Variant 2)' },
  { code: 3, label: 'Layout Software B' },
  { code: 4, label: 'Layout Software C' },
  { code: 5, label: 'Layout Software D' },
  { code: 6, label: 'Layout Software E' },
  { code: 7, label: 'Layout Software F' },
  { code: 8, label: 'Layout Software G' },
  { code: 9, label: 'Store Only' },
  { code: 10, label: 'Ordering Software H' },
] as const);
export type SoftwareTypeCode = (typeof softwareType.codes)[number];

export const STORE_ONLY_SOFTWARE = softwareType.StoreOnly;

/** Store Only (9): the account only runs an online store and builds no book with us. */
export function isStoreOnlySoftware(typeSoftware: number | null | undefined): boolean {
  return typeSoftware === STORE_ONLY_SOFTWARE;
}

/** Where the software credentials go (part 3). */
export const credentialsDestination = defineEnumeration([
  { code: 0, label: 'N/A' },
  { code: 1, label: 'School and Studio' },
  { code: 2, label: 'Studio Only' },
] as const);
export type CredentialsDestinationCode = (typeof credentialsDestination.codes)[number];

/** Where the yearbook creation kit goes (part 3). */
export const creationKitDestination = defineEnumeration([
  { code: 1, label: 'School' },
  { code: 2, label: 'Studio or Yearbook Rep' },
] as const);
export type CreationKitDestinationCode = (typeof creationKitDestination.codes)[number];
