import { MAX_PROOF_FILE_PAGES } from '@colophon/domain';
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef } from 'pdf-lib';

/**
 * A book with more pages than any proof may have: refused before a page is drawn. The upload route
 * refuses such files from their page count already; this guards a job that was queued otherwise
 * (an older row, a file whose page tree says fewer pages than it holds).
 */
export class ProofTooManyPagesError extends Error {
  override name = 'ProofTooManyPagesError';
  constructor(readonly maxPages = MAX_PROOF_FILE_PAGES) {
    super(
      `The PDF has more than ${maxPages.toLocaleString('en-US')} pages, the most a proof can have, so its pages were not drawn. Check that this is the right file, or split the book.`,
    );
  }
}

export type PageTreeCount = { pages: number } | { overLimit: true } | { damaged: string };

const TYPE = PDFName.of('Type');
const KIDS = PDFName.of('Kids');
const PAGES = PDFName.of('Pages');

/**
 * The pages of a parsed PDF, counted by walking its page tree without building a page object per
 * leaf (pdf-lib's `getPages` does, and recurses without end round a cycle). Stops as soon as the
 * count passes `limit`; an intermediate node met twice (a cycle, or a node shared by two parents)
 * is a damaged tree. Every node is visited once, so the walk is bounded by the file's objects.
 */
export function countPageTree(doc: PDFDocument, limit: number): PageTreeCount {
  const lookup = (value: PDFObject | undefined) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const rootRef = doc.catalog.get(PAGES);
  const root = lookup(rootRef);
  if (!(root instanceof PDFDict)) return { damaged: 'the catalog has no page tree' };
  const seen = new Set<PDFObject>([root]);
  const stack: PDFDict[] = [root];
  let pages = 0;
  while (stack.length > 0) {
    const node = stack.pop() as PDFDict;
    const kids = lookup(node.get(KIDS));
    if (!(kids instanceof PDFArray)) return { damaged: 'a page tree node has no kids' };
    for (let index = 0; index < kids.size(); index += 1) {
      const kid = lookup(kids.get(index));
      // A dangling reference is no page to pdf-lib or pdf.js either: skipped, as they skip it.
      if (!(kid instanceof PDFDict)) continue;
      const type = kid.get(TYPE);
      const isNode = type === PAGES || (type === undefined && kid.has(KIDS));
      if (!isNode) {
        pages += 1;
        if (pages > limit) return { overLimit: true };
        continue;
      }
      if (seen.has(kid)) return { damaged: 'the page tree loops back on itself' };
      seen.add(kid);
      stack.push(kid);
    }
  }
  return { pages };
}
