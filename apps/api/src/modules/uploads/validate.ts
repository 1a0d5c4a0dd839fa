import { ParseSpeeds, PDFDocument } from 'pdf-lib';

/** Why an uploaded file cannot become a proof (in words for the school), or its page count when it can. */
export async function checkUploadedPdf(bytes: Uint8Array | null): Promise<{ problem: string } | { pageCount: number }> {
  const problem = (text: string) => ({ problem: text });
  if (!bytes) return problem('No file was uploaded for this key.');
  if (bytes.byteLength === 0) return problem('The file is empty.');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    if (head.startsWith('\xff\xd8\xff')) return problem('This is a JPEG image, not a PDF.');
    if (head.startsWith('\x89PNG')) return problem('This is a PNG image, not a PDF.');
    if (head.startsWith('PK')) return problem('This is a ZIP archive, not a PDF.');
    return problem('This file is not a PDF.');
  }
  let doc: PDFDocument;
  try {
    // Loaded even when encrypted so `isEncrypted` can say so (as the preflight does).
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch {
    return problem('The PDF cannot be read; it may be damaged.');
  }
  if (doc.isEncrypted) return problem('The PDF is password-protected; export it again without a password.');
  if (doc.getPageCount() === 0) return problem('The PDF has no pages.');
  return { pageCount: doc.getPageCount() };
}
