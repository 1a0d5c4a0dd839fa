import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  addTrueTypeFont,
  addType0Font,
  addType3Font,
  findSystemTtf,
  readTtf,
} from '../src/proof-pipeline/fixtures/fonts';
import { type MakeBookOptions, makeBook, makeCover, makePhoto } from '../src/proof-pipeline/fixtures/make-book';
import { type BookSpec, type Finding, preflight, summarize } from '../src/proof-pipeline/index';

// These tests touch no database: run them once, not again in the PostgreSQL project.
const once = process.env.COLOPHON_TEST_DB === 'postgres';

/** A small book: 5.5 × 8.5 in saddle-stitched, 8 pages, photos at 220 ppi (above every threshold). */
const small: MakeBookOptions = { bookType: 1, sizeCode: 5, pageCount: 8, photoPpi: 220 };
const specOf = (options: MakeBookOptions, extra: Partial<BookSpec> = {}): BookSpec => ({
  bookType: options.bookType,
  sizeCode: options.sizeCode,
  pageCount: options.pageCount,
  ...extra,
});
const codes = (findings: Finding[]) => [...new Set(findings.map((finding) => finding.code))].sort();
const ttf = findSystemTtf();

/** One page of the small book's size (with bleed and a TrimBox), to build special cases on. */
async function onePageDoc(): Promise<{ doc: PDFDocument; page: ReturnType<PDFDocument['addPage']> }> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([414, 630]);
  page.setTrimBox(9, 9, 396, 612);
  return { doc, page };
}
const onePageSpec: BookSpec = { bookType: 7, sizeCode: 5, pageCount: 0 };
/** Preflight of a one-page test document: the book's page-count rule is not what it is about. */
const check = async (bytes: Uint8Array) =>
  (await preflight(bytes, onePageSpec)).filter((finding) => finding.code !== 'page-count');

