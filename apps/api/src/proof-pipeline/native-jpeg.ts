import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

/**
 * Native JPEG decoding for pdf.js in Node. pdf.js decodes DCT (JPEG) images with its own JavaScript
 * decoder, five to ten times slower than libjpeg-turbo; in a browser it hands them to the platform's
 * ImageDecoder, which Node lacks. Photos are most of a yearbook page's cost, so we give pdf.js the
 * same shortcut: its worker module is loaded from a copy in which `JpegStream` first asks
 * `globalThis.__colophonDecodeJpeg` (libjpeg-turbo through sharp) for the image's components, then
 * converts them to RGB with pdf.js's own colour spaces, exactly where its decoder would; it falls back
 * to its own decoder whenever ours declines (an unusual JPEG, a size mismatch, a decode error). The
 * copy is made once per pdf.js version under the OS temp folder. If the patch point is not found
 * (another pdf.js version), pdf.js runs as shipped.
 *
 * PDF semantics are kept: the components are the stored values (libjpeg inverts Adobe CMYK on read,
 * as image files expect; a PDF reader does not, a Decode array does that), ICC profiles embedded in
 * the JPEG are ignored (the PDF's colour space governs), and the CMYK → RGB conversion is pdf.js's
 * (tabulated at 64 levels per ink, within 4 levels of it, at a thread's first CMYK photo: 64 MB, built
 * in under a second; used for every photo after, so a page is drawn the same by any worker).
 */

const ANCHOR = 'class JpegStream extends DecodeStream {';
/** Where pdf.js builds an RGB image from a JPEG: a smaller decode must give the image its own size. */
const SIZE_ANCHOR = `              imgData.kind = ImageKind.RGB_24BPP;
              imgData.data = await this.getImageBytes(imageLength, {
                drawWidth,
                drawHeight,
                forceRGB: true,
                internal: mustBeResized
              });
`;
const SIZE_PATCH = `              if (this.image.colophonSize) {
                imgData.width = this.image.colophonSize.width;
                imgData.height = this.image.colophonSize.height;
                imgData.originalWidth = drawWidth;
                imgData.originalHeight = drawHeight;
              }
              if (this.image.colophonRgba) {
                imgData.kind = ImageKind.RGBA_32BPP;
              }
`;
/** Just before that: the stream is told it may answer in RGBA (and at its own size). */
const CALL_ANCHOR = `          switch (this.colorSpace.name) {
            case "DeviceGray":
              imageLength *= 3;`;
