import { describe, expect, it } from 'vitest';
import { findingBox, findingName, findingsByPage, percentBox, pinFromClick } from './overlays';
import type { FlipbookFinding } from './types';
import { percentOf, scaleFor, zoomByWheel, zoomInFrom, zoomOutFrom } from './zoom';

function finding(extra: Partial<FlipbookFinding>): FlipbookFinding {
  return { id: 1, page: 1, code: 'low-resolution', severity: 'error', message: 'Low resolution', box: null, ...extra };
}

describe('finding boxes', () => {
  it.each([
    [
      { x: 10, y: 20, width: 30, height: 40 },
      { x: 10, y: 20, width: 30, height: 40 },
    ],
    [
      { x: 0, y: 0, width: 0, height: 120 },
      { x: 0, y: 0, width: 0, height: 120 },
    ],
    [null, null],
    ['somewhere', null],
    [{ x: 10, y: 20, width: 30 }, null],
    [{ x: '10', y: 20, width: 30, height: 40 }, null],
    [{ x: 10, y: 20, width: -1, height: 40 }, null],
  ])('reads %j as %j', (box, expected) => {
    expect(findingBox(finding({ box }))).toEqual(expected);
  });

  it('places a box in percentages of the page, cut to the page', () => {
    expect(percentBox({ x: 61.2, y: 79.2, width: 306, height: 396 }, 612, 792)).toEqual({
      left: 10,
      top: 10,
      width: 50,
      height: 50,
    });
    expect(percentBox({ x: -10, y: 700, width: 100, height: 200 }, 612, 792)).toMatchObject({
      left: 0,
      top: (700 / 792) * 100,
      height: (92 / 792) * 100,
    });
  });

  it('names a finding by its severity and message', () => {
    expect(findingName(finding({ severity: 'error', message: 'Font Arial is not embedded' }))).toBe(
      'Error: Font Arial is not embedded',
    );
    expect(findingName(finding({ severity: 'warning', message: 'RGB image' }))).toBe('Warning: RGB image');
  });

  it('sorts findings by page, placed or not, and leaves whole-file findings to the proof page', () => {
    const byPage = findingsByPage([
      finding({ id: 1, page: 2, box: { x: 1, y: 2, width: 3, height: 4 } }),
      finding({ id: 2, page: 2, severity: 'warning', box: null }),
      finding({ id: 3, page: 3, severity: 'warning', box: null }),
      finding({ id: 4, page: null }),
    ]);
    expect([...byPage.keys()]).toEqual([2, 3]);
    expect(byPage.get(2)).toMatchObject({ hasErrors: true, placed: [{ finding: { id: 1 } }], unplaced: [{ id: 2 }] });
    expect(byPage.get(3)).toMatchObject({ hasErrors: false, placed: [], unplaced: [{ id: 3 }] });
  });
});

describe('placing a pin', () => {
  const rect = { left: 100, top: 50, width: 400, height: 500 };
  it.each([
    [300, 300, 0.5, 0.5],
    [100, 50, 0, 0],
    [500, 550, 1, 1],
    [200, 175, 0.25, 0.25],
    // a click on the page's edge, just outside the box, stays on the page
    [90, 600, 0, 1],
    [133.3333, 50, 0.0833, 0],
  ])('turns a click at (%d, %d) into x %d, y %d', (clientX, clientY, x, y) => {
    expect(pinFromClick(4, rect, clientX, clientY)).toEqual({ page: 4, x, y });
  });

  it('places nothing on a page not laid out', () => {
    expect(pinFromClick(4, { left: 0, top: 0, width: 0, height: 0 }, 10, 10)).toBeNull();
  });
});

describe('zoom', () => {
  const spread = { width: 1224, height: 792 };
  it.each([
    ['fit-width', { width: 1224, height: 300 }, 1],
    ['fit-page', { width: 1224, height: 396 }, 0.5],
    ['fit-page', { width: 612, height: 2000 }, 0.5],
    [100, { width: 10, height: 10 }, 96 / 72],
    [200, { width: 10, height: 10 }, (2 * 96) / 72],
    [1000, { width: 10, height: 10 }, (4 * 96) / 72],
  ] as const)('%s in a room of %j draws %d px a point', (zoom, room, scale) => {
    expect(scaleFor(zoom, room, spread)).toBeCloseTo(scale);
  });

  it('steps through the zoom levels and stops at the ends', () => {
    expect(zoomInFrom(100)).toBe(125);
    expect(zoomInFrom(64)).toBe(67);
    expect(zoomInFrom(400)).toBe(400);
    expect(zoomOutFrom(100)).toBe(90);
    expect(zoomOutFrom(64)).toBe(50);
    expect(zoomOutFrom(25)).toBe(25);
    expect(percentOf(96 / 72)).toBe(100);
  });

  it('zooms with the wheel in proportion, in (up) and out (down), within 25–400%', () => {
    expect(zoomByWheel(100, -100)).toBe(122);
    expect(zoomByWheel(100, 100)).toBe(82);
    expect(zoomByWheel(390, -500)).toBe(400);
    expect(zoomByWheel(30, 500)).toBe(25);
  });
});
