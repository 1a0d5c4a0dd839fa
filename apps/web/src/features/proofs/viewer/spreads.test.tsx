import { describe, expect, it } from 'vitest';
import {
  clampPage,
  lastSpreadPage,
  nextPage,
  previousPage,
  spreadLabel,
  spreadOf,
  spreadSizePts,
  spreadsOf,
} from './spreads';

describe('spreads as in the printed book', () => {
  it.each([
    // page, pages in the book, left, right, pages shown
    [1, 120, null, 1, [1]],
    [2, 120, 2, 3, [2, 3]],
    [3, 120, 2, 3, [2, 3]],
    [4, 120, 4, 5, [4, 5]],
    [5, 120, 4, 5, [4, 5]],
    [119, 120, 118, 119, [118, 119]],
    [120, 120, 120, null, [120]],
    [5, 5, 4, 5, [4, 5]],
    [4, 5, 4, 5, [4, 5]],
    [6, 6, 6, null, [6]],
    [1, 1, null, 1, [1]],
    [2, 2, 2, null, [2]],
    // a page past the end opens the last spread; below 1 the first
    [999, 6, 6, null, [6]],
    [0, 6, null, 1, [1]],
    [-3, 6, null, 1, [1]],
  ] as const)('opens page %i of %i on the spread %s–%s', (page, count, left, right, pages) => {
    expect(spreadOf(page, count, 'spread')).toEqual({ left, right, pages });
  });

  it.each([
    [1, 5],
    [3, 5],
    [5, 5],
    [1, 1],
  ])('shows page %i of %i alone in single view', (page, count) => {
    expect(spreadOf(page, count, 'single')).toEqual({ left: null, right: null, pages: [page] });
  });

  it('shows nothing for a book without pages', () => {
    expect(spreadOf(1, 0, 'spread').pages).toEqual([]);
    expect(spreadsOf(0, 'spread')).toEqual([]);
  });

  it.each([
    [1, [[1]]],
    [2, [[1], [2]]],
    [5, [[1], [2, 3], [4, 5]]],
    [6, [[1], [2, 3], [4, 5], [6]]],
    [7, [[1], [2, 3], [4, 5], [6, 7]]],
  ])('cuts a %i-page book into spreads', (count, expected) => {
    expect(spreadsOf(count, 'spread').map((spread) => spread.pages)).toEqual(expected);
  });

  it('cuts a book into single pages in single view', () => {
    expect(spreadsOf(3, 'single').map((spread) => spread.pages)).toEqual([[1], [2], [3]]);
  });
});

describe('turning pages', () => {
  it.each([
    // view, page, pages in the book, next, previous
    ['spread', 1, 5, 2, null],
    ['spread', 2, 5, 4, 1],
    ['spread', 3, 5, 4, 1],
    ['spread', 4, 5, null, 2],
    ['spread', 5, 5, null, 2],
    ['spread', 5, 6, 6, 2],
    ['spread', 6, 6, null, 4],
    ['spread', 1, 1, null, null],
    ['spread', 1, 2, 2, null],
    ['spread', 2, 2, null, 1],
    ['single', 1, 5, 2, null],
    ['single', 3, 5, 4, 2],
    ['single', 5, 5, null, 4],
    ['single', 1, 1, null, null],
  ] as const)('in %s view from page %i of %i: next %s, previous %s', (view, page, count, next, previous) => {
    expect(nextPage(page, count, view)).toBe(next);
    expect(previousPage(page, count, view)).toBe(previous);
  });

  it.each([
    ['spread', 5, 4],
    ['spread', 6, 6],
    ['spread', 1, 1],
    ['single', 5, 5],
  ] as const)('End in %s view of a %i-page book opens page %i', (view, count, last) => {
    expect(lastSpreadPage(count, view)).toBe(last);
  });

  it.each([
    [3, 5, 3],
    [0, 5, 1],
    [9, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [4, 0, 1],
  ])('keeps page %s of %i within the book as %i', (page, count, expected) => {
    expect(clampPage(page, count)).toBe(expected);
  });
});

describe('what the viewer says and how much room a spread takes', () => {
  it.each([
    [1, 120, 'Page 1 of 120'],
    [4, 120, 'Pages 4–5 of 120'],
    [120, 120, 'Page 120 of 120'],
  ])('labels page %i of %i "%s"', (page, count, label) => {
    expect(spreadLabel(spreadOf(page, count, 'spread'), count)).toBe(label);
  });

  const letter = () => ({ width: 612, height: 792 });
  it.each([
    ['spread', 1, 1224],
    ['spread', 2, 1224],
    ['spread', 6, 1224],
    ['single', 2, 612],
  ] as const)('in %s view page %i of 6 takes %i points across', (view, page, width) => {
    expect(spreadSizePts(spreadOf(page, 6, view), letter)).toEqual({ width, height: 792 });
  });

  it('adds the widths of facing pages of different sizes and takes the taller height', () => {
    const sizeOf = (page: number) => (page === 2 ? { width: 600, height: 800 } : { width: 612, height: 792 });
    expect(spreadSizePts(spreadOf(2, 6, 'spread'), sizeOf)).toEqual({ width: 1212, height: 800 });
  });
});