describe.skipIf(once)('preflight', () => {
  it('finds nothing wrong in a clean book', async () => {
    const findings = await preflight(await makeBook(small), specOf(small));
    expect(findings).toEqual([]);
    expect(summarize(findings)).toEqual({
      errors: 0,
      warnings: 0,
      byCode: {},
      pagesWithErrors: [],
      passed: true,
      notificationTypes: [110],
    });
  });

  it.each([
    [
      'perfect bound B&W, 8.5 × 11, Type0 text',
      { bookType: 4, sizeCode: 8, pageCount: 24, photoPpi: 205, font: 'type0' },
    ],
    [
      'Smyth sewn, 11.5 × 8.5 landscape, Type3 text',
      { bookType: 9, sizeCode: 11, pageCount: 32, photoPpi: 205, font: 'type3' },
    ],
  ] as const)('finds nothing wrong in a clean %s book', async (_name, options) => {
    expect(await preflight(await makeBook(options), specOf(options))).toEqual([]);
  });

  describe('the file itself', () => {
    it('rejects an empty file before any page work', async () => {
      const findings = await preflight(new Uint8Array(), specOf(small));
      expect(findings).toEqual([
        expect.objectContaining({
          page: null,
          code: 'empty-file',
          severity: 'error',
          message: expect.stringMatching(/empty/),
        }),
      ]);
    });

    it('rejects a file that is not a PDF, naming what it is', async () => {
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const findings = await preflight(new Uint8Array(png), specOf(small));
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ code: 'not-pdf', severity: 'error' });
      expect(findings[0]?.message).toContain('PNG image');
    });

    it('rejects an encrypted PDF', async () => {
      const { doc } = await onePageDoc();
      doc.context.trailerInfo.Encrypt = doc.context.register(
        doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
      );
      const bytes = await doc.save({ useObjectStreams: false });
      const findings = await check(bytes);
      expect(findings).toEqual([expect.objectContaining({ page: null, code: 'encrypted', severity: 'error' })]);
      expect(findings[0]?.message).toMatch(/password/);
    });

    it('rejects a damaged PDF', async () => {
      const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\n%%EOF');
      const findings = await preflight(bytes, specOf(small));
      expect(findings).toHaveLength(1);
      expect(['corrupt-file', 'no-pages']).toContain(findings[0]?.code);
    });
  });

  describe('page size and bleed', () => {
    it('finds pages without bleed, in words a school understands', async () => {
      const options = { ...small, faults: { noBleed: true } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(codes(findings)).toEqual(['no-bleed']);
      expect(findings).toHaveLength(8);
      expect(findings[0]).toMatchObject({ page: 1, severity: 'error' });
      expect(findings[0]?.message).toBe(
        'Page 1 is 5.5 × 8.5 in, the trim size with no bleed; this book needs 5.75 × 8.75 in including 0.125 in bleed. Extend backgrounds and photos 0.125 in past the trim on every side.',
      );
    });

    it('finds pages of the wrong size', async () => {
      const options = { ...small, faults: { wrongSize: true } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(codes(findings)).toEqual(['page-size']);
      expect(findings[0]?.message).toBe(
        'Page 1 is 8.5 × 11 in; this book needs 5.75 × 8.75 in including 0.125 in bleed.',
      );
    });

    it('finds a trim box with too little artwork beyond it, naming the sides', async () => {
      const doc = await PDFDocument.create();
      const page = doc.addPage([396 + 9 + 2, 612 + 18]); // 0.125 in left, 2 pt right
      page.setTrimBox(9, 9, 396, 612);
      const findings = await check(await doc.save());
      expect(findings).toEqual([expect.objectContaining({ page: 1, code: 'no-bleed', severity: 'error' })]);
      expect(findings[0]?.message).toMatch(/^Page 1 has no bleed at the right:/);
    });

    it('finds a trim box of the wrong size', async () => {
      const doc = await PDFDocument.create();
      const page = doc.addPage([630, 810]);
      page.setTrimBox(9, 9, 612, 792);
      const findings = await check(await doc.save());
      expect(findings).toEqual([expect.objectContaining({ page: 1, code: 'page-size' })]);
      expect(findings[0]?.message).toMatch(/trim at 8.5 × 11 in; this book trims at 5.5 × 8.5 in/);
    });

    it('tolerates a box 1 pt off', async () => {
      const doc = await PDFDocument.create();
      doc.addPage([414.9, 629.2]);
      expect(await check(await doc.save())).toEqual([]);
    });
  });

  describe('page count', () => {
    const blankBook = async (pages: number) => {
      const doc = await PDFDocument.create();
      for (let i = 0; i < pages; i++) doc.addPage([414, 630]);
      return doc.save();
    };
    it.each([
      [1, 10, 'needs a multiple of 4'],
      [1, 100, 'takes 8 to 96 pages'],
      [3, 20, 'takes 24 to 480 pages'],
      [3, 25, 'needs a multiple of 2'],
      [9, 40, 'needs a multiple of 16'],
      [7, 9, 'needs a multiple of 2'],
      [5, 27, 'needs a multiple of 2'],
    ])('book type %i with %i pages: %s', async (bookType, pages, words) => {
      const findings = await preflight(await blankBook(pages), { bookType, sizeCode: 5, pageCount: pages });
      expect(findings).toEqual([expect.objectContaining({ page: null, code: 'page-count', severity: 'error' })]);
      expect(findings[0]?.message).toContain(words);
    });

    it('accepts the counts each binding takes', async () => {
      for (const [bookType, pages] of [
        [1, 8],
        [2, 96],
        [3, 24],
        [9, 48],
        [7, 10],
        [10, 26],
      ] as const) {
        expect(await preflight(await blankBook(pages), { bookType, sizeCode: 5, pageCount: pages })).toEqual([]);
      }
    });

    it('finds a file whose count differs from the project’s', async () => {
      const options = { ...small, faults: { pageCountDelta: 4 } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(findings).toEqual([
        expect.objectContaining({ page: null, code: 'page-count-mismatch', severity: 'error' }),
      ]);
      expect(findings[0]?.message).toBe(
        'The file has 12 pages, but the project is set up for 8. Upload the full book, or ask us to change the project’s page count.',
      );
    });
  });

  describe('fonts', () => {
    it('finds a font that is not embedded (a standard font pdf-lib leaves out)', async () => {
      const options = { ...small, faults: { unembeddedFont: true } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(codes(findings)).toEqual(['font-not-embedded']);
      expect(findings[0]).toMatchObject({ page: 1, severity: 'error' });
      expect(findings[0]?.message).toMatch(/^Page 1 uses the font “Helvetica”, which is not embedded/);
    });

    it('accepts a Type3 font (its glyphs are in the file)', async () => {
      const { doc, page } = await onePageDoc();
      page.node.setFontDictionary(PDFName.of('F3'), addType3Font(doc).ref);
      expect(await check(await doc.save())).toEqual([]);
    });

    it.runIf(ttf)('tells an embedded TrueType font from one without its font program', async () => {
      const { doc, page } = await onePageDoc();
      const bytes = readTtf(ttf!);
      page.node.setFontDictionary(PDFName.of('F1'), addTrueTypeFont(doc, bytes, { name: 'Embedded' }).ref);
      page.node.setFontDictionary(PDFName.of('F2'), addTrueTypeFont(doc, bytes, { name: 'Missing', embed: false }).ref);
      const findings = await check(await doc.save());
      expect(findings).toEqual([
        expect.objectContaining({ code: 'font-not-embedded', message: expect.stringContaining('“Missing”') }),
      ]);
    });

    it.runIf(ttf)('looks into a Type0 font’s descendant for the font program', async () => {
      const { doc, page } = await onePageDoc();
      const bytes = readTtf(ttf!);
      page.node.setFontDictionary(PDFName.of('F1'), addType0Font(doc, bytes, { name: 'ABCDEF+Composite' }).ref);
      page.node.setFontDictionary(
        PDFName.of('F2'),
        addType0Font(doc, bytes, { name: 'BCDEFG+Hollow', embed: false }).ref,
      );
      const findings = await check(await doc.save());
      // The subset tag is dropped from the name.
      expect(findings).toEqual([
        expect.objectContaining({ code: 'font-not-embedded', message: expect.stringContaining('“Hollow”') }),
      ]);
    });

    it('finds fonts used inside a form XObject', async () => {
      const { doc, page } = await onePageDoc();
      const helvetica = await doc.embedFont(StandardFonts.Helvetica);
      const form = doc.context.register(
        doc.context.stream('BT /H 12 Tf 10 10 Td (Hi) Tj ET', {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, 100, 100],
          Resources: { Font: { H: helvetica.ref } },
        }),
      );
      page.node.setXObject(PDFName.of('Fm1'), form);
      const findings = await check(await doc.save());
      expect(findings).toEqual([
        expect.objectContaining({ code: 'font-not-embedded', message: expect.stringContaining('Helvetica') }),
      ]);
    });
  });

  describe('images', () => {
    it('finds a photo below 150 ppi as an error, with where it is', async () => {
      const options = { ...small, faults: { lowResolution: true } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(findings).toEqual([
        expect.objectContaining({
          page: 2,
          code: 'low-resolution',
          severity: 'error',
          box: { x: 45, y: 153, width: 216, height: 162 },
        }),
      ]);
      expect(findings[0]?.message).toBe(
        'A photo on page 2 prints at 72 ppi (3.00 × 2.25 in from 216 × 162 px); it will look blurry or blocky. Photos need at least 150 ppi (300 is best): use a larger original or print it smaller.',
      );
    });

    it('warns about a photo between 150 and 200 ppi', async () => {
      const options = { ...small, faults: { lowResolution: 'marginal' as const } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(findings).toEqual([expect.objectContaining({ page: 2, code: 'low-resolution', severity: 'warning' })]);
      expect(findings[0]?.message).toMatch(/prints at 175 ppi/);
    });

    it('measures resolution at the placed size, through the page’s transforms', async () => {
      const { doc, page } = await onePageDoc();
      const image = await doc.embedJpg(await makePhoto(600, 400, { color: 'cmyk' }));
      // 600 px over 2 in = 300 ppi; the same image scaled up in a nested transform to 5 in = 120 ppi.
      page.drawImage(image, { x: 20, y: 20, width: 144, height: 96 });
      const form = doc.context.register(
        doc.context.stream('q 360 0 0 240 0 0 cm /Im Do Q', {
          Type: 'XObject',
          Subtype: 'Form',
          BBox: [0, 0, 360, 240],
          Matrix: [1, 0, 0, 1, 20, 300],
          Resources: { XObject: { Im: image.ref } },
        }),
      );
      page.node.setXObject(PDFName.of('Fm1'), form);
      page.pushOperators(pushGraphicsState(), drawObject('Fm1'), popGraphicsState());
      const findings = await check(await doc.save());
      expect(findings).toEqual([
        expect.objectContaining({
          code: 'low-resolution',
          severity: 'error',
          box: { x: 20, y: 90, width: 360, height: 240 },
        }),
      ]);
      expect(findings[0]?.message).toMatch(/prints at 120 ppi \(5.00 × 3.33 in from 600 × 400 px\)/);
    });

    it('warns once per page about RGB photos, with each place', async () => {
      const options = { ...small, faults: { rgbImages: true } };
      const findings = await preflight(await makeBook(options), specOf(options));
      expect(codes(findings)).toEqual(['rgb-image']);
      expect(findings).toHaveLength(8);
      expect(findings.every((finding) => finding.severity === 'warning')).toBe(true);
      const grid = findings.find((finding) => finding.page === 2);
      expect(grid?.message).toMatch(/^4 photos on page 2 are in RGB colour/);
      expect(grid?.boxes).toHaveLength(4);
    });

    it('treats an ICC-based image with three components as RGB, and greyscale or CMYK as fine', async () => {
      const { doc, page } = await onePageDoc();
      // An image XObject written by hand: RGB JPEG data under an ICCBased colour space with N = 3.
      const icc = doc.context.register(doc.context.stream(new Uint8Array(0), { N: 3, Alternate: 'DeviceRGB' }));
      const jpeg = await makePhoto(300, 300, { color: 'rgb' });
      const image = doc.context.register(
        doc.context.stream(jpeg, {
          Type: 'XObject',
          Subtype: 'Image',
          Width: 300,
          Height: 300,
          BitsPerComponent: 8,
          ColorSpace: [PDFName.of('ICCBased'), icc],
          Filter: 'DCTDecode',
        }),
      );
      page.node.setXObject(PDFName.of('Icc'), image);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(72, 0, 0, 72, 20, 20),
        drawObject('Icc'),
        popGraphicsState(),
      );
      const gray = await doc.embedJpg(await makePhoto(300, 300, { color: 'gray', seed: 2 }));
      page.drawImage(gray, { x: 200, y: 20, width: 72, height: 72 });
      const cmyk = await doc.embedJpg(await makePhoto(301, 300, { color: 'cmyk', seed: 3 }));
      page.drawImage(cmyk, { x: 200, y: 200, width: 72, height: 72 });
      const findings = await check(await doc.save());
      expect(findings).toEqual([
        expect.objectContaining({
          code: 'rgb-image',
          severity: 'warning',
          box: { x: 20, y: 538, width: 72, height: 72 },
        }),
      ]);
    });
  });

  it('warns about hairlines, with where they are', async () => {
    const options = { ...small, faults: { hairline: true } };
    const findings = await preflight(await makeBook(options), specOf(options));
    expect(findings).toEqual([
      expect.objectContaining({
        page: 1,
        code: 'hairline',
        severity: 'warning',
        box: { x: 45, y: 315, width: 324, height: 0 },
      }),
    ]);
    expect(findings[0]?.message).toBe(
      'Page 1 has a line thinner than 0.25 pt (the thinnest is 0.1 pt). Lines that thin may break up or vanish in print; make them at least 0.25 pt.',
    );
  });

  describe('covers', () => {
    it.each([
      ['saddle stitched', 1, 24],
      ['perfect bound', 3, 96],
      ['hard cover', 5, 96],
      ['coil', 7, 40],
    ])('accepts a %s cover of the right size', async (_name, bookType, pageCount) => {
      const options = { bookType, sizeCode: 8, pageCount, photoPpi: 200 };
      expect(await preflight(await makeCover(options), specOf(options, { isCover: true }))).toEqual([]);
    });

    it('finds a cover of the wrong size, and says what it needs', async () => {
      const options = { bookType: 3, sizeCode: 8, pageCount: 96, photoPpi: 200, faults: { wrongSize: true } };
      const findings = await preflight(await makeCover(options), specOf(options, { isCover: true }));
      expect(findings).toEqual([expect.objectContaining({ page: 1, code: 'cover-size', severity: 'error' })]);
      expect(findings[0]?.message).toBe(
        'The cover (page 1 of the cover file) is 17 × 11 in; the cover of this Soft Cover Perfect Bound 8.5 × 11 in book needs 17.466 × 11.25 in (front and back of 8.5 in, a 0.216 in spine for 96 pages, and 0.125 in bleed).',
      );
    });

    it('finds a cover file with too many pages', async () => {
      const options = { bookType: 3, sizeCode: 8, pageCount: 96, photoPpi: 200 };
      const doc = await PDFDocument.load(await makeCover(options));
      for (let i = 0; i < 2; i++) doc.addPage([1257.55, 810]);
      const findings = await preflight(await doc.save(), specOf(options, { isCover: true }));
      expect(findings).toEqual([expect.objectContaining({ page: null, code: 'page-count' })]);
      expect(findings[0]?.message).toMatch(/^The cover file has 3 pages; the cover of a Soft Cover Perfect Bound/);
    });
  });

  it('summarizes findings: counts, pages with errors, and the notifications to raise', async () => {
    const options = {
      ...small,
      faults: { lowResolution: true, hairline: true, unembeddedFont: true, pageCountDelta: 4 },
    };
    const findings = await preflight(await makeBook(options), specOf(options));
    const summary = summarize(findings);
    expect(summary.passed).toBe(false);
    // Captions (in Helvetica) are on three of every four pages: the story pages 4, 8 and 12 have none.
    expect(summary.byCode).toEqual({
      'font-not-embedded': 9,
      'low-resolution': 1,
      hairline: 1,
      'page-count-mismatch': 1,
    });
    expect(summary.errors).toBe(11);
    expect(summary.warnings).toBe(1);
    expect(summary.pagesWithErrors).toEqual([1, 2, 3, 5, 6, 7, 9, 10, 11]);
    expect(summary.notificationTypes).toEqual([22, 27, 28]);
    // Findings come in reading order: the whole file first, then by page, errors first.
    expect(findings[0]?.page).toBeNull();
    expect(findings.slice(1).map((finding) => finding.page)).toEqual(
      [...findings.slice(1).map((finding) => finding.page)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });
});
