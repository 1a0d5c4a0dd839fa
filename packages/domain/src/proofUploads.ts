import { bindingOf } from './bookSpec';
import { bookType } from './books';
import { defineEnumeration } from './enumeration';

/** The largest PDF one upload takes (2 GB); a larger book goes up as separate files (pages, cover). */
export const MAX_PROOF_FILE_BYTES = 2 * 1024 * 1024 * 1024;

/** What a school is told about a file before (in the browser) and after (on the server) it is sent. */
export const proofFileMessages = {
  notPdf: 'Only PDF files can be uploaded (application/pdf).',
  empty: 'The file is empty.',
  tooLarge: 'Files up to 2 GB can be uploaded; split the book into pages and cover.',
} as const;

/** The files of a proof: the inside pages, and the cover where the binding prints it separately. */
export const proofFileKind = defineEnumeration([
  { code: 'pages', label: 'Pages' },
  { code: 'cover', label: 'Cover' },
] as const);
export type ProofFileKind = (typeof proofFileKind.codes)[number];

/**
 * Whether the binding's cover is a file of its own. A saddle-stitched book is a self-cover: its
 * cover is the outer sheet of the folded pages, so it is the first and last pages of the pages file.
 * Every other binding prints the cover apart (a spread wrapping the spine, a hard-cover case, or the
 * coil book's front and back) and binds it on afterwards.
 */
export function hasSeparateCover(typeBook: number | null | undefined): boolean {
  return bindingOf(typeBook) !== 'saddle-stitch';
}

/** Why a cover file is refused for a self-cover binding, naming the binding. */
export function selfCoverMessage(typeBook: number | null | undefined): string {
  const binding = typeBook ? bookType.label(typeBook) : 'This';
  return `${binding} books print the cover with the pages: upload one PDF of every page, the cover included.`;
}

export interface ChosenFile {
  name: string;
  /** The browser's MIME type ('' when it does not know). */
  type: string;
  size: number;
}

/**
 * The checks a chosen file must pass before any byte is sent: a PDF (by its type, or by its name when
 * the browser gives no type), not empty, at most 2 GB. The server checks the content again.
 */
export function proofFileProblem(file: ChosenFile): string | null {
  const pdfByType = file.type === 'application/pdf';
  const pdfByName = file.type === '' && /\.pdf$/i.test(file.name);
  if (!pdfByType && !pdfByName) return proofFileMessages.notPdf;
  if (file.size <= 0) return proofFileMessages.empty;
  if (file.size > MAX_PROOF_FILE_BYTES) return proofFileMessages.tooLarge;
  return null;
}

/** A proof's processing status (the preflight and page images of `queue_proofs`). */
export const proofProcessingStatus = defineEnumeration([
  { code: 0, label: 'Queued' },
  { code: 1, label: 'Processing' },
  { code: 2, label: 'Processed' },
  { code: 3, label: 'Failed' },
] as const);

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 0 bytes, 512 bytes, 1.5 KB, 16 MB, 1.93 GB (binary multiples, as file pickers show them). */
export function formatByteSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[unit]}`;
}

/** A time left in words: 'less than a minute' is not precise enough for a progress bar, so: 45 s, 3 min 20 s, 1 h 5 min. */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.ceil(seconds);
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min ${total % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