const CALL_PATCH = `          this.image.colophonCanRgba = true;
`;
const PATCH = `
  static #cmykLut = null;
  static #invert(data) {
    if (data.byteOffset % 4 === 0 && data.length % 4 === 0) {
      const words = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
      for (let i = 0; i < words.length; i++) words[i] = ~words[i];
    } else {
      for (let i = 0; i < data.length; i++) data[i] = 255 - data[i];
    }
  }
  static #buildCmykLut(cs) {
    const levels = 64;
    const count = levels ** 4;
    const grid = new Uint8Array(count * 4);
    const value = new Uint8Array(levels);
    for (let i = 0; i < levels; i++) value[i] = Math.round((i * 255) / (levels - 1));
    let at = 0;
    for (let c = 0; c < levels; c++)
      for (let m = 0; m < levels; m++)
        for (let y = 0; y < levels; y++)
          for (let k = 0; k < levels; k++) {
            grid[at++] = value[c];
            grid[at++] = value[m];
            grid[at++] = value[y];
            grid[at++] = value[k];
          }
    // RGBA words (alpha 255), so a pixel is one read and one write.
    const rgba = new Uint8ClampedArray(grid.buffer);
    cs.getRgbBuffer(grid, 0, count, rgba, 0, 8, 1);
    const table = new Uint32Array(grid.buffer);
    const alpha = FeatureTest.isLittleEndian ? 0xff000000 : 0x000000ff;
    for (let i = 0; i < count; i++) table[i] |= alpha;
    const quantize = new Uint32Array(256);
    for (let v = 0; v < 256; v++) quantize[v] = Math.round((v * (levels - 1)) / 255);
    return { table, quantize };
  }
  static #cmykToRgba(data, inverted, out, count) {
    const cs = ColorSpaceUtils.cmyk;
    // The table from the first CMYK photo on: a page must come out the same whichever worker draws
    // it, and however many photos that worker drew before (round comparison relies on it).
    if (!(cs instanceof DeviceCmykCS)) {
      if (inverted) JpegStream.#invert(data);
      cs.getRgbBuffer(data, 0, count, out, 0, 8, 1);
      for (let i = 3; i < out.length; i += 4) out[i] = 255;
      return;
    }
    // pdf.js's own conversion, tabulated once per thread at 64 levels per ink (within 2 levels of 255).
    const { table, quantize } = (JpegStream.#cmykLut ??= JpegStream.#buildCmykLut(cs));
    const words = new Uint32Array(out.buffer, out.byteOffset, count);
    const flip = inverted ? 255 : 0;
    for (let i = 0, s = 0; i < count; i++, s += 4) {
      words[i] = table[(quantize[data[s] ^ flip] << 18) | (quantize[data[s + 1] ^ flip] << 12) | (quantize[data[s + 2] ^ flip] << 6) | quantize[data[s + 3] ^ flip]];
    }
  }
  static #toRgba(data, components, inverted, count) {
    const out = new Uint8ClampedArray(count * 4);
    if (components === 4) {
      JpegStream.#cmykToRgba(data, inverted, out, count);
    } else if (components === 1) {
      for (let i = 0, j = 0; i < count; i++, j += 4) {
        out[j] = out[j + 1] = out[j + 2] = data[i];
        out[j + 3] = 255;
      }
    } else {
      for (let i = 0, j = 0; j < out.length; i += 3, j += 4) {
        out[j] = data[i];
        out[j + 1] = data[i + 1];
        out[j + 2] = data[i + 2];
        out[j + 3] = 255;
      }
    }
    return out;
  }
  async getImageData(length, decoderOptions) {
    const decodeJpeg = globalThis.__colophonDecodeJpeg;
    if (decodeJpeg && !this.eof && !this.jpegOptions.decodeTransform) {
      try {
        const width = this.drawWidth;
        const height = this.drawHeight;
        const force = this.forceRGB || this.forceRGBA;
        const decoded = await decodeJpeg(this.#skipUselessBytes(this.bytes), width, height, force);
        if (decoded) {
          const { data, components, inverted } = decoded;
          if (decoded.width !== width || decoded.height !== height) {
            this.colophonSize = { width: decoded.width, height: decoded.height };
          }
          const count = decoded.width * decoded.height;
          let out = data;
          if (force && this.colophonCanRgba) {
            // RGBA straight away: pdf.js then copies it to the canvas as it is (no RGB → RGBA pass).
            out = JpegStream.#toRgba(data, components, inverted, count);
            this.colophonRgba = true;
          } else if (force) {
            const channels = this.forceRGBA ? 4 : 3;
            const rgba = JpegStream.#toRgba(data, components, inverted, count);
            if (channels === 4) {
              out = rgba;
            } else {
              out = new Uint8ClampedArray(count * 3);
              for (let i = 0, j = 0; i < out.length; i += 3, j += 4) {
                out[i] = rgba[j];
                out[i + 1] = rgba[j + 1];
                out[i + 2] = rgba[j + 2];
              }
            }
          } else {
            // The stored components, in an array of their own: sharp's buffer is memory pdf.js's
            // in-thread message port cannot transfer on Node 22 (the page came out blank).
            out = new Uint8ClampedArray(data);
            if (inverted) JpegStream.#invert(out);
          }
          this.buffer = out;
          this.bufferLength = out.length;
          this.eof = true;
        }
      } catch (error) {
        if (error?.name === 'SkipDecode') throw error;
      }
    }
    // RGBA is longer than the RGB pdf.js asked for: hand it all over.
    return super.getImageData(this.colophonRgba ? this.bufferLength : length, decoderOptions);
  }
`;

interface Decoded {
  data: Uint8ClampedArray;
  components: 1 | 3 | 4;
  /** The decoded size: smaller than the image's when a size hint allowed it. */
  width: number;
  height: number;
  /** The values are libjpeg's Adobe-inverted CMYK: the patch flips them back (for free in its table). */
  inverted: boolean;
}
type Decoder = (bytes: Uint8Array, width: number, height: number, resizable: boolean) => Promise<Decoded | null>;
declare global {
  var __colophonDecodeJpeg: Decoder | undefined;
  var pdfjsWorker: unknown;
}

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  /** An Adobe APP14 marker is present (libjpeg then inverts CMYK on read). */
  adobe: boolean;
}

/** Reads a JPEG's frame header (size, components) and whether it has an Adobe marker. */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let adobe = false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (marker === 0xee && String.fromCharCode(...bytes.subarray(at + 4, at + 9)) === 'Adobe') adobe = true;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      if ((bytes[at + 4] ?? 8) !== 8) return null; // 12-bit: leave it to pdf.js
      return { width, height, components: bytes[at + 9] ?? 0, adobe };
    }
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * What this thread's pdf.js does with JPEG pixels: 'native' (our decoder), 'pdfjs' (its own), or
 * 'skip' (none: for a document that is only read for its operator list, where an image's placement
 * and pixel size matter and both come from the PDF without decoding; pdf.js then leaves the image's
 * pixels out, so such a document must never be rendered).
 */
