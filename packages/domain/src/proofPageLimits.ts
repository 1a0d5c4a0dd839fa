import { pageCountRule } from './bookSpec';
import { bookType } from './books';
import type { ProofFileKind } from './proofUploads';
import { formatByteSize } from './proofUploads';

/**
 * The most pages one uploaded file may have, whatever its project says. Yearbooks rarely pass 400
 * pages and no binding we sell takes more than 480; 1,000 leaves room for an unusual order while a
 * file past it (a "page-count bomb": 5,000 blank pages in 64 KB) never reaches the page workers.
 */
export const MAX_PROOF_FILE_PAGES = 1000;

/** A cover file is one spread, or front and back; with the inside covers printed, 4 pages. */
export const MAX_COVER_FILE_PAGES = 4;

/**
 * How many pages a book may have over its project's page count and still be processed (the
 * preflight then reports the difference for the reviewer): as many again as the project ordered,
 * but at least one 16-page signature and at most four.
 */
export const EXTRA_PAGES_ALLOWED = { atLeast: 16, atMost: 64 } as const;

const count = (value: number) => value.toLocaleString('en-US');

export interface UploadedPageCount {
  /** The pages the uploaded file says it has. */
  pageCount: number;
  kind: ProofFileKind;
  /** The project's ordered page count (null or 0 while still open). */
  projectPageCount: number | null | undefined;
  typeBook: number | null | undefined;
}

/**
 * The most pages a pages file of this project may have: the project's count plus the extra pages
 * allowed; while the project has no count yet, the binding's largest book stands in for it. Never
 * above `MAX_PROOF_FILE_PAGES`.
 */
export function largestAcceptedPageCount(
  projectPageCount: number | null | undefined,
  typeBook: number | null | undefined,
) {
  const ordered = projectPageCount && projectPageCount > 0 ? projectPageCount : pageCountRule(typeBook).max;
  const extra = Math.min(EXTRA_PAGES_ALLOWED.atMost, Math.max(EXTRA_PAGES_ALLOWED.atLeast, ordered));
  return Math.min(MAX_PROOF_FILE_PAGES, ordered + extra);
}

/**
 * Why an uploaded file is refused for its page count, before any page is drawn (null: accepted).
 * Only too many pages are refused: they are what costs processing. A book a little off its
 * project's count, or short of it, is processed and the preflight's page-count findings tell the
 * reviewer.
 */
export function uploadPageCountProblem(upload: UploadedPageCount): string | null {
  const has = `This PDF has ${count(upload.pageCount)} pages`;
  if (upload.pageCount > MAX_PROOF_FILE_PAGES) {
    return `${has}; a proof can have at most ${count(MAX_PROOF_FILE_PAGES)}. Check that this is the right file, or split the book.`;
  }
  if (upload.kind === 'cover') {
    if (upload.pageCount <= MAX_COVER_FILE_PAGES) return null;
    return `${has}; a cover file has at most ${MAX_COVER_FILE_PAGES} (the outside and the inside covers). Upload the book’s pages as the pages file.`;
  }
  const largest = largestAcceptedPageCount(upload.projectPageCount, upload.typeBook);
  if (upload.pageCount <= largest) return null;
  if (upload.projectPageCount && upload.projectPageCount > 0) {
    return `${has}; the project is a ${count(upload.projectPageCount)}-page book, so a file of at most ${count(largest)} pages is accepted. Check that this is the right file, or ask us to change the project’s page count.`;
  }
  const binding = upload.typeBook ? `a ${bookType.label(upload.typeBook)} book` : 'a book';
  return `${has}; ${binding} has at most ${count(pageCountRule(upload.typeBook).max)}, so a file of at most ${count(largest)} pages is accepted. Check that this is the right file.`;
}

/** How much proof processing one user may ask for in an hour (configurable; these are the defaults). */
export interface ProcessingLimits {
  pagesPerHour: number;
  bytesPerHour: number;
}

export const PROCESSING_WINDOW_MS = 60 * 60 * 1000;

/**
 * 3,000 pages an hour is seven 400-page yearbooks, or a round of corrections every few minutes all
 * hour; 16 GB is eight files of the largest size. A runaway script stops there, and one upload of
 * the largest book always fits in an empty hour (the configuration refuses lower limits).
 */
export const DEFAULT_PROCESSING_LIMITS: ProcessingLimits = {
  pagesPerHour: 3000,
  bytesPerHour: 16 * 1024 * 1024 * 1024,
};

export interface ProcessingUse {
  pages: number;
  bytes: number;
  at: Date;
}

export type ProcessingAllowance = { allowed: true } | { allowed: false; retryAt: Date; message: string };

/**
 * Whether one more upload fits in the user's last hour of processing. When it does not, `retryAt` is
 * the first moment it will: when enough of the oldest uses have left the window.
 */
export function processingAllowance(
  used: readonly ProcessingUse[],
  upload: { pages: number; bytes: number },
  limits: ProcessingLimits,
  now: Date,
): ProcessingAllowance {
  const windowStart = now.getTime() - PROCESSING_WINDOW_MS;
  const inWindow = used.filter((use) => use.at.getTime() > windowStart).sort((a, b) => a.at.getTime() - b.at.getTime());
  let pages = inWindow.reduce((sum, use) => sum + use.pages, 0);
  let bytes = inWindow.reduce((sum, use) => sum + use.bytes, 0);
  const fits = () => pages + upload.pages <= limits.pagesPerHour && bytes + upload.bytes <= limits.bytesPerHour;
  if (fits()) return { allowed: true };
  const overPages = pages + upload.pages > limits.pagesPerHour;
  const why = overPages
    ? `In the last hour ${count(pages)} pages of yours were processed; this file’s ${count(upload.pages)} would pass the limit of ${count(limits.pagesPerHour)} pages an hour.`
    : `In the last hour ${formatByteSize(bytes)} of your files were processed; this file’s ${formatByteSize(upload.bytes)} would pass the limit of ${formatByteSize(limits.bytesPerHour)} an hour.`;
  // An upload larger than a whole hour's limit never fits: the configuration keeps the limits above
  // the largest file, so this is the end of the window at worst.
  let retryAt = new Date(now.getTime() + PROCESSING_WINDOW_MS);
  for (const use of inWindow) {
    pages -= use.pages;
    bytes -= use.bytes;
    if (fits()) {
      retryAt = new Date(use.at.getTime() + PROCESSING_WINDOW_MS);
      break;
    }
  }
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return {
    allowed: false,
    retryAt,
    message: `${why} Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  };
}
