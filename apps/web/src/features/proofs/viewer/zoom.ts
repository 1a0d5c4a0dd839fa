/**
 * How large the pages are drawn: fitted to the viewer, or a percentage of the printed size
 * (100% = one inch of paper is one CSS inch, 96 px; the 1,600 px viewer image is sharp to about 200%).
 */
export type Zoom = 'fit-width' | 'fit-page' | number;

/** CSS pixels per PDF point at 100% (96 px / 72 pt a CSS inch). */
export const PX_PER_PT = 96 / 72;
export const MIN_PERCENT = 25;
export const MAX_PERCENT = 400;
const STEPS = [25, 33, 50, 67, 75, 90, 100, 125, 150, 175, 200, 250, 300, 400] as const;

export interface Size {
  width: number;
  height: number;
}

/** Pixels per point for the zoom, the room the viewer has and the spread's size in points. */
export function scaleFor(zoom: Zoom, room: Size, spreadPts: Size): number {
  if (spreadPts.width <= 0 || spreadPts.height <= 0) return PX_PER_PT;
  if (typeof zoom === 'number') return (clampPercent(zoom) / 100) * PX_PER_PT;
  const toWidth = Math.max(room.width, 1) / spreadPts.width;
  if (zoom === 'fit-width') return toWidth;
  return Math.min(toWidth, Math.max(room.height, 1) / spreadPts.height);
}

/** The zoom as a percentage of the printed size (what a fitted zoom amounts to). */
export function percentOf(scale: number): number {
  return Math.round((scale / PX_PER_PT) * 100);
}

export function clampPercent(percent: number): number {
  return Math.min(Math.max(percent, MIN_PERCENT), MAX_PERCENT);
}

/** The next step up from the current percentage (the buttons and +). */
export function zoomInFrom(percent: number): number {
  return STEPS.find((step) => step > percent + 0.5) ?? MAX_PERCENT;
}

/** The next step down from the current percentage (the buttons and -). */
export function zoomOutFrom(percent: number): number {
  return [...STEPS].reverse().find((step) => step < percent - 0.5) ?? MIN_PERCENT;
}

/**
 * Ctrl/⌘ + wheel: continuous, so a trackpad pinch (many small deltas) and a mouse wheel (±100 a notch,
 * about ×1.2) both feel right.
 */
export function zoomByWheel(percent: number, deltaY: number): number {
  return Math.round(clampPercent(percent * Math.exp(-deltaY * 0.002)));
}

export function zoomLabel(zoom: Zoom): string {
  if (zoom === 'fit-width') return 'Fit width';
  if (zoom === 'fit-page') return 'Fit page';
  return `${Math.round(zoom)}%`;
}
