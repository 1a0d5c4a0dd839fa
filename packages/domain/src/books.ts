import { defineEnumeration } from './enumeration';

/** Book type (part 3): the binding. */
export const bookType = defineEnumeration([
  { code: 1, label: 'Saddle Stitched' },
  { code: 2, label: 'Saddle Stitched B&W' },
  { code: 3, label: 'Soft Cover Perfect Bound' },
  { code: 4, label: 'Perfect Bound B&W' },
  { code: 5, label: 'Standard Hard Cover' },
  { code: 6, label: 'Hard Cover B&W' },
  { code: 7, label: 'Coil Bound' },
  { code: 8, label: 'Coil Bound B&W' },
  { code: 9, label: 'Smyth Hard Cover' },
  { code: 10, label: 'Side Sewn Hard Cover' },
] as const);
export type BookTypeCode = (typeof bookType.codes)[number];

/** The book types the sales-rep view offers (part 3). */
export const salesRepBookTypes = [
  bookType.SaddleStitched,
  bookType.SaddleStitchedBW,
  bookType.SoftCoverPerfectBound,
  bookType.StandardHardCover,
  bookType.SmythHardCover,
  bookType.SideSewnHardCover,
] as const satisfies readonly BookTypeCode[];

/** Cover type (part 3). */
export const coverType = defineEnumeration([
  { code: 1, label: 'Simplex' },
  { code: 2, label: 'Duplex' },
] as const);
export type CoverTypeCode = (typeof coverType.codes)[number];

/** Cover style (part 3). */
export const coverStyle = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Standard Printed (Litho)' },
  { code: 2, label: 'Specialty' },
] as const);
export type CoverStyleCode = (typeof coverStyle.codes)[number];

/** Cover board weight (part 3). */
export const coverBoardWeight = defineEnumeration([
  { code: 0, label: 'N/A' },
  { code: 100, label: '100pt' },
  { code: 120, label: '120pt' },
] as const);
export type CoverBoardWeightCode = (typeof coverBoardWeight.codes)[number];

/**
 * Cover application, codes 0 to 13 (part 3). Labels not given by the spec: 2 'Raised UV',
 * 4 'Glitter' and 9 'Specialty Finish' (the spec says only "a further specialty finish").
 * The second view of this list (with a Scodix-type application and laser cut) maps codes
 * differently and is not given by the spec, so it is not modelled.
 */
export const coverApplication = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Polymer' },
  { code: 2, label: 'Raised UV' },
  { code: 3, label: 'Spot UV' },
  { code: 4, label: 'Glitter' },
  { code: 5, label: 'Silkscreen' },
  { code: 6, label: 'Embossing' },
  { code: 7, label: 'Debossing' },
  { code: 8, label: 'Die Cut' },
  { code: 9, label: 'Specialty Finish' },
  { code: 10, label: 'Other' },
  { code: 11, label: 'Foil Gold' },
  { code: 12, label: 'Foil Silver' },
  { code: 13, label: 'Other Foil' },
] as const);
export type CoverApplicationCode = (typeof coverApplication.codes)[number];

/** Endsheet (part 3). */
export const endsheet = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Front and Back' },
  { code: 2, label: 'Front Only' },
  { code: 3, label: 'Back Only' },
] as const);
export type EndsheetCode = (typeof endsheet.codes)[number];

/**
 * Finish (part 3). The spec names only 1, 3 and 4. Labels not given by the spec: 2 'UV Matte',
 * 6 'Soft Touch Laminate', 7 'Luxe Linen Laminate', 8 'No Coating'; the printer-specific codes
 * 94 to 99 are described only as gloss, matte or luxe linen laminate at 80# or 100# pages.
 */
export const finish = defineEnumeration([
  { code: 1, label: 'UV Gloss' },
  { code: 2, label: 'UV Matte' },
  { code: 3, label: 'Laminate Gloss' },
  { code: 4, label: 'Laminate Matte' },
  { code: 6, label: 'Soft Touch Laminate' },
  { code: 7, label: 'Luxe Linen Laminate' },
  { code: 8, label: 'No Coating' },
  { code: 94, label: 'Gloss Laminate 80#' },
  { code: 95, label: 'Gloss Laminate 100#' },
  { code: 96, label: 'Matte Laminate 80#' },
  { code: 97, label: 'Matte Laminate 100#' },
  { code: 98, label: 'Luxe Linen Laminate 80#' },
  { code: 99, label: 'Luxe Linen Laminate 100#' },
] as const);
export type FinishCode = (typeof finish.codes)[number];

/** Book size in inches (part 3). */
export const bookSize = defineEnumeration([
  { code: 5, label: '5.5 x 8.5' },
  { code: 8, label: '8.5 x 11' },
  { code: 9, label: '9 x 12' },
  { code: 11, label: '11.5 x 8.5' },
] as const);
export type BookSizeCode = (typeof bookSize.codes)[number];

/** Personalization (part 3). */
export const personalization = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 1, label: 'Name (on Cover)' },
  { code: 2, label: 'Name and Photo' },
  { code: 3, label: 'None (Alternate)' },
  { code: 4, label: 'Name and Icons' },
] as const);
export type PersonalizationCode = (typeof personalization.codes)[number];

/** Custom pages (part 3): how many custom pages a book offers. */
export const customPages = defineEnumeration([
  { code: 0, label: 'None' },
  { code: 2, label: '2 Pages' },
  { code: 4, label: '4 Pages' },
] as const);
export type CustomPagesCode = (typeof customPages.codes)[number];