export type JpegMode = 'native' | 'pdfjs' | 'skip';
let mode: JpegMode = 'native';
let installed: Promise<boolean> | null = null;
let canResize = false;
let pixelCap = Number.POSITIVE_INFINITY;

export function setJpegMode(next: JpegMode): JpegMode {
  const previous = mode;
  mode = next;
  return previous;
}

/**
 * The most pixels a JPEG is decoded to for the page being rendered (null: no limit). An image with
 * more is decoded smaller (libjpeg's scaled decoding, then Lanczos): the renderer would throw the
 * extra pixels away. Set it to a little more than the rendered page's own pixels; only an image
 * placed larger than the page (mostly cropped away) would then lose visible detail.
 */
export function setJpegPixelCap(pixels: number | null): void {
  pixelCap = pixels ?? Number.POSITIVE_INFINITY;
}

class SkipDecode extends Error {
  override name = 'SkipDecode';
}

/** Decodes a JPEG with libjpeg-turbo (sharp) into its stored components; null declines. */
const decodeJpeg: Decoder = async (bytes, width, height, resizable) => {
  // Skipping: the image's pixels are not wanted; failing here makes pdf.js leave them out, and the
  // operator list (built before any decoding) is complete all the same.
  if (mode === 'skip') throw new SkipDecode('pixels not needed');
  if (mode !== 'native') return null;
  const info = jpegInfo(bytes);
  if (!info || info.width !== width || info.height !== height) return null;
  const { components } = info;
  if (components !== 1 && components !== 3 && components !== 4) return null;
  let pipeline = sharp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { ignoreIcc: true });
  if (components === 4) pipeline = pipeline.pipelineColourspace('cmyk');
  let target = { width, height };
  const scale = Math.sqrt(pixelCap / (width * height));
  if (resizable && canResize && scale < 0.9) {
    target = { width: Math.max(1, Math.ceil(width * scale)), height: Math.max(1, Math.ceil(height * scale)) };
    pipeline = pipeline.resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' });
  }
  if (components === 4) pipeline = pipeline.toColourspace('cmyk');
  if (components === 1) pipeline = pipeline.toColourspace('b-w');
  const { data, info: out } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (
    out.channels !== components ||
    out.width !== target.width ||
    out.height !== target.height ||
    data.length !== target.width * target.height * components
  )
    return null;
  // libjpeg inverts Adobe CMYK on read; a PDF reader takes the stored values as they are.
  const inverted = components === 4 && info.adobe;
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    components,
    inverted,
    width: target.width,
    height: target.height,
  };
};

/**
 * Makes pdf.js in this thread use the patched worker module and the native decoder. Call before
 * the first `getDocument` (openPdf does). Resolves to whether the patch is in place.
 */
export function installNativeJpeg(): Promise<boolean> {
  installed ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const workerPath = require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs');
      const source = await readFile(workerPath, 'utf8');
      if (!source.includes(ANCHOR)) return false;
      const version = (require('pdfjs-dist/package.json') as { version: string }).version;
      const hash = createHash('sha256')
        .update(source)
        .update(PATCH)
        .update(SIZE_PATCH)
        .update(CALL_PATCH)
        .update('no-map-3')
        .digest('hex')
        .slice(0, 12);
      const folder = join(tmpdir(), 'colophon-pdfjs');
      const file = join(folder, `pdf.worker.${version}.${hash}.mjs`);
      canResize = source.split(SIZE_ANCHOR).length === 2 && source.split(CALL_ANCHOR).length === 2;
      if (!existsSync(file)) {
        await mkdir(folder, { recursive: true });
        const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
        // The copy's source map comment would point next to it, where there is none.
        let patched = source.replace(ANCHOR, `${ANCHOR}${PATCH}`).replace(/^\/\/# sourceMappingURL=.*$/m, '');
        if (canResize) {
          patched = patched.replace(SIZE_ANCHOR, `${SIZE_ANCHOR}${SIZE_PATCH}`);
          patched = patched.replace(CALL_ANCHOR, `${CALL_PATCH}${CALL_ANCHOR}`);
        }
        await writeFile(partial, patched);
        await rename(partial, file); // atomic: concurrent workers never read half a file
      }
      globalThis.pdfjsWorker = await import(pathToFileURL(file).href);
      globalThis.__colophonDecodeJpeg = decodeJpeg;
      return true;
    } catch {
      return false;
    }
  })();
  return installed;
}
