import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROCESSING_LIMITS,
  largestAcceptedPageCount,
  MAX_PROOF_FILE_PAGES,
  PROCESSING_WINDOW_MS,
  processingAllowance,
  uploadPageCountProblem,
} from './proofPageLimits';

describe('the largest pages file a project accepts', () => {
  it.each([
    { name: 'an 8-page booklet: one signature of 16 over', ordered: 8, typeBook: 1, largest: 24 },
    { name: 'a 24-page book: as many again', ordered: 24, typeBook: 1, largest: 48 },
    { name: 'a 48-page book: as many again', ordered: 48, typeBook: 3, largest: 96 },
    { name: 'a 96-page book: four signatures over at most', ordered: 96, typeBook: 5, largest: 160 },
    { name: 'a 400-page book: four signatures over', ordered: 400, typeBook: 9, largest: 464 },
    { name: 'a 960-page special order: never past the maximum', ordered: 960, typeBook: 5, largest: 1000 },
    { name: 'no page count yet, saddle stitched: the binding’s 96', ordered: null, typeBook: 1, largest: 160 },
    { name: 'no page count yet, perfect bound: the binding’s 480', ordered: 0, typeBook: 3, largest: 544 },
    { name: 'nothing known: a case binding’s 480', ordered: null, typeBook: null, largest: 544 },
  ])('$name → $largest', ({ ordered, typeBook, largest }) => {
    expect(largestAcceptedPageCount(ordered, typeBook)).toBe(largest);
  });
});

describe('uploadPageCountProblem', () => {
  it.each([
    { name: 'the ordered count', pageCount: 24, kind: 'pages', projectPageCount: 24, typeBook: 1, refused: false },
    { name: 'a signature dropped', pageCount: 8, kind: 'pages', projectPageCount: 24, typeBook: 1, refused: false },
    {
      name: 'one page (short books are not refused)',
      pageCount: 1,
      kind: 'pages',
      projectPageCount: 400,
      typeBook: 5,
      refused: false,
    },
    { name: 'just inside the margin', pageCount: 48, kind: 'pages', projectPageCount: 24, typeBook: 1, refused: false },
    { name: 'just past the margin', pageCount: 49, kind: 'pages', projectPageCount: 24, typeBook: 1, refused: true },
    { name: 'the page-count bomb', pageCount: 5000, kind: 'pages', projectPageCount: 24, typeBook: 1, refused: true },
    {
      name: 'the maximum, for a huge project',
      pageCount: 1000,
      kind: 'pages',
      projectPageCount: 2000,
      typeBook: 5,
      refused: false,
    },
    {
      name: 'past the maximum, for a huge project',
      pageCount: 1001,
      kind: 'pages',
      projectPageCount: 2000,
      typeBook: 5,
      refused: true,
    },
    { name: 'a two-page cover', pageCount: 2, kind: 'cover', projectPageCount: 24, typeBook: 3, refused: false },
    {
      name: 'a cover with inside covers',
      pageCount: 4,
      kind: 'cover',
      projectPageCount: 24,
      typeBook: 3,
      refused: false,
    },
    {
      name: 'the pages sent as the cover',
      pageCount: 24,
      kind: 'cover',
      projectPageCount: 24,
      typeBook: 3,
      refused: true,
    },
    {
      name: 'no project count, within the binding',
      pageCount: 150,
      kind: 'pages',
      projectPageCount: null,
      typeBook: 1,
      refused: false,
    },
    {
      name: 'no project count, far past the binding',
      pageCount: 400,
      kind: 'pages',
      projectPageCount: null,
      typeBook: 1,
      refused: true,
    },
  ] as const)('$name: $pageCount pages refused: $refused', ({ refused, ...upload }) => {
    expect(uploadPageCountProblem(upload) !== null).toBe(refused);
  });

  it('says the counts in words', () => {
    expect(uploadPageCountProblem({ pageCount: 5000, kind: 'pages', projectPageCount: 24, typeBook: 1 })).toBe(
      'This PDF has 5,000 pages; a proof can have at most 1,000. Check that this is the right file, or split the book.',
    );
    expect(uploadPageCountProblem({ pageCount: 200, kind: 'pages', projectPageCount: 24, typeBook: 1 })).toBe(
      'This PDF has 200 pages; the project is a 24-page book, so a file of at most 48 pages is accepted. Check that this is the right file, or ask us to change the project’s page count.',
    );
    expect(uploadPageCountProblem({ pageCount: 400, kind: 'pages', projectPageCount: null, typeBook: 1 })).toBe(
      'This PDF has 400 pages; a Saddle Stitched book has at most 96, so a file of at most 160 pages is accepted. Check that this is the right file.',
    );
    expect(uploadPageCountProblem({ pageCount: 24, kind: 'cover', projectPageCount: 24, typeBook: 3 })).toBe(
      'This PDF has 24 pages; a cover file has at most 4 (the outside and the inside covers). Upload the book’s pages as the pages file.',
    );
    expect(MAX_PROOF_FILE_PAGES).toBe(1000);
  });
});

