import { MAX_PROOF_FILE_PAGES, pageCountRule } from '@colophon/domain';
import {
  ParseSpeeds,
  type PDFArray,
  PDFArray as PDFArrayClass,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import {
  BLEED_IN,
  type BookSpec,
  COVER_WIDTH_TOLERANCE_PT,
  coverLayout,
  describeBook,
  formatInches,
  inchesOf,
  POINTS_PER_INCH,
  SIZE_TOLERANCE_PT,
  trimSizes,
} from '../book-spec';
import type { Finding } from './findings';
import { countPageTree, ProofTooManyPagesError } from './page-tree';
import { parseStreamsAsViews } from './pdf-lib-views';

/**
 * The checks that need the file's structure, not its drawing: is it a readable, unencrypted PDF;
 * page count; page boxes (trim and bleed); fonts; the colour space of every image. Read with
 * pdf-lib (pdf.js has no public TrimBox/BleedBox API).
 */
export interface DocumentCheck {
  findings: Finding[];
  /** No page work is possible (not a PDF, encrypted, unreadable, no pages). */
  fatal: boolean;
  pageCount: number;
  /** Per page (index 0 = page 1): the images its resources hold, for matching with placements. */
  pageImages: ImageResource[][];
}

export interface ImageResource {
  name: string;
  width: number;
  height: number;
  colorSpace: 'rgb' | 'cmyk' | 'gray' | 'other';
}

const BLEED_PT = BLEED_IN * POINTS_PER_INCH;

/**
 * Throws `ProofTooManyPagesError` for a book of more than `maxPages` (no finding: nothing about such
 * a file is worth checking, and its pages must not be drawn); any other bad file is a finding.
 */
export async function checkDocument(
  bytes: Uint8Array,
  spec: BookSpec,
  maxPages = MAX_PROOF_FILE_PAGES,
): Promise<DocumentCheck> {
  const fatal = (code: Finding['code'], message: string): DocumentCheck => ({
    findings: [{ page: null, code, severity: 'error', message }],
    fatal: true,
    pageCount: 0,
    pageImages: [],
  });
  if (bytes.length === 0) return fatal('empty-file', 'The file is empty (0 bytes). Upload the PDF again.');
  if (!looksLikePdf(bytes)) {
    return fatal(
      'not-pdf',
      `The file is not a PDF${sniffType(bytes)}. Export the book as a PDF (File ▸ Export ▸ PDF) and upload that.`,
    );
  }
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted, so `isEncrypted` can say so (pdf-lib's EncryptedPDFError is not
    // an `instanceof`-able class).
    parseStreamsAsViews();
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return fatal(
      'corrupt-file',
      'The PDF could not be read: it is damaged or incomplete (perhaps the upload was cut short). Export it again and upload the new file.',
    );
  }
  if (doc.isEncrypted) return encryptedFinding();

  // Counted before pdf-lib builds an object per page: a book past the maximum stops here, and a
  // page tree that loops is a damaged file rather than a stack overflow.
  const tree = countPageTree(doc, maxPages);
  if ('overLimit' in tree) throw new ProofTooManyPagesError(maxPages);
  if ('damaged' in tree) {
    return fatal('corrupt-file', 'The PDF’s page list is damaged, so its pages could not be read. Export it again.');
  }

  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch {
    return fatal('corrupt-file', 'The PDF’s page list is damaged, so its pages could not be read. Export it again.');
  }
  if (pages.length === 0) return fatal('no-pages', 'The PDF has no pages.');

  const findings: Finding[] = [];
  findings.push(...pageCountFindings(pages.length, spec));
  const pageImages: ImageResource[][] = [];
  pages.forEach((page, index) => {
    const pageNumber = index + 1;
    findings.push(
      ...(spec.isCover ? coverSizeFindings(page, pageNumber, spec) : pageSizeFindings(page, pageNumber, spec)),
    );
    const resources = safe(() => page.node.Resources());
    const fonts = new Map<string, string>();
    const images: ImageResource[] = [];
    if (resources) walkResources(doc, resources, fonts, images, new Set());
    for (const [name, problem] of fonts) {
      findings.push({
        page: pageNumber,
        code: 'font-not-embedded',
        severity: 'error',
        message: `Page ${pageNumber} uses the font “${name}”, which is not embedded in the file${problem}. The printer would substitute another font. Export the PDF with all fonts embedded (a PDF/X preset does it).`,
      });
    }
    pageImages.push(images);
  });
  return { findings, fatal: false, pageCount: pages.length, pageImages };
}

function encryptedFinding(): DocumentCheck {
  return {
    findings: [
      {
        page: null,
        code: 'encrypted',
        severity: 'error',
        message:
          'The PDF is password-protected or has security settings, so it cannot be checked or printed. Export it again without a password or restrictions and upload the new file.',
      },
    ],
    fatal: true,
    pageCount: 0,
    pageImages: [],
  };
}

function looksLikePdf(bytes: Uint8Array): boolean {
  // The header may follow some junk (the spec allows it within the first 1024 bytes).
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

function sniffType(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 8));
  if (head[0] === 0xff && head[1] === 0xd8) return ' (it is a JPEG image)';
  if (head.toString('latin1', 1, 4) === 'PNG') return ' (it is a PNG image)';
  if (head.toString('latin1', 0, 2) === 'PK') return ' (it is a ZIP archive or a Word/InDesign package)';
  return '';
}

