import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { setJpegMode, setJpegPixelCap } from '../native-jpeg';
import { analyzePage, openPdf, pageText, renderedOperatorList } from '../pdfjs';
import type { EncodedImage, FromWorker, PageResult, RenderSettings, ToWorker } from './protocol';

/**
 * One page worker: holds one open PDF at a time and turns the pages it is handed into their content
 * analysis and, when asked, a viewer image and a thumbnail. Rendering and analysis share one pass:
 * the page is drawn once, and the operator list the drawing used is then read for the preflight.
 */
const port = parentPort;
if (!port) throw new Error('page-worker runs as a worker thread');

// Each worker is one lane of the pool: libvips must not start threads of its own on top.
sharp.concurrency(1);
sharp.cache(false);

let doc: PDFDocumentProxy | null = null;
let settings: RenderSettings | null = null;
/** Whether each page's text is read too (the name check's input). */
let readText = false;

interface DrawingContext {
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: 'low' | 'medium' | 'high';
  drawImage(image: unknown, dx: number, dy: number, dw: number, dh: number): void;
}
interface CanvasAndContext {
  canvas: {
    width: number;
    height: number;
    data(): Buffer;
    encodeSync(format: 'jpeg' | 'webp', quality: number): Buffer;
  };
  context: unknown;
}
interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext;
  destroy(canvasAndContext: CanvasAndContext): void;
}

/**
 * A canvas kept while pages keep their size (a 1600 px page is 13 MB of pixels): one for the page,
 * one for its thumbnail.
 */
interface KeptCanvas {
  target: CanvasAndContext;
  width: number;
  height: number;
}
let kept: KeptCanvas | null = null;
let keptThumb: KeptCanvas | null = null;

function reuse(slot: KeptCanvas | null, factory: CanvasFactory, width: number, height: number): KeptCanvas {
  if (slot && slot.width === width && slot.height === height) return slot;
  if (slot) factory.destroy(slot.target);
  return { target: factory.create(width, height), width, height };
}

// A copy in a buffer of its own, so it can be transferred to the main thread without another copy.
const encoded = (data: Buffer, width: number, height: number): EncodedImage => ({
  data: new Uint8Array(data),
  width,
  height,
});

/**
 * The viewer image through libvips (JPEG without optimised Huffman tables: a third of the time for
 * 3 % more bytes), and the thumbnail drawn down by Skia on a small canvas and encoded there, which
 * skips handing 13 MB of pixels to libvips a second time (measured: 10 ms against 30 ms a page).
 */
function encode(factory: CanvasFactory, page: CanvasAndContext, width: number, height: number, render: RenderSettings) {
  const source = sharp(page.canvas.data(), { raw: { width, height, channels: 4 } }).removeAlpha();
  const viewer =
    render.format === 'webp'
      ? source.webp({ quality: render.quality, effort: render.effort })
      : source.jpeg({ quality: render.quality, mozjpeg: false, optimiseCoding: false, chromaSubsampling: '4:2:0' });
  const thumbHeight = Math.max(1, Math.round((height * render.thumbWidth) / width));
  keptThumb = reuse(keptThumb, factory, render.thumbWidth, thumbHeight);
  const thumbCanvas = keptThumb.target;
  const context = thumbCanvas.context as DrawingContext;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(page.canvas, 0, 0, render.thumbWidth, thumbHeight);
  const thumb = thumbCanvas.canvas.encodeSync(render.thumbFormat, render.quality);
  return viewer.toBuffer().then((viewerBytes) => ({
    viewer: encoded(viewerBytes, width, height),
    thumb: encoded(thumb, render.thumbWidth, thumbHeight),
  }));
}

async function processPage(pageNumber: number): Promise<{ result: PageResult; transfer: ArrayBuffer[] }> {
  if (!doc) throw new Error('no document open');
  const page = await doc.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const result: PageResult = { page: pageNumber, widthPts: base.width, heightPts: base.height };
  const transfer: ArrayBuffer[] = [];
  try {
    // The text comes from the page already parsed for drawing: the file is not read a second time.
    if (readText) result.text = await pageText(page);
    if (!settings) {
      result.content = analyzePage(page, await page.getOperatorList());
      return { result, transfer };
    }
    const started = performance.now();
    const width = settings.viewerWidth;
    const viewport = page.getViewport({ scale: width / base.width });
    const height = Math.max(1, Math.round(viewport.height));
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    kept = reuse(kept, factory, width, height);
    const target = kept.target;
    // No JPEG decoded to more than ~1.25× the page's rendered pixels (see setJpegPixelCap).
    setJpegPixelCap(width * height * 1.25);
    try {
      const parameters = { canvas: target.canvas, canvasContext: target.context, viewport };
      await page.render(parameters as unknown as Parameters<PDFPageProxy['render']>[0]).promise;
      result.content = analyzePage(page, renderedOperatorList(page) ?? (await page.getOperatorList()));
      const drawn = performance.now();
      const images = await encode(factory, target, width, height, settings);
      result.viewer = images.viewer;
      result.thumb = images.thumb;
      transfer.push(images.viewer.data.buffer as ArrayBuffer, images.thumb.data.buffer as ArrayBuffer);
      result.timings = { renderMs: drawn - started, encodeMs: performance.now() - drawn };
    } catch (error) {
      // A failed drawing may leave the canvas in any state: start the next page on a fresh one.
      factory.destroy(target);
      kept = null;
      throw error;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    page.cleanup();
  }
  return { result, transfer };
}

/**
 * pdf.js keeps every part of the file it has loaded, and every object it has parsed, until the
 * document is closed: over a 2 GB book a worker would end up holding most of it. Shared bytes are
 * read by range, so closing and opening again every few pages costs little (the cross-reference
 * table and the fonts are read again) and bounds what a worker holds to the pages it drew since.
 */
let opened: { bytes: Uint8Array; pages: number; pagesPerOpen: number } | null = null;

async function reopenWhenDue() {
  if (!doc || !opened || opened.pages < opened.pagesPerOpen || !(opened.bytes.buffer instanceof SharedArrayBuffer))
    return;
  await doc.destroy();
  doc = null;
  kept = null;
  keptThumb = null;
  doc = await openPdf(opened.bytes);
  opened.pages = 0;
}

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', (message: ToWorker) => {
  void (async () => {
    try {
      if (message.type === 'open') {
        if (doc) await doc.destroy();
        settings = message.render;
        readText = message.text ?? false;
        // A document opened only for its content is never drawn: its images need no pixels.
        setJpegMode(settings ? 'native' : 'skip');
        opened = { bytes: message.bytes, pages: 0, pagesPerOpen: message.pagesPerOpen };
        // Bytes of its own were transferred here: pdf.js may keep them (shared ones it reads by range).
        doc = await openPdf(message.bytes, { transfer: true });
        send({ type: 'opened', pageCount: doc.numPages });
      } else if (message.type === 'page') {
        await reopenWhenDue();
        const { result, transfer } = await processPage(message.page);
        if (opened) opened.pages += 1;
        send({ type: 'page', result }, transfer);
      } else {
        if (doc) await doc.destroy();
        doc = null;
        opened = null;
        kept = null; // let the canvases go between files
        keptThumb = null;
        send({ type: 'closed' });
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
