import { bindingOf, bookSize, bookType } from '@colophon/domain';

/**
 * What the preflight checks a file against: the project's binding, size and page count, and whether
 * the file is the cover (a cover is one spread, sized by the binding and the spine) or the pages.
 * The numbers below are ours (the spec gives the codes, not the printer's rules); docs/decisions.md
 * ("Preflight") lists them with their reasons.
 */
export interface BookSpec {
  /** Book type code (domain `bookType`: 1 Saddle Stitched … 10 Side Sewn Hard Cover). */
  bookType: number;
  /** Size code (domain `bookSize`: 5 = 5.5×8.5, 8 = 8.5×11, 9 = 9×12, 11 = 11.5×8.5 in). */
  sizeCode: number;
  /** The project's page count (the inside pages, without the cover). */
  pageCount: number;
  /** True for the cover file. */
  isCover?: boolean;
}

export const POINTS_PER_INCH = 72;
/** Bleed on every side of the trim: 0.125 in. */
export const BLEED_IN = 0.125;
/** How far a measured box may be off and still count as right: 1 pt (about 0.014 in). */
export const SIZE_TOLERANCE_PT = 1;
/** The cover's width also carries the spine estimate, whose paper caliper varies: ±1/16 in. */
export const COVER_WIDTH_TOLERANCE_PT = 0.0625 * POINTS_PER_INCH;
/** Pages per inch of our 80# text stock, for the spine width: pageCount / 444 in. */
export const PAGES_PER_INCH = 444;
/** Hard covers: two boards add 0.25 in to the spine; the cloth wraps 0.75 in round the boards. */
export const HARD_COVER_BOARD_SPINE_IN = 0.25;
export const HARD_COVER_WRAP_IN = 0.75;
/** Hard covers: each board overhangs the pages by 0.125 in at the outer edge, top and bottom. */
export const HARD_COVER_OVERHANG_IN = 0.125;
/** Hard covers: the hinge between board and spine, each side. */
export const HARD_COVER_HINGE_IN = 0.375;

/** Trim size (width × height, inches) of each size code. */
export const trimSizes: Record<number, { width: number; height: number }> = {
  5: { width: 5.5, height: 8.5 },
  8: { width: 8.5, height: 11 },
  9: { width: 9, height: 12 },
  11: { width: 11.5, height: 8.5 },
};

export function spineWidthIn(typeBook: number, pageCount: number): number {
  const binding = bindingOf(typeBook);
  if (binding === 'saddle-stitch' || binding === 'coil') return 0;
  const paper = Math.max(0, pageCount) / PAGES_PER_INCH;
  return binding === 'perfect-bound' ? paper : paper + HARD_COVER_BOARD_SPINE_IN;
}

export interface CoverLayout {
  /** Expected size of each cover page, in points. */
  width: number;
  height: number;
  /** Pages a cover file may have. */
  pageCounts: number[];
  /** What the size is made of, for the message. */
  description: string;
}

/**
 * The cover file's page size: one spread (back, spine, front) with bleed for soft covers, the
 * cloth-wrapped case for hard covers, separate front and back pieces for coil books.
 */
export function coverLayout(spec: BookSpec): CoverLayout | null {
  const trim = trimSizes[spec.sizeCode];
  if (!trim) return null;
  const binding = bindingOf(spec.bookType);
  const spine = spineWidthIn(spec.bookType, spec.pageCount);
  const inches = (value: number) => formatInches(value);
  if (binding === 'coil') {
    return {
      width: (trim.width + 2 * BLEED_IN) * POINTS_PER_INCH,
      height: (trim.height + 2 * BLEED_IN) * POINTS_PER_INCH,
      pageCounts: [2, 4],
      description: `separate front and back covers of ${inches(trim.width)} × ${inches(trim.height)} in with ${inches(BLEED_IN)} in bleed`,
    };
  }
  if (binding === 'hard-cover' || binding === 'smyth-sewn') {
    const board = trim.width + HARD_COVER_OVERHANG_IN;
    const width = 2 * HARD_COVER_WRAP_IN + 2 * board + 2 * HARD_COVER_HINGE_IN + spine;
    const height = 2 * HARD_COVER_WRAP_IN + trim.height + 2 * HARD_COVER_OVERHANG_IN;
    return {
      width: width * POINTS_PER_INCH,
      height: height * POINTS_PER_INCH,
      pageCounts: [1, 2],
      description: `two ${inches(board)} in boards, a ${inches(spine)} in spine for ${spec.pageCount} pages, ${inches(HARD_COVER_HINGE_IN)} in hinges and ${inches(HARD_COVER_WRAP_IN)} in wrap`,
    };
  }
  return {
    width: (2 * trim.width + spine + 2 * BLEED_IN) * POINTS_PER_INCH,
    height: (trim.height + 2 * BLEED_IN) * POINTS_PER_INCH,
    pageCounts: [1, 2],
    description:
      spine > 0
        ? `front and back of ${inches(trim.width)} in, a ${inches(spine)} in spine for ${spec.pageCount} pages, and ${inches(BLEED_IN)} in bleed`
        : `front and back of ${inches(trim.width)} in and ${inches(BLEED_IN)} in bleed`,
  };
}

/** 8.5, 8.75, 11.25, 0.125, 0.22: at most three decimals, no trailing zeros. */
export function formatInches(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export const inchesOf = (points: number) => formatInches(points / POINTS_PER_INCH);

export function describeBook(spec: BookSpec): string {
  return `${bookType.label(spec.bookType)} ${bookSize.label(spec.sizeCode).replace(' x ', ' × ')} in book`;
}