function pageCountFindings(count: number, spec: BookSpec): Finding[] {
  if (spec.isCover) {
    const layout = coverLayout(spec);
    if (layout && !layout.pageCounts.includes(count)) {
      return [
        {
          page: null,
          code: 'page-count',
          severity: 'error',
          message: `The cover file has ${count} pages; the cover of a ${describeBook(spec)} has ${layout.pageCounts.join(' or ')} (${layout.description}).`,
        },
      ];
    }
    return [];
  }
  const findings: Finding[] = [];
  const rule = pageCountRule(spec.bookType);
  const book = describeBook(spec);
  if (count % rule.multipleOf !== 0) {
    const lower = Math.floor(count / rule.multipleOf) * rule.multipleOf;
    const upper = lower + rule.multipleOf;
    findings.push({
      page: null,
      code: 'page-count',
      severity: 'error',
      message: `The file has ${count} pages; a ${book} needs a multiple of ${rule.multipleOf} (${rule.reason}). Add or remove pages to make ${lower > 0 ? `${lower} or ${upper}` : upper}.`,
    });
  } else if (count < rule.min || count > rule.max) {
    findings.push({
      page: null,
      code: 'page-count',
      severity: 'error',
      message: `The file has ${count} pages; a ${book} takes ${rule.min} to ${rule.max} pages.`,
    });
  }
  if (spec.pageCount > 0 && count !== spec.pageCount) {
    findings.push({
      page: null,
      code: 'page-count-mismatch',
      severity: 'error',
      message: `The file has ${count} pages, but the project is set up for ${spec.pageCount}. Upload the full book, or ask us to change the project’s page count.`,
    });
  }
  return findings;
}

interface Rect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

function rectOf(array: PDFArray | undefined): Rect | null {
  if (!array) return null;
  const numbers = array.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : Number.NaN));
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = numbers;
  return { left: Math.min(x1, x2), bottom: Math.min(y1, y2), right: Math.max(x1, x2), top: Math.max(y1, y2) };
}

function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left),
    bottom: Math.max(a.bottom, b.bottom),
    right: Math.min(a.right, b.right),
    top: Math.min(a.top, b.top),
  };
}

const widthOf = (r: Rect) => r.right - r.left;
const heightOf = (r: Rect) => r.top - r.bottom;
const near = (a: number, b: number, tolerance = SIZE_TOLERANCE_PT) => Math.abs(a - b) <= tolerance;

/** The page's boxes as printed: the visible area (MediaBox ∩ CropBox) and the TrimBox if present. */
function boxesOf(page: PDFPage) {
  const media = rectOf(safe(() => page.node.MediaBox())) ?? { left: 0, bottom: 0, right: 612, top: 792 };
  const crop = rectOf(safe(() => page.node.CropBox()));
  const visible = crop ? intersect(media, crop) : media;
  const trim = rectOf(safe(() => page.node.TrimBox()));
  const bleed = rectOf(safe(() => page.node.BleedBox()));
  const rotation = (((safe(() => page.getRotation().angle) ?? 0) % 360) + 360) % 360;
  return { visible, trim, bleed, sideways: rotation === 90 || rotation === 270 };
}

