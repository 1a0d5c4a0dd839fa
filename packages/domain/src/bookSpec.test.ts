import { describe, expect, it } from 'vitest';
import { bookSpecViolations, bookTypesOfferedTo, isHardCover, withProjectDefaults } from './bookSpec';

const paths = (spec: Parameters<typeof bookSpecViolations>[0]) => bookSpecViolations(spec).map((v) => v.path);

describe('bookSpecViolations', () => {
  it('accepts an open specification', () => {
    expect(paths({})).toEqual([]);
  });

  it.each([
    { name: 'a saddle-stitched book of 48 pages', typeBook: 1, pageCount: 48, ok: true },
    { name: 'a saddle-stitched book of 120 pages', typeBook: 1, pageCount: 120, ok: false },
    { name: 'a saddle-stitched book of 4 pages', typeBook: 2, pageCount: 4, ok: false },
    { name: 'a hard cover of 200 pages', typeBook: 5, pageCount: 200, ok: true },
    { name: 'a hard cover of 20 pages', typeBook: 9, pageCount: 20, ok: false },
    { name: 'a perfect-bound book of 43 pages (every leaf has two sides)', typeBook: 3, pageCount: 43, ok: false },
    { name: 'a perfect-bound book of 42 pages', typeBook: 3, pageCount: 42, ok: true },
    { name: 'a Smyth-sewn book of 100 pages (signatures of 16)', typeBook: 9, pageCount: 100, ok: false },
    { name: 'a saddle-stitched book of 30 pages (sheets of 4)', typeBook: 1, pageCount: 30, ok: false },
    { name: 'a coil-bound book of 300 pages', typeBook: 7, pageCount: 300, ok: true },
  ])('judges $name', ({ typeBook, pageCount, ok }) => {
    expect(paths({ typeBook, pageCount })).toEqual(ok ? [] : ['pageCount']);
  });

  it.each([
    { typeBook: 5, board: 100, ok: true },
    { typeBook: 10, board: 120, ok: true },
    { typeBook: 6, board: 0, ok: false },
    { typeBook: 3, board: 0, ok: true },
    { typeBook: 1, board: 100, ok: false },
  ])('book type $typeBook with board $board: ok=$ok', ({ typeBook, board, ok }) => {
    expect(paths({ typeBook, typeCoverBoardWeight: board })).toEqual(ok ? [] : ['typeCoverBoardWeight']);
    expect(isHardCover(typeBook)).toBe([5, 6, 9, 10].includes(typeBook));
  });

  it('refuses repeated cover applications and None mixed with others', () => {
    expect(paths({ coverApplications: [3, 11] })).toEqual([]);
    expect(paths({ coverApplications: [0] })).toEqual([]);
    expect(paths({ coverApplications: [3, 3] })).toEqual(['coverApplications']);
    expect(paths({ coverApplications: [0, 11] })).toEqual(['coverApplications']);
  });

  it('refuses an in-home date before the submission deadline', () => {
    expect(paths({ submissionDeadline: '2026-03-01', inHomeDate: '2026-05-15' })).toEqual([]);
    expect(paths({ submissionDeadline: '2026-03-01', inHomeDate: '2026-02-15' })).toEqual(['inHomeDate']);
  });
});

describe('bookTypesOfferedTo (part 3: the sales-rep view offers only 1, 2, 3, 5, 9 and 10)', () => {
  it('offers a sales rep the subset', () => {
    expect(bookTypesOfferedTo(99)).toEqual([1, 2, 3, 5, 9, 10]);
  });
  it('offers everyone else, and a super administrator, every book type', () => {
    expect(bookTypesOfferedTo(8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bookTypesOfferedTo(99, true)).toHaveLength(10);
  });
});

describe('withProjectDefaults', () => {
  it('keeps what was given, fills the rest from the nearest default', () => {
    const merged = withProjectDefaults({ typeBook: 5, copies: undefined, typeFinish: null }, [
      { copies: 300 },
      { copies: 100, typeFinish: 3, typeSize: 8 },
      null,
    ]);
    expect(merged).toMatchObject({ typeBook: 5, copies: 300, typeFinish: null, typeSize: 8 });
  });
});
