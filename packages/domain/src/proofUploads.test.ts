import { describe, expect, it } from 'vitest';
import {
  formatByteSize,
  formatTimeLeft,
  hasSeparateCover,
  MAX_PROOF_FILE_BYTES,
  proofFileProblem,
  proofProcessingStatus,
  selfCoverMessage,
} from './proofUploads';

describe('the files of a proof', () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
    [4, true],
    [5, true],
    [6, true],
    [7, true],
    [8, true],
    [9, true],
    [10, true],
  ])('book type %i has a separate cover file: %s', (typeBook, separate) => {
    expect(hasSeparateCover(typeBook)).toBe(separate);
  });

  it('names the self-cover binding when it refuses a cover', () => {
    expect(selfCoverMessage(2)).toBe(
      'Saddle Stitched B&W books print the cover with the pages: upload one PDF of every page, the cover included.',
    );
  });

  it('checks a chosen file: a PDF by type (or by name when the browser gives none), not empty, at most 2 GB', () => {
    expect(proofFileProblem({ name: 'book.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(proofFileProblem({ name: 'book.PDF', type: '', size: 10 })).toBeNull();
    expect(proofFileProblem({ name: 'book.pdf', type: 'image/png', size: 10 })).toBe(
      'Only PDF files can be uploaded (application/pdf).',
    );
    expect(proofFileProblem({ name: 'book.txt', type: '', size: 10 })).toBe(
      'Only PDF files can be uploaded (application/pdf).',
    );
    expect(proofFileProblem({ name: 'book.pdf', type: 'application/pdf', size: 0 })).toBe('The file is empty.');
    expect(proofFileProblem({ name: 'book.pdf', type: 'application/pdf', size: MAX_PROOF_FILE_BYTES })).toBeNull();
    expect(proofFileProblem({ name: 'book.pdf', type: 'application/pdf', size: MAX_PROOF_FILE_BYTES + 1 })).toBe(
      'Files up to 2 GB can be uploaded; split the book into pages and cover.',
    );
  });

  it('labels a proof’s processing status', () => {
    expect(proofProcessingStatus.codes.map((code) => proofProcessingStatus.label(code))).toEqual([
      'Queued',
      'Processing',
      'Processed',
      'Failed',
    ]);
  });
});

describe('transfer figures', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [1536, '1.5 KB'],
    [16 * 1024 * 1024, '16 MB'],
    [150 * 1024 * 1024, '150 MB'],
    [2 * 1024 ** 3 - 1, '2 GB'],
    [1.93 * 1024 ** 3, '1.93 GB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(formatByteSize(bytes)).toBe(text);
  });

  it.each([
    [0, '0 s'],
    [44.2, '45 s'],
    [200, '3 min 20 s'],
    [3900, '1 h 5 min'],
    [Number.POSITIVE_INFINITY, '—'],
    [-1, '—'],
  ])('%f seconds left read %s', (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });
});