function pageSizeFindings(page: PDFPage, pageNumber: number, spec: BookSpec): Finding[] {
  const trimSize = trimSizes[spec.sizeCode];
  if (!trimSize) return [];
  const wantW = trimSize.width * POINTS_PER_INCH;
  const wantH = trimSize.height * POINTS_PER_INCH;
  const fullW = wantW + 2 * BLEED_PT;
  const fullH = wantH + 2 * BLEED_PT;
  const need = `${formatInches(trimSize.width + 2 * BLEED_IN)} × ${formatInches(trimSize.height + 2 * BLEED_IN)} in including ${formatInches(BLEED_IN)} in bleed`;
  const { visible, trim, bleed, sideways } = boxesOf(page);
  const oriented = (r: Rect) => (sideways ? { w: heightOf(r), h: widthOf(r) } : { w: widthOf(r), h: heightOf(r) });

  if (trim) {
    // A trim box says where the page is cut: it must be the book's size, with 0.125 in of artwork
    // (the bleed box, or the page itself) beyond it on every side.
    const t = oriented(trim);
    if (!near(t.w, wantW) || !near(t.h, wantH)) {
      return [
        {
          page: pageNumber,
          code: 'page-size',
          severity: 'error',
          message: `Page ${pageNumber} is set to trim at ${inchesOf(t.w)} × ${inchesOf(t.h)} in; this book trims at ${formatInches(trimSize.width)} × ${formatInches(trimSize.height)} in, so the page needs ${need}.`,
        },
      ];
    }
    const art = intersect(bleed ?? visible, visible);
    const short = [
      ['left', trim.left - art.left],
      ['right', art.right - trim.right],
      ['bottom', trim.bottom - art.bottom],
      ['top', art.top - trim.top],
    ].filter(([, margin]) => (margin as number) < BLEED_PT - SIZE_TOLERANCE_PT);
    if (short.length > 0) {
      return [
        {
          page: pageNumber,
          code: 'no-bleed',
          severity: 'error',
          message: `Page ${pageNumber} has no bleed at the ${short.map(([side]) => side).join(', ')}: the artwork stops at the trim. Extend backgrounds and photos ${formatInches(BLEED_IN)} in past the trim on every side (the page needs ${need}).`,
        },
      ];
    }
    return [];
  }

  const v = oriented(visible);
  if (near(v.w, fullW) && near(v.h, fullH)) return [];
  if (near(v.w, wantW) && near(v.h, wantH)) {
    return [
      {
        page: pageNumber,
        code: 'no-bleed',
        severity: 'error',
        message: `Page ${pageNumber} is ${inchesOf(v.w)} × ${inchesOf(v.h)} in, the trim size with no bleed; this book needs ${need}. Extend backgrounds and photos ${formatInches(BLEED_IN)} in past the trim on every side.`,
      },
    ];
  }
  const turned = near(v.w, fullH) && near(v.h, fullW);
  return [
    {
      page: pageNumber,
      code: 'page-size',
      severity: 'error',
      message: `Page ${pageNumber} is ${inchesOf(v.w)} × ${inchesOf(v.h)} in; this book needs ${need}.${turned ? ' The page is turned sideways.' : ''}`,
    },
  ];
}

function coverSizeFindings(page: PDFPage, pageNumber: number, spec: BookSpec): Finding[] {
  const layout = coverLayout(spec);
  if (!layout) return [];
  const { visible, sideways } = boxesOf(page);
  const w = sideways ? heightOf(visible) : widthOf(visible);
  const h = sideways ? widthOf(visible) : heightOf(visible);
  if (near(w, layout.width, COVER_WIDTH_TOLERANCE_PT) && near(h, layout.height)) return [];
  return [
    {
      page: pageNumber,
      code: 'cover-size',
      severity: 'error',
      message: `The cover (page ${pageNumber} of the cover file) is ${inchesOf(w)} × ${inchesOf(h)} in; the cover of this ${describeBook(spec)} needs ${inchesOf(layout.width)} × ${inchesOf(layout.height)} in (${layout.description}).`,
    },
  ];
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

const nameOf = (value: PDFObject | undefined): string | undefined =>
  value instanceof PDFName ? value.decodeText() : undefined;

function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (resolved instanceof PDFDict) return resolved;
  if (resolved instanceof PDFStream) return resolved.dict;
  return undefined;
}

function arrayOf(doc: PDFDocument, value: PDFObject | undefined): PDFArray | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof PDFArrayClass ? resolved : undefined;
}

