import type { BookSpec } from '../book-spec';
import type { PagePool } from '../render/pool';
import type { PageContent } from './content';
import { checkDocument, type ImageResource } from './document';
import { type Box, type Finding, sortFindings } from './findings';

// Types only from './content', and no static import of '../pdfjs': the main thread imports this module
// (mergeFindings), and loading pdf.js's legacy build installs core-js polyfills process-wide (on Node 20
// even JSON.stringify), which then slowed every request. pdf.js runs in the page worker threads.
export type { ImagePlacement, PageContent } from './content';
export { checkDocument, type DocumentCheck, type ImageResource } from './document';
export * from './findings';
export { HAIRLINE_PT } from './hairline';
export { countPageTree, type PageTreeCount, ProofTooManyPagesError } from './page-tree';

/** Placed images below this resolution are errors; below MIN_PPI_GOOD, warnings. */
export const MIN_PPI = 150;
export const MIN_PPI_GOOD = 200;
/** Images this small (solid fills, gradients, rules) or placed this small are not judged for resolution. */
export const MIN_IMAGE_PIXELS = 8;
export const MIN_PLACED_PT = 7.2;

export interface PreflightOptions {
  /** Read the pages' content in these worker threads (large files); default: in this thread. */
  pool?: PagePool;
}

/**
 * Checks a PDF the way a printer's prepress department would, against the project's book spec:
 * file (readable, not encrypted), page count, trim size and bleed, embedded fonts, image resolution
 * at the printed size, RGB images, hairlines. Never throws for a bad file: that is a finding; but a
 * book past the most pages a proof may have throws `ProofTooManyPagesError` (nothing is drawn).
 */
export async function preflight(bytes: Uint8Array, spec: BookSpec, options: PreflightOptions = {}): Promise<Finding[]> {
  const document = await checkDocument(bytes, spec);
  if (document.fatal) return document.findings;
  const contents: (PageContent | { error: string })[] = options.pool
    ? (await options.pool.run(bytes, { render: null })).map((page) => page.content ?? { error: page.error ?? '' })
    : await import('../pdfjs')
        .then(({ analyzeDocument }) => analyzeDocument(bytes))
        .catch((error: unknown) => Array.from({ length: document.pageCount }, () => ({ error: String(error) })));
  return mergeFindings(document.findings, document.pageImages, contents);
}

/** The structure findings plus each page's content findings, in reading order. */
export function mergeFindings(
  structure: Finding[],
  pageImages: ImageResource[][],
  contents: readonly (PageContent | { error: string } | undefined)[],
): Finding[] {
  const findings = [...structure];
  contents.forEach((content, index) => {
    if (content) findings.push(...pageFindings(index + 1, content, pageImages[index] ?? []));
  });
  return sortFindings(findings);
}

/** One page's findings from its content analysis, or the page's own failure (as they come, page by page). */
export function pageFindings(
  pageNumber: number,
  content: PageContent | { error: string },
  images: ImageResource[],
): Finding[] {
  if ('error' in content) {
    return [
      {
        page: pageNumber,
        code: 'corrupt-file',
        severity: 'error',
        message: `Page ${pageNumber} could not be drawn: its content is damaged (${content.error}). Export the PDF again.`,
      },
    ];
  }
  return contentFindings(pageNumber, content, images);
}

const inches = (points: number) => (points / 72).toFixed(2);

export function contentFindings(pageNumber: number, content: PageContent, images: ImageResource[]): Finding[] {
  const findings: Finding[] = [];
  for (const image of content.images) {
    if (image.pixelWidth < MIN_IMAGE_PIXELS || image.pixelHeight < MIN_IMAGE_PIXELS) continue;
    if (image.widthPt < MIN_PLACED_PT || image.heightPt < MIN_PLACED_PT) continue;
    if (image.ppi >= MIN_PPI_GOOD) continue;
    const ppi = Math.floor(image.ppi);
    const size = `${inches(image.widthPt)} × ${inches(image.heightPt)} in from ${image.pixelWidth} × ${image.pixelHeight} px`;
    findings.push(
      image.ppi < MIN_PPI
        ? {
            page: pageNumber,
            code: 'low-resolution',
            severity: 'error',
            message: `A photo on page ${pageNumber} prints at ${ppi} ppi (${size}); it will look blurry or blocky. Photos need at least ${MIN_PPI} ppi (300 is best): use a larger original or print it smaller.`,
            box: image.box,
          }
        : {
            page: pageNumber,
            code: 'low-resolution',
            severity: 'warning',
            message: `A photo on page ${pageNumber} prints at ${ppi} ppi (${size}); it may look soft. ${MIN_PPI_GOOD} ppi or more (300 is best) prints sharp.`,
            box: image.box,
          },
    );
  }
  // RGB images: only those the page really draws (resources can be shared between pages), matched to
  // their placement by pixel size for the box; one finding per page, with every place in `boxes`.
  const unmatched = [...content.images];
  const rgb: { image: ImageResource; box: Box | undefined }[] = [];
  for (const image of images) {
    if (image.colorSpace !== 'rgb') continue;
    const at = unmatched.findIndex((p) => p.pixelWidth === image.width && p.pixelHeight === image.height);
    if (at < 0) continue;
    const [placement] = unmatched.splice(at, 1);
    rgb.push({ image, box: placement?.box });
  }
  const [first] = rgb;
  if (first) {
    const boxes = rgb.flatMap((entry) => (entry.box ? [entry.box] : []));
    findings.push({
      page: pageNumber,
      code: 'rgb-image',
      severity: 'warning',
      message:
        rgb.length === 1
          ? `A photo on page ${pageNumber} (${first.image.width} × ${first.image.height} px) is in RGB colour. The press prints CMYK, so bright colours may come out duller; for the truest colour convert it to CMYK before exporting.`
          : `${rgb.length} photos on page ${pageNumber} are in RGB colour. The press prints CMYK, so bright colours may come out duller; for the truest colour convert them to CMYK before exporting.`,
      ...(boxes[0] ? { box: boxes[0], boxes } : {}),
    });
  }
  if (content.hairlines) {
    const { count, thinnestPt, box } = content.hairlines;
    findings.push({
      page: pageNumber,
      code: 'hairline',
      severity: 'warning',
      message: `Page ${pageNumber} has ${count === 1 ? 'a line' : `${count} lines`} thinner than 0.25 pt (the thinnest is ${thinnestPt} pt). Lines that thin may break up or vanish in print; make them at least 0.25 pt.`,
      box,
    });
  }
  return findings;
}
