import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { embedJpeg, makePhoto } from '../src/proof-pipeline/fixtures/make-book';
import { installNativeJpeg, jpegInfo, setJpegMode, setJpegPixelCap } from '../src/proof-pipeline/native-jpeg';
import { openPdf } from '../src/proof-pipeline/pdfjs';

// These tests touch no database: run them once, not again in the PostgreSQL project.
const once = process.env.COLOPHON_TEST_DB === 'postgres';

interface CanvasFactory {
  create(width: number, height: number): { canvas: { data(): Buffer }; context: unknown };
}

/** One page holding one photo, drawn by pdf.js in this thread, as RGBA pixels. */
async function draw(jpeg: Uint8Array, width: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await embedJpeg(doc, jpeg);
  doc.addPage([300, 400]).drawImage(image, { x: 0, y: 0, width: 300, height: 400 });
  const pdf = await openPdf(await doc.save());
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: width / 300 });
    const target = (pdf as unknown as { canvasFactory: CanvasFactory }).canvasFactory.create(width, viewport.height);
    await page.render({ canvas: target.canvas, canvasContext: target.context, viewport } as never).promise;
    return Buffer.from(target.canvas.data());
  } finally {
    await pdf.destroy();
  }
}

/** Mean absolute difference per colour channel, 0–255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0));
    count += 3;
  }
  return sum / count;
}

describe.skipIf(once)('native JPEG decoding for pdf.js', () => {
  afterEach(() => {
    setJpegMode('native');
    setJpegPixelCap(null);
  });

  it('is in place for this pdf.js version', async () => {
    expect(await installNativeJpeg()).toBe(true);
  });

  it.each([
    ['RGB', 'rgb', 0.5],
    ['greyscale', 'gray', 0.5],
    ['CMYK', 'cmyk', 1],
  ] as const)('draws a %s photo as pdf.js’s own decoder does', async (_name, color, tolerance) => {
    const jpeg = await makePhoto(600, 800, { color, seed: 11, grain: true });
    setJpegMode('pdfjs');
    const theirs = await draw(jpeg, 300);
    setJpegMode('native');
    const ours = await draw(jpeg, 300);
    expect(ours.length).toBe(theirs.length);
    expect(difference(ours, theirs)).toBeLessThan(tolerance);
    // And the page is really drawn (not blank), both ways.
    expect(difference(ours, Buffer.alloc(ours.length, 255))).toBeGreaterThan(20);
  });

  it('converts CMYK through its table from the first photo on, within a level of pdf.js, the same every time', async () => {
    const jpeg = await makePhoto(2100, 2000, { color: 'cmyk', seed: 13, grain: true });
    setJpegMode('native');
    const first = await draw(jpeg, 300);
    await draw(await makePhoto(900, 700, { color: 'cmyk', seed: 14 }), 150);
    const again = await draw(jpeg, 300);
    expect(again.equals(first)).toBe(true);
    setJpegMode('pdfjs');
    const theirs = await draw(jpeg, 300);
    expect(difference(first, theirs)).toBeLessThan(1);
  });

  it('decodes a photo smaller when it has more pixels than the page it is drawn on, without a visible change', async () => {
    const jpeg = await makePhoto(1800, 2400, { color: 'cmyk', seed: 12 });
    const full = await draw(jpeg, 300);
    setJpegPixelCap(300 * 400 * 1.25); // the page renders at 300 × 400 px
    const capped = await draw(jpeg, 300);
    expect(difference(capped, full)).toBeLessThan(1.5);
  });

  it('reads a JPEG’s size, components and Adobe marker', async () => {
    expect(jpegInfo(await makePhoto(40, 30, { color: 'cmyk' }))).toEqual({
      width: 40,
      height: 30,
      components: 4,
      adobe: true,
    });
    expect(jpegInfo(await makePhoto(41, 31, { color: 'rgb' }))).toEqual({
      width: 41,
      height: 31,
      components: 3,
      adobe: false,
    });
    expect(jpegInfo(await makePhoto(42, 32, { color: 'gray' }))).toMatchObject({
      width: 42,
      height: 32,
      components: 1,
    });
    expect(jpegInfo(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