/** Whether a font dictionary carries its font program (FontFile, FontFile2 or FontFile3). */
function fontProblem(doc: PDFDocument, font: PDFDict): string | null {
  const subtype = nameOf(font.get(PDFName.of('Subtype')));
  if (subtype === 'Type3') return null; // glyphs are drawn by procedures inside the file
  let target = font;
  if (subtype === 'Type0') {
    const descendant = dictOf(doc, arrayOf(doc, font.get(PDFName.of('DescendantFonts')))?.get(0));
    if (!descendant) return ' (its descendant font is missing)';
    target = descendant;
  }
  const descriptor = dictOf(doc, target.get(PDFName.of('FontDescriptor')));
  if (!descriptor) return '';
  const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.get(PDFName.of(key)) !== undefined);
  return embedded ? null : '';
}

function fontName(font: PDFDict, key: string): string {
  const base = nameOf(font.get(PDFName.of('BaseFont')));
  if (!base) return key;
  return base.replace(/^[A-Z]{6}\+/, ''); // a subset's tag
}

function colorSpaceOf(
  doc: PDFDocument,
  value: PDFObject | undefined,
  resources: PDFDict | undefined,
  depth = 0,
): ImageResource['colorSpace'] {
  if (depth > 4) return 'other';
  const name = nameOf(value instanceof PDFRef ? doc.context.lookup(value) : value);
  if (name) {
    if (name === 'DeviceRGB' || name === 'CalRGB' || name === 'RGB') return 'rgb';
    if (name === 'DeviceCMYK' || name === 'CMYK') return 'cmyk';
    if (name === 'DeviceGray' || name === 'CalGray' || name === 'G') return 'gray';
    // A named colour space of the resources.
    const named = dictOf(doc, resources?.get(PDFName.of('ColorSpace')));
    const entry = named?.get(PDFName.of(name));
    return entry ? colorSpaceOf(doc, entry, resources, depth + 1) : 'other';
  }
  const array = arrayOf(doc, value);
  if (!array || array.size() === 0) return 'other';
  const family = nameOf(array.get(0));
  if (family === 'ICCBased') {
    const stream = dictOf(doc, array.get(1));
    const n = stream?.get(PDFName.of('N'));
    const components = n instanceof PDFNumber ? n.asNumber() : 0;
    return components === 3 ? 'rgb' : components === 4 ? 'cmyk' : components === 1 ? 'gray' : 'other';
  }
  if (family === 'Indexed' || family === 'I') return colorSpaceOf(doc, array.get(1), resources, depth + 1);
  if (family === 'CalRGB') return 'rgb';
  if (family === 'CalGray') return 'gray';
  return 'other';
}

/** Fonts and images of a resource dictionary, and of the form XObjects it holds (once each). */
function walkResources(
  doc: PDFDocument,
  resources: PDFDict,
  fonts: Map<string, string>,
  images: ImageResource[],
  seen: Set<PDFDict>,
): void {
  if (seen.has(resources)) return;
  seen.add(resources);
  const fontDict = dictOf(doc, resources.get(PDFName.of('Font')));
  for (const [key, value] of fontDict?.entries() ?? []) {
    const font = dictOf(doc, value);
    if (!font) continue;
    const problem = fontProblem(doc, font);
    if (problem !== null) fonts.set(fontName(font, key.decodeText()), problem);
  }
  const xobjects = dictOf(doc, resources.get(PDFName.of('XObject')));
  for (const [key, value] of xobjects?.entries() ?? []) {
    const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
    if (!(resolved instanceof PDFRawStream || resolved instanceof PDFStream)) continue;
    const dict = resolved.dict;
    const subtype = nameOf(dict.get(PDFName.of('Subtype')));
    if (subtype === 'Image') {
      if (dict.get(PDFName.of('ImageMask')) !== undefined) continue;
      const width = dict.get(PDFName.of('Width'));
      const height = dict.get(PDFName.of('Height'));
      images.push({
        name: key.decodeText(),
        width: width instanceof PDFNumber ? width.asNumber() : 0,
        height: height instanceof PDFNumber ? height.asNumber() : 0,
        colorSpace: colorSpaceOf(doc, dict.get(PDFName.of('ColorSpace')), resources),
      });
    } else if (subtype === 'Form') {
      const inner = dictOf(doc, dict.get(PDFName.of('Resources')));
      if (inner) walkResources(doc, inner, fonts, images, seen);
    }
  }
}
