import type { FlipbookView } from './types';

/**
 * What the flipbook shows at once. In spread view the pages sit as in the printed book: page 1 is a
 * right-hand page and stands alone, then 2–3, 4–5 …, and a last even page stands alone on the left.
 * In single view `left` and `right` are null and `pages` holds the one page.
 */
export interface Spread {
  left: number | null;
  right: number | null;
  /** The pages shown, in the book's order. */
  pages: number[];
}

/** The page asked for, as a page that exists (1 for a book without pages, so nothing divides by zero). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || pageCount < 1) return 1;
  return Math.min(Math.max(Math.trunc(page), 1), pageCount);
}

/** The spread (or single page) holding `page`. */
export function spreadOf(page: number, pageCount: number, view: FlipbookView): Spread {
  if (pageCount < 1) return { left: null, right: null, pages: [] };
  const current = clampPage(page, pageCount);
  if (view === 'single') return { left: null, right: null, pages: [current] };
  if (current === 1) return { left: null, right: 1, pages: [1] };
  // Even pages are left-hand pages: the spread starts on the even page at or before this one.
  const left = current % 2 === 0 ? current : current - 1;
  const right = left + 1 <= pageCount ? left + 1 : null;
  return { left, right, pages: right === null ? [left] : [left, right] };
}

/** Every spread of the book in order (the thumbnail strip groups its pages by them). */
export function spreadsOf(pageCount: number, view: FlipbookView): Spread[] {
  const spreads: Spread[] = [];
  let page = 1;
  while (page <= pageCount) {
    const spread = spreadOf(page, pageCount, view);
    spreads.push(spread);
    page = (spread.pages.at(-1) ?? page) + 1;
  }
  return spreads;
}

/** The first page of the next spread, or null on the last one. */
export function nextPage(page: number, pageCount: number, view: FlipbookView): number | null {
  const last = spreadOf(page, pageCount, view).pages.at(-1);
  return last !== undefined && last < pageCount ? last + 1 : null;
}

/** The first page of the previous spread, or null on the first one. */
export function previousPage(page: number, pageCount: number, view: FlipbookView): number | null {
  const first = spreadOf(page, pageCount, view).pages[0];
  if (first === undefined || first <= 1) return null;
  return spreadOf(first - 1, pageCount, view).pages[0] ?? null;
}

/** The first page of the last spread (what End opens). */
export function lastSpreadPage(pageCount: number, view: FlipbookView): number {
  return spreadOf(pageCount, pageCount, view).pages[0] ?? 1;
}

/** "Page 1 of 120", "Pages 4–5 of 120". */
export function spreadLabel(spread: Spread, pageCount: number): string {
  const [first, last] = [spread.pages[0], spread.pages.at(-1)];
  if (first === undefined || last === undefined) return 'No pages';
  return first === last ? `Page ${first} of ${pageCount}` : `Pages ${first}–${last} of ${pageCount}`;
}

export interface PageSizePts {
  width: number;
  height: number;
}

/**
 * The room a spread takes, in points. A page alone in spread view keeps the empty half beside it
 * (page 1 stays on the right), so the book does not change size or jump sideways as it is turned.
 */
export function spreadSizePts(spread: Spread, sizeOf: (page: number) => PageSizePts): PageSizePts {
  const sizes = spread.pages.map(sizeOf);
  const width = sizes.reduce((sum, size) => sum + size.width, 0);
  const height = Math.max(0, ...sizes.map((size) => size.height));
  const alone = sizes.length === 1 && (spread.left !== null || spread.right !== null);
  return { width: alone ? width * 2 : width, height };
}
