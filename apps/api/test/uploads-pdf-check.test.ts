import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bytesFile, type RandomAccessFile, readPdfStructure } from '../src/modules/uploads/pdf-structure';
import { checkStoredPdf, checkUploadedPdf, FULL_PARSE_LIMIT_BYTES } from '../src/modules/uploads/validate';
import { makeBook, makeCover } from '../src/proof-pipeline/fixtures/make-book';

async function pdf(pages: number, options: { useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < pages; index++) doc.addPage([630, 810]);
  return doc.save({ ...options, addDefaultPage: false });
}

async function encrypted(useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('owner'), U: PDFString.of('user'), P: -4 }),
  );
  return doc.save({ useObjectStreams });
}

/** A file that counts the bytes read from it. */
function counted(bytes: Uint8Array): RandomAccessFile & { bytesRead: () => number } {
  const file = bytesFile(bytes);
  let total = 0;
  return {
    size: file.size,
    read: async (start, length) => {
      const piece = await file.read(start, length);
      total += piece.length;
      return piece;
    },
    bytesRead: () => total,
  };
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A new revision appended to a classic-table PDF: the page tree's root again, with another /Count. */
async function withIncrementalUpdate(count: number): Promise<Uint8Array> {
  const base = await pdf(2, { useObjectStreams: false });
  const doc = await PDFDocument.load(base);
  const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const rootRef = doc.context.trailerInfo.Root as PDFRef;
  const text = Buffer.from(base).toString('latin1');
  const previous = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const kids = doc.getPages().map((page) => `${page.ref.objectNumber} 0 R`);
  const object = `\n${pagesRef.objectNumber} 0 obj\n<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} >>\nendobj\n`;
  const objectAt = base.length + 1;
  const xrefAt = base.length + object.length;
  const table =
    `xref\n0 1\n0000000000 65535 f \n${pagesRef.objectNumber} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${doc.context.largestObjectNumber + 1} /Root ${rootRef.objectNumber} 0 R /Prev ${previous} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(base), latin1(object + table)]);
}

/** A hand-made PDF 1.5 whose cross-reference stream uses the PNG Up predictor (as Acrobat writes them). */
function withPredictorXrefStream(): Uint8Array {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n',
    '4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n',
  ];
  let body = '%PDF-1.5\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  const xrefAt = body.length;
  const rows = [[0, 0, 0, 255], ...[...offsets, xrefAt].map((offset) => [1, offset >> 8, offset & 0xff, 0])];
  const encoded: number[] = [];
  // PNG "Up": each byte minus the byte above it.
  for (const [index, row] of rows.entries()) {
    encoded.push(2);
    for (const [column, value] of row.entries()) encoded.push((value - (rows[index - 1]?.[column] ?? 0)) & 0xff);
  }
  const stream = deflateSync(Buffer.from(encoded));
  const head = `5 0 obj\n<< /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Columns 4 /Predictor 12 >> /Length ${stream.length} >>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([latin1(body), latin1(head), stream, latin1(tail)]);
}

describe('the PDF structure reader', () => {
  it('counts pages through a cross-reference stream and object streams (pdf-lib’s default)', async () => {
    expect(await readPdfStructure(bytesFile(await pdf(3)))).toEqual({ encrypted: false, pageCount: 3 });
  });

  it('counts pages through a classic cross-reference table', async () => {
    expect(await readPdfStructure(bytesFile(await pdf(5, { useObjectStreams: false })))).toEqual({
      encrypted: false,
      pageCount: 5,
    });
  });

  it('reads the newest revision of an incrementally updated file', async () => {
    expect((await readPdfStructure(bytesFile(await withIncrementalUpdate(7)))).pageCount).toBe(7);
  });

  it('undoes the PNG predictor of a cross-reference stream', async () => {
    expect(await readPdfStructure(bytesFile(withPredictorXrefStream()))).toEqual({ encrypted: false, pageCount: 2 });
  });

  it('sees /Encrypt in a table trailer and in a cross-reference stream', async () => {
    expect((await readPdfStructure(bytesFile(await encrypted(false)))).encrypted).toBe(true);
    expect((await readPdfStructure(bytesFile(await encrypted(true)))).encrypted).toBe(true);
  });

  it('reads generated yearbook pages and covers', async () => {
    const book = await makeBook({ bookType: 1, sizeCode: 5, pageCount: 8, photoPpi: 100 });
    expect(await readPdfStructure(bytesFile(book))).toEqual({ encrypted: false, pageCount: 8 });
    const cover = await makeCover({ bookType: 5, sizeCode: 5, pageCount: 24, photoPpi: 100 });
    expect((await readPdfStructure(bytesFile(cover))).pageCount).toBeGreaterThan(0);
  });

  it('reads only kilobytes of a large file: the head, the tail and the cross-reference data', async () => {
    const doc = await PDFDocument.create();
    for (let index = 0; index < 4; index++) doc.addPage();
    // 40 MB of image-like data the page count does not need.
    doc.context.register(doc.context.stream(randomBytes(40 * 1024 * 1024)));
    const file = counted(await doc.save());
    expect(file.size).toBeGreaterThan(40 * 1024 * 1024);
    expect(await checkStoredPdf(file)).toEqual({ pageCount: 4 });
    expect(file.bytesRead()).toBeLessThan(256 * 1024);
  });
});

describe('checking an uploaded PDF', () => {
  it('names what a file is when it is not a PDF, and says when it is empty or missing', async () => {
    expect(await checkUploadedPdf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]))).toEqual({
      problem: 'This is a PNG image, not a PDF.',
    });
    expect(await checkUploadedPdf(Buffer.from('PK\x03\x04zip'))).toEqual({
      problem: 'This is a ZIP archive, not a PDF.',
    });
    expect(await checkUploadedPdf(Buffer.from('hello'))).toEqual({ problem: 'This file is not a PDF.' });
    expect(await checkUploadedPdf(Buffer.alloc(0))).toEqual({ problem: 'The file is empty.' });
    expect(await checkUploadedPdf(null)).toEqual({ problem: 'No file was uploaded for this key.' });
  });

  it('refuses a password-protected PDF and one without pages', async () => {
    expect(await checkUploadedPdf(await encrypted(false))).toEqual({
      problem: 'The PDF is password-protected; export it again without a password.',
    });
    expect(await checkUploadedPdf(await pdf(0))).toEqual({ problem: 'The PDF has no pages.' });
  });

  it('falls back to a full parse when the cross-reference data is damaged, for a file of reasonable size', async () => {
    const bytes = Buffer.from(await pdf(3, { useObjectStreams: false }));
    const text = bytes.toString('latin1');
    const at = text.lastIndexOf('startxref');
    const damaged = Buffer.concat([bytes.subarray(0, at), latin1('startxref\n12\n%%EOF\n')]);
    expect(await checkUploadedPdf(damaged)).toEqual({ pageCount: 3 });
    expect(await checkUploadedPdf(Buffer.from('%PDF-1.7\nnothing else'))).toEqual({
      problem: 'The PDF cannot be read; it may be damaged.',
    });
  });

  it('refuses a damaged file larger than the full-parse limit without reading it whole', async () => {
    let bytesRead = 0;
    const huge: RandomAccessFile = {
      size: FULL_PARSE_LIMIT_BYTES + 1,
      read: async (start, length) => {
        const piece = Buffer.alloc(Math.min(length, FULL_PARSE_LIMIT_BYTES + 1 - start));
        if (start === 0) piece.write('%PDF-1.7\n', 'latin1');
        bytesRead += piece.length;
        return piece;
      },
    };
    expect(await checkStoredPdf(huge)).toEqual({ problem: 'The PDF cannot be read; it may be damaged.' });
    expect(bytesRead).toBeLessThan(1024 * 1024);
  });
});