describe('processingAllowance', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const limits = { pagesPerHour: 1000, bytesPerHour: 10_000 };

  it.each([
    { name: 'nothing used', used: [], pages: 1000, bytes: 10, allowed: true, retryInMinutes: null },
    {
      name: 'exactly up to the limit',
      used: [{ pages: 600, bytes: 0, at: minutesAgo(10) }],
      pages: 400,
      bytes: 10,
      allowed: true,
      retryInMinutes: null,
    },
    {
      name: 'one page over: when the oldest use leaves the hour',
      used: [
        { pages: 600, bytes: 0, at: minutesAgo(50) },
        { pages: 300, bytes: 0, at: minutesAgo(5) },
      ],
      pages: 101,
      bytes: 10,
      allowed: false,
      retryInMinutes: 10,
    },
    {
      name: 'a large upload: when enough uses have left',
      used: [
        { pages: 300, bytes: 0, at: minutesAgo(40) },
        { pages: 300, bytes: 0, at: minutesAgo(50) },
        { pages: 300, bytes: 0, at: minutesAgo(20) },
      ],
      pages: 700,
      bytes: 10,
      allowed: false,
      retryInMinutes: 20,
    },
    {
      name: 'uses older than an hour do not count',
      used: [{ pages: 1000, bytes: 10_000, at: minutesAgo(60) }],
      pages: 1000,
      bytes: 10,
      allowed: true,
      retryInMinutes: null,
    },
    {
      name: 'bytes count too',
      used: [{ pages: 1, bytes: 9_000, at: minutesAgo(15) }],
      pages: 1,
      bytes: 1_001,
      allowed: false,
      retryInMinutes: 45,
    },
  ])('$name', ({ used, pages, bytes, allowed, retryInMinutes }) => {
    const answer = processingAllowance(used, { pages, bytes }, limits, now);
    expect(answer.allowed).toBe(allowed);
    if (!answer.allowed) expect((answer.retryAt.getTime() - now.getTime()) / 60_000).toBe(retryInMinutes);
  });

  it('says what was used, the limit, and when to try again', () => {
    const pages = processingAllowance(
      [{ pages: 2900, bytes: 0, at: minutesAgo(37) }],
      { pages: 400, bytes: 1 },
      DEFAULT_PROCESSING_LIMITS,
      now,
    );
    expect(pages.allowed ? null : pages.message).toBe(
      'In the last hour 2,900 pages of yours were processed; this file’s 400 would pass the limit of 3,000 pages an hour. Try again in 23 minutes.',
    );
    const bytes = processingAllowance(
      [{ pages: 1, bytes: 9_000, at: minutesAgo(59.5) }],
      { pages: 1, bytes: 2_000 },
      limits,
      now,
    );
    expect(bytes.allowed ? null : bytes.message).toBe(
      'In the last hour 8.79 KB of your files were processed; this file’s 1.95 KB would pass the limit of 9.77 KB an hour. Try again in 1 minute.',
    );
    expect(PROCESSING_WINDOW_MS).toBe(3_600_000);
  });
});
