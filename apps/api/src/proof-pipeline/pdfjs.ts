import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ProofTextItem } from '@colophon/domain';
import {
  getDocument,
  PDFDataRangeTransport,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { installNativeJpeg, setJpegMode } from './native-jpeg';
import { analyzeOperatorList, type OperatorListLike, type PageContent } from './preflight/content';

/**
 * pdf.js in Node: the legacy build, its standard fonts, CMaps and wasm decoders from the package
 * folder, and @napi-rs/canvas as its canvas (pdf.js finds it itself). pdf.js takes ownership of the
 * bytes it is given (it detaches the buffer): `openPdf` hands it a copy unless told it may keep them,
 * or reads them by range when they live in a SharedArrayBuffer.
 */
const packageRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${join(packageRoot, name)}/`;

export async function openPdf(bytes: Uint8Array, options: { transfer?: boolean } = {}): Promise<PDFDocumentProxy> {
  await installNativeJpeg();
  const shared = bytes.buffer instanceof SharedArrayBuffer;
  return getDocument({
    // Shared bytes (the page pool's) are read by range: each worker copies in only the parts its
    // pages need, instead of a whole copy of a file that may be 2 GB.
    ...(shared
      ? { range: new SharedBytesRange(bytes), length: bytes.length, disableAutoFetch: true, disableStream: true }
      : { data: options.transfer ? bytes : bytes.slice() }),
    rangeChunkSize: RANGE_CHUNK_BYTES,
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    wasmUrl: folder('wasm'),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
}

/** Large enough that a photo's stream arrives in a request or two; pdf.js asks for whole chunks. */
const RANGE_CHUNK_BYTES = 1 << 20;

/** pdf.js's range loading over bytes already in memory, shared between threads. */
class SharedBytesRange extends PDFDataRangeTransport {
  constructor(private readonly shared: Uint8Array) {
    super(shared.length, null);
  }
  override requestDataRange(begin: number, end: number): void {
    // `slice` of a shared view is a copy in an ordinary buffer of its own, which pdf.js may keep.
    const chunk = this.shared.slice(begin, Math.min(end, this.shared.length));
    queueMicrotask(() => this.onDataRange(begin, chunk));
  }
}

/** The page's size as rendered (MediaBox ∩ CropBox, rotation applied), in points. */
export function viewSize(page: PDFPageProxy): { width: number; height: number } {
  const viewport = page.getViewport({ scale: 1 });
  return { width: viewport.width, height: viewport.height };
}

/**
 * The page's text runs (`getTextContent`), each as a box in points from the page's top-left as
 * rendered (the space of preflight finding boxes and of the viewer's pins): pdf.js gives a run's
 * baseline origin in PDF user space (y up) with its width and height, and the viewport turns that
 * rectangle into view space, page rotation included. Marked-content entries carry no text.
 */
export async function pageText(page: PDFPageProxy): Promise<ProofTextItem[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items: ProofTextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [, , , , e = 0, f = 0] = item.transform as number[];
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = viewport.convertToViewportRectangle([
      e,
      f,
      e + item.width,
      f + item.height,
    ]);
    items.push({
      str: item.str,
      x: round2(Math.min(x1, x2)),
      y: round2(Math.min(y1, y2)),
      width: round2(Math.abs(x2 - x1)),
      height: round2(Math.abs(y2 - y1)),
    });
  }
  return items;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Reads a page's content (image placements, hairlines) from an operator list of that page. */
export function analyzePage(page: PDFPageProxy, list: OperatorListLike): PageContent {
  const viewport = page.getViewport({ scale: 1 });
  return analyzeOperatorList(list, {
    toView: (rect) => viewport.convertToViewportRectangle(rect),
    viewWidth: viewport.width,
    viewHeight: viewport.height,
    sizeOf: (objId) => {
      const objs = page.objs as unknown as { has(id: string): boolean; get(id: string): unknown };
      if (!objs.has(objId)) return null;
      // A JPEG decoded smaller for the screen (native-jpeg.ts) keeps its own size beside.
      const image = objs.get(objId) as {
        width?: number;
        height?: number;
        originalWidth?: number;
        originalHeight?: number;
      } | null;
      const width = image?.originalWidth ?? image?.width;
      const height = image?.originalHeight ?? image?.height;
      return width && height ? { width, height } : null;
    },
  });
}

/**
 * The operator list pdf.js built for the last `render` of this page (display intent), so the
 * analysis needs no second pass (a second pass decodes every image again). It is not public API:
 * when it is not there (another pdf.js version), null, and the caller asks `getOperatorList()`.
 */
export function renderedOperatorList(page: PDFPageProxy): OperatorListLike | null {
  const states = (
    page as unknown as { _intentStates?: Map<string, { operatorList?: OperatorListLike & { lastChunk?: boolean } }> }
  )._intentStates;
  if (!(states instanceof Map)) return null;
  for (const state of states.values()) {
    const list = state.operatorList;
    if (list?.lastChunk && list.fnArray && list.argsArray) return list;
  }
  return null;
}

/**
 * Content of every page, in this thread (small files, tests); large files go through the pool. The
 * images' pixels are not decoded (the analysis needs their placement and size only); this thread
 * never renders, so that is safe.
 */
export async function analyzeDocument(bytes: Uint8Array): Promise<PageContent[]> {
  const doc = await openPdf(bytes);
  const previous = setJpegMode('skip');
  try {
    const contents: PageContent[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      contents.push(analyzePage(page, await page.getOperatorList()));
      page.cleanup();
    }
    return contents;
  } finally {
    setJpegMode(previous);
    await doc.destroy();
  }
}
