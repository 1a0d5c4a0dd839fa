import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { POINTS_PER_INCH } from '../book-spec';
import type { Box } from './findings';
import { HAIRLINE_PT } from './hairline';

/**
 * What the content of one page holds, read from pdf.js's operator list (the page's drawing
 * operations after pdf.js parsed them, form XObjects inlined): where each image is placed and how
 * large it prints, and which strokes are hairlines. A transformation matrix is tracked through
 * save / restore / transform and the form XObjects' own matrices, as a renderer would.
 */
export interface OperatorListLike {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

export interface ImagePlacement {
  /** pdf.js's object id (one per image object and page). */
  objId: string | null;
  pixelWidth: number;
  pixelHeight: number;
  /** Printed size in points. */
  widthPt: number;
  heightPt: number;
  /** Effective resolution: the lower of the horizontal and vertical pixels per printed inch. */
  ppi: number;
  box: Box;
}

export interface HairlineSummary {
  count: number;
  /** The thinnest stroke width in points (0 means a zero-width "thinnest possible" line). */
  thinnestPt: number;
  /** Where they are: the union of their bounding boxes. */
  box: Box;
}

export interface PageContent {
  images: ImagePlacement[];
  hairlines: HairlineSummary | null;
}

export { HAIRLINE_PT };

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 · m2 in pdf.js's convention: apply m2 first, then m1 (ctx.transform semantics). */
function multiply(m1: readonly number[], m2: readonly number[]): Matrix {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = m1;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The axis-aligned bounds of a rectangle [x1, y1, x2, y2] under a matrix. */
function bounds(m: Matrix, rect: readonly number[]): [number, number, number, number] {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const corners = [apply(m, x1, y1), apply(m, x2, y1), apply(m, x1, y2), apply(m, x2, y2)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export interface AnalyzeOptions {
  /**
   * Maps a rectangle in PDF user space to the page as rendered at scale 1 (pdf.js
   * `viewport.convertToViewportRectangle`), so boxes are measured from the top-left corner.
   */
  toView: (rect: [number, number, number, number]) => number[];
  /** The page's visible area in view coordinates, to drop what lies wholly outside it. */
  viewWidth: number;
  viewHeight: number;
  /** Pixel size of an image object when the operator does not carry it (repeated images). */
  sizeOf?: (objId: string) => { width: number; height: number } | null;
}

const STROKE_OPS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

function toBox(viewRect: number[]): Box {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = viewRect;
  const x = Math.min(x1, x2);
  const y = Math.min(y1, y2);
  return { x: round2(x), y: round2(y), width: round2(Math.abs(x2 - x1)), height: round2(Math.abs(y2 - y1)) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function analyzeOperatorList(list: OperatorListLike, options: AnalyzeOptions): PageContent {
  const { fnArray, argsArray } = list;
  const images: ImagePlacement[] = [];
  const sizes = new Map<string, { width: number; height: number }>();
  let ctm: Matrix = IDENTITY;
  let lineWidth = 1;
  const stack: { ctm: Matrix; lineWidth: number }[] = [];
  let annotationDepth = 0;
  let hairlineCount = 0;
  let thinnest = Number.POSITIVE_INFINITY;
  let hairBounds: [number, number, number, number] | null = null;

  const visible = (box: Box) =>
    box.x < options.viewWidth && box.y < options.viewHeight && box.x + box.width > 0 && box.y + box.height > 0;

  const place = (objId: string | null, pixelWidth: number, pixelHeight: number, matrix: Matrix) => {
    if (annotationDepth > 0) return;
    const widthPt = Math.hypot(matrix[0], matrix[1]);
    const heightPt = Math.hypot(matrix[2], matrix[3]);
    if (!(widthPt > 0 && heightPt > 0)) return;
    const box = toBox(options.toView(bounds(matrix, [0, 0, 1, 1])));
    if (!visible(box)) return;
    const ppi = Math.min(pixelWidth / (widthPt / POINTS_PER_INCH), pixelHeight / (heightPt / POINTS_PER_INCH));
    images.push({ objId, pixelWidth, pixelHeight, widthPt: round2(widthPt), heightPt: round2(heightPt), ppi, box });
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
        stack.push({ ctm, lineWidth });
        break;
      case OPS.restore: {
        const state = stack.pop();
        if (state) ({ ctm, lineWidth } = state);
        break;
      }
      case OPS.transform:
        ctm = multiply(ctm, args as number[]);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ctm, lineWidth });
        const matrix = args[0] as number[] | null | undefined;
        if (matrix && matrix.length === 6) ctm = multiply(ctm, Array.from(matrix));
        break;
      }
      case OPS.paintFormXObjectEnd: {
        const state = stack.pop();
        if (state) ({ ctm, lineWidth } = state);
        break;
      }
      case OPS.beginAnnotation:
        annotationDepth++;
        stack.push({ ctm, lineWidth });
        break;
      case OPS.endAnnotation: {
        annotationDepth = Math.max(0, annotationDepth - 1);
        const state = stack.pop();
        if (state) ({ ctm, lineWidth } = state);
        break;
      }
      case OPS.setLineWidth:
        lineWidth = Number(args[0]);
        break;
      case OPS.setGState: {
        const entries = (args[0] ?? []) as unknown[];
        for (const entry of entries) {
          if (Array.isArray(entry) && entry[0] === 'LW') lineWidth = Number(entry[1]);
        }
        break;
      }
      case OPS.paintImageXObject: {
        const [objId, width, height] = args as [string, number, number];
        if (typeof width === 'number' && typeof height === 'number') {
          sizes.set(objId, { width, height });
          place(objId, width, height, ctm);
        }
        break;
      }
      case OPS.paintInlineImageXObject: {
        const image = args[0] as { width?: number; height?: number } | undefined;
        if (image?.width && image.height) place(null, image.width, image.height, ctm);
        break;
      }
      case OPS.paintImageXObjectRepeat: {
        // The optimizer's form of the same image drawn ≥ 3 times at one scale: [objId, sx, sy, positions].
        const [objId, scaleX, scaleY, positions] = args as [string, number, number, ArrayLike<number>];
        const size = sizes.get(objId) ?? options.sizeOf?.(objId) ?? null;
        if (!size) break;
        for (let p = 0; p + 1 < positions.length; p += 2) {
          const matrix = multiply(ctm, [scaleX, 0, 0, scaleY, positions[p] ?? 0, positions[p + 1] ?? 0]);
          place(objId, size.width, size.height, matrix);
        }
        break;
      }
      case OPS.constructPath: {
        const [paintOp, , minMax] = args as [number, unknown, ArrayLike<number> | null];
        if (!STROKE_OPS.has(paintOp) || annotationDepth > 0) break;
        const scale = Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]));
        const width = lineWidth * scale;
        if (width >= HAIRLINE_PT) break;
        if (!minMax || !Number.isFinite(minMax[0])) break;
        const rect = bounds(ctm, Array.from(minMax));
        const view = options.toView(rect);
        const box = toBox(view);
        // A stroke's box may be zero-wide (a vertical rule): visible if it touches the page at all.
        if (
          !(
            box.x <= options.viewWidth &&
            box.y <= options.viewHeight &&
            box.x + box.width >= 0 &&
            box.y + box.height >= 0
          )
        )
          break;
        hairlineCount++;
        thinnest = Math.min(thinnest, width);
        hairBounds = hairBounds
          ? [
              Math.min(hairBounds[0], box.x),
              Math.min(hairBounds[1], box.y),
              Math.max(hairBounds[2], box.x + box.width),
              Math.max(hairBounds[3], box.y + box.height),
            ]
          : [box.x, box.y, box.x + box.width, box.y + box.height];
        break;
      }
      default:
        break;
    }
  }

  return {
    images,
    hairlines:
      hairlineCount > 0 && hairBounds
        ? {
            count: hairlineCount,
            thinnestPt: round2(thinnest),
            box: {
              x: round2(hairBounds[0]),
              y: round2(hairBounds[1]),
              width: round2(hairBounds[2] - hairBounds[0]),
              height: round2(hairBounds[3] - hairBounds[1]),
            },
          }
        : null,
  };
}
