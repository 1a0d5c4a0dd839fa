import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bytesFile, type RandomAccessFile, readPdfStructure } from '../src/modules/uploads/pdf-structure';
import { checkUploadedPdf } from '../src/modules/uploads/validate';
import { checkDocument, countPageTree, ProofTooManyPagesError } from '../src/proof-pipeline';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * A hand-made PDF with a classic cross-reference table: the catalog (1), the page tree's root (2)
 * claiming `count` pages, one page (3), and the root's kids as an array object of its own (4).
 * `damaged`: startxref points nowhere, so only a full parse can read it.
 */
function pageTreePdf(options: { count: number; kids: string; damaged?: boolean }): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids 4 0 R /Count ${options.count} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    options.kids,
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n`;
  return latin1(`${body}${table}startxref\n${options.damaged ? 12 : xrefAt}\n%%EOF\n`);
}

const manyKids = (n: number) => `[${'3 0 R '.repeat(n)}]`;
/** The root's only kid is the root itself. */
const loop = '[2 0 R]';

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

describe('counting the pages of an upload stays bounded', () => {
  it('reads the root’s /Count, never the kids: 200,000 kids or a loop cost a few small reads', async () => {
    const huge = counted(pageTreePdf({ count: 200_000, kids: manyKids(200_000) }));
    expect(huge.size).toBeGreaterThan(1_000_000);
    expect(await readPdfStructure(huge)).toEqual({ encrypted: false, pageCount: 200_000 });
    // The 64 KB tail, and a few kilobytes at each object: a sixteenth of the file.
    expect(huge.bytesRead()).toBeLessThan(huge.size / 16);
    const looping = counted(pageTreePdf({ count: 24, kids: loop }));
    expect(await readPdfStructure(looping)).toEqual({ encrypted: false, pageCount: 24 });
  });

  it('the full parse of a damaged file reads the root’s /Count too, without walking its kids', async () => {
    // 50,000 kids behind a root that says 5,000: walking them would build 50,000 page objects.
    expect(await checkUploadedPdf(pageTreePdf({ count: 5000, kids: manyKids(50_000), damaged: true }))).toEqual({
      pageCount: 5000,
    });
    expect(await checkUploadedPdf(pageTreePdf({ count: 24, kids: loop, damaged: true }))).toEqual({ pageCount: 24 });
  });
});

describe('countPageTree (the proofs worker’s count)', () => {
  const parse = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

  it.each([
    { name: 'a flat tree', kids: manyKids(3), limit: 10, expected: { pages: 3 } },
    {
      name: 'a tree past the limit (stops there)',
      kids: manyKids(200_000),
      limit: 1000,
      expected: { overLimit: true },
    },
    { name: 'a loop', kids: loop, limit: 1000, expected: { damaged: 'the page tree loops back on itself' } },
    {
      name: 'a dangling kid (skipped, as pdf-lib and pdf.js skip it)',
      kids: '[3 0 R 9 0 R]',
      limit: 10,
      expected: { pages: 1 },
    },
  ])('$name', async ({ kids, limit, expected }) => {
    expect(countPageTree(await parse(pageTreePdf({ count: 1, kids })), limit)).toEqual(expected);
  });

  it('counts nested trees', async () => {
    const doc = await PDFDocument.create();
    for (let index = 0; index < 5; index++) doc.addPage();
    // Move the last three pages under an intermediate node of their own.
    const root = doc.catalog.Pages();
    const leaves = doc.getPages().map((page) => page.ref);
    const inner = doc.context.register(
      doc.context.obj({ Type: 'Pages', Kids: leaves.slice(2), Count: 3, Parent: doc.catalog.get(PDFName.of('Pages')) }),
    );
    root.set(PDFName.of('Kids'), doc.context.obj([...leaves.slice(0, 2), inner]));
    expect(countPageTree(await parse(await doc.save()), 10)).toEqual({ pages: 5 });
  });

  it('refuses a book past the maximum before looking at its pages, and calls a looping tree damaged', async () => {
    const spec = { bookType: 1, sizeCode: 8, pageCount: 24, isCover: false } as const;
    const big = await PDFDocument.create();
    for (let index = 0; index < 1001; index++) big.addPage([612, 792]);
    await expect(checkDocument(await big.save(), spec)).rejects.toBeInstanceOf(ProofTooManyPagesError);
    const looping = await checkDocument(pageTreePdf({ count: 24, kids: loop }), spec);
    expect(looping).toMatchObject({ fatal: true, findings: [{ code: 'corrupt-file' }] });
  }, 30_000);
});
