import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { type FileStore, readRange } from '../../integrations/files/file-store';
import { bytesFile, PdfStructureError, type RandomAccessFile, readPdfStructure } from './pdf-structure';

/**
 * Files whose cross-reference data cannot be followed are parsed whole with pdf-lib, which also
 * reads damaged files; above this size that would hold too much in memory (pdf-lib keeps the
 * bytes and every parsed object, several times the file), so a larger damaged file is refused.
 */
export const FULL_PARSE_LIMIT_BYTES = 256 * 1024 * 1024;

export type PdfCheck = { problem: string } | { pageCount: number };

const problem = (text: string): PdfCheck => ({ problem: text });

/** A stored file read in ranges (null when the store has no such file). */
export async function storedFile(files: FileStore, key: string): Promise<RandomAccessFile | null> {
  const info = await files.stat(key);
  if (!info) return null;
  return {
    size: info.size,
    read: async (start, length) =>
      (await readRange(files, key, start, Math.min(length, info.size - start))) ?? Buffer.alloc(0),
  };
}

/**
 * Why an uploaded file cannot become a proof (in words for the school), or its page count when it
 * can. Reads the first kilobyte, the tail and the cross-reference data — never the whole of a
 * large file — and falls back to a full pdf-lib parse only for files up to `FULL_PARSE_LIMIT_BYTES`.
 */
export async function checkStoredPdf(file: RandomAccessFile | null): Promise<PdfCheck> {
  if (!file) return problem('No file was uploaded for this key.');
  if (file.size === 0) return problem('The file is empty.');
  const head = (await file.read(0, Math.min(1024, file.size))).toString('latin1');
  if (!head.includes('%PDF-')) {
    if (head.startsWith('\xff\xd8\xff')) return problem('This is a JPEG image, not a PDF.');
    if (head.startsWith('\x89PNG')) return problem('This is a PNG image, not a PDF.');
    if (head.startsWith('PK')) return problem('This is a ZIP archive, not a PDF.');
    return problem('This file is not a PDF.');
  }
  let structure: { encrypted: boolean; pageCount: number };
  try {
    structure = await readPdfStructure(file);
  } catch (error) {
    if (!(error instanceof PdfStructureError)) throw error;
    if (file.size > FULL_PARSE_LIMIT_BYTES) return problem('The PDF cannot be read; it may be damaged.');
    structure = await parseWhole(await file.read(0, file.size));
    if (structure.pageCount < 0) return problem('The PDF cannot be read; it may be damaged.');
  }
  if (structure.encrypted) return problem('The PDF is password-protected; export it again without a password.');
  if (structure.pageCount === 0) return problem('The PDF has no pages.');
  return { pageCount: structure.pageCount };
}

/**
 * pdf-lib on the whole file (loaded even when encrypted, so `isEncrypted` can say so); -1 pages:
 * unreadable. The count is the page tree root's /Count, as the structure reader reads it: walking
 * the tree would build an object per page of a tree with millions of kids, and recurse forever
 * round a cycle.
 */
async function parseWhole(bytes: Uint8Array): Promise<{ encrypted: boolean; pageCount: number }> {
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    if (doc.isEncrypted) return { encrypted: true, pageCount: 0 };
    const count = doc.catalog.Pages().Count().asNumber();
    return { encrypted: false, pageCount: Number.isInteger(count) && count >= 0 ? count : -1 };
  } catch {
    return { encrypted: false, pageCount: -1 };
  }
}

/** The same checks on bytes already in memory (a cover image, a test). */
export async function checkUploadedPdf(bytes: Uint8Array | null): Promise<PdfCheck> {
  return checkStoredPdf(bytes ? bytesFile(bytes) : null);
}
