import type { FlipbookFinding, PagePin } from './types';

/** A place on a page in PDF points from its top-left corner, y downwards (as the preflight measures). */
export interface PointBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The same place in percentages of the page box, so it scales with the page at any zoom. */
export interface PercentBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The finding's box, when it has a usable one (the contract leaves it untyped: it is stored JSON). */
export function findingBox(finding: FlipbookFinding): PointBox | null {
  const box = finding.box;
  if (typeof box !== 'object' || box === null) return null;
  const { x, y, width, height } = box as Record<string, unknown>;
  if (!isFiniteNumber(x) || !isFiniteNumber(y) || !isFiniteNumber(width) || !isFiniteNumber(height)) return null;
  if (width < 0 || height < 0) return null;
  return { x, y, width, height };
}

/** A box in points as percentages of a page of `widthPts` × `heightPts`, cut to the page. */
export function percentBox(box: PointBox, widthPts: number, heightPts: number): PercentBox {
  const left = clamp(box.x, 0, widthPts);
  const top = clamp(box.y, 0, heightPts);
  const right = clamp(box.x + box.width, 0, widthPts);
  const bottom = clamp(box.y + box.height, 0, heightPts);
  return {
    left: (left / widthPts) * 100,
    top: (top / heightPts) * 100,
    width: ((right - left) / widthPts) * 100,
    height: ((bottom - top) / heightPts) * 100,
  };
}

/**
 * Where a click lands on a page, in fractions of the page from its top-left. The rectangle is the
 * page box as the browser lays it out now, so zoom and scrolling are already in it.
 */
export function pinFromClick(
  page: number,
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): PagePin | null {
  if (rect.width <= 0 || rect.height <= 0) return null;
  return {
    page,
    x: round4(clamp((clientX - rect.left) / rect.width, 0, 1)),
    y: round4(clamp((clientY - rect.top) / rect.height, 0, 1)),
  };
}

export type Severity = 'error' | 'warning';

/** The preflight's two severities; anything else it might send later is shown as a warning. */
export function severityOf(finding: FlipbookFinding): Severity {
  return finding.severity === 'error' ? 'error' : 'warning';
}

export const severityName: Record<Severity, string> = { error: 'Error', warning: 'Warning' };

/** "Error: Image at 96 ppi …" — the accessible name of a finding's marker. */
export function findingName(finding: FlipbookFinding): string {
  return `${severityName[severityOf(finding)]}: ${finding.message}`;
}

export interface PageFindings {
  placed: { finding: FlipbookFinding; box: PointBox }[];
  /** Findings of the page with no place on it (a wrong size, a missing font): listed beside the page. */
  unplaced: FlipbookFinding[];
  hasErrors: boolean;
}

/** The findings of each page; whole-file findings (page null) are the proof page's to show. */
export function findingsByPage(findings: readonly FlipbookFinding[]): Map<number, PageFindings> {
  const byPage = new Map<number, PageFindings>();
  for (const finding of findings) {
    if (finding.page === null) continue;
    let entry = byPage.get(finding.page);
    if (!entry) {
      entry = { placed: [], unplaced: [], hasErrors: false };
      byPage.set(finding.page, entry);
    }
    const box = findingBox(finding);
    if (box) entry.placed.push({ finding, box });
    else entry.unplaced.push(finding);
    if (severityOf(finding) === 'error') entry.hasErrors = true;
  }
  return byPage;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
