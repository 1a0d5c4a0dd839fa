import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { analyzeOperatorList } from '../src/proof-pipeline/preflight/content';

// These tests touch no database: run them once, not again in the PostgreSQL project.
const once = process.env.COLOPHON_TEST_DB === 'postgres';

/** A 600 × 800 pt page as pdf.js renders it at scale 1: y flips, origin at the top-left. */
const page = {
  toView: ([x1, y1, x2, y2]: [number, number, number, number]) => [x1, 800 - y1, x2, 800 - y2],
  viewWidth: 600,
  viewHeight: 800,
};

const list = (...ops: [number, unknown[]][]) => ({
  fnArray: ops.map(([fn]) => fn),
  argsArray: ops.map(([, args]) => args),
});

describe.skipIf(once)('reading a page’s operator list', () => {
  it('places an image through nested transforms and form matrices', () => {
    const content = analyzeOperatorList(
      list(
        [OPS.save, []],
        [OPS.transform, [2, 0, 0, 2, 10, 10]],
        [OPS.paintFormXObjectBegin, [[1, 0, 0, 1, 50, 100], null]],
        [OPS.transform, [72, 0, 0, 36, 0, 0]],
        [OPS.paintImageXObject, ['img_1', 300, 150]],
        [OPS.paintFormXObjectEnd, []],
        [OPS.restore, []],
        // Back outside: the transforms are undone.
        [OPS.transform, [144, 0, 0, 144, 0, 0]],
        [OPS.paintImageXObject, ['img_2', 600, 600]],
      ),
      page,
    );
    expect(content.images).toEqual([
      // 2 × 72 pt = 2 in wide for 300 px: 150 ppi; at (10 + 2·50, 10 + 2·100) = (110, 210) in PDF space.
      {
        objId: 'img_1',
        pixelWidth: 300,
        pixelHeight: 150,
        widthPt: 144,
        heightPt: 72,
        ppi: 150,
        box: { x: 110, y: 518, width: 144, height: 72 },
      },
      {
        objId: 'img_2',
        pixelWidth: 600,
        pixelHeight: 600,
        widthPt: 144,
        heightPt: 144,
        ppi: 300,
        box: { x: 0, y: 656, width: 144, height: 144 },
      },
    ]);
  });

  it('places each copy of a repeated image (the optimizer’s form), with its size looked up', () => {
    const content = analyzeOperatorList(
      list([OPS.paintImageXObjectRepeat, ['img_logo', 36, 36, [0, 0, 100, 0, 200, 0]]]),
      { ...page, sizeOf: (id) => (id === 'img_logo' ? { width: 50, height: 50 } : null) },
    );
    expect(content.images.map((image) => [image.box.x, image.ppi])).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it('leaves out images wholly off the page and inside annotations', () => {
    const content = analyzeOperatorList(
      list(
        [OPS.transform, [100, 0, 0, 100, 700, 0]],
        [OPS.paintImageXObject, ['img_off', 10, 10]],
        [OPS.beginAnnotation, ['a1', [0, 0, 1, 1], [1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0], false]],
        [OPS.paintImageXObject, ['img_annot', 10, 10]],
        [OPS.endAnnotation, []],
      ),
      page,
    );
    expect(content.images).toEqual([]);
  });

  it('finds strokes thinner than 0.25 pt after the transform, from the line width or the graphics state', () => {
    const stroke = (minMax: number[]) =>
      [OPS.constructPath, [OPS.stroke, [new Float32Array(0)], minMax]] as [number, unknown[]];
    const content = analyzeOperatorList(
      list(
        [OPS.setLineWidth, [0.5]],
        stroke([0, 0, 100, 0]), // 0.5 pt: fine
        [OPS.save, []],
        [OPS.transform, [0.25, 0, 0, 0.25, 0, 0]],
        stroke([0, 400, 400, 400]), // 0.5 × 0.25 = 0.125 pt: a hairline at y = 100
        [OPS.restore, []],
        [OPS.setGState, [[['LW', 0]]]],
        stroke([10, 700, 10, 790]), // zero width: the thinnest line a device can draw
        [OPS.constructPath, [OPS.fill, [new Float32Array(0)], [0, 0, 50, 50]]], // fills are not strokes
      ),
      page,
    );
    expect(content.hairlines).toEqual({ count: 2, thinnestPt: 0, box: { x: 0, y: 10, width: 100, height: 690 } });
  });

  it('reports no hairlines when every stroke is thick enough', () => {
    const content = analyzeOperatorList(
      list([OPS.setLineWidth, [0.3]], [OPS.constructPath, [OPS.closeStroke, [new Float32Array(0)], [0, 0, 10, 10]]]),
      page,
    );
    expect(content.hairlines).toBeNull();
  });
});
