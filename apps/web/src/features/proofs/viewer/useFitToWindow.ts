import { type RefObject, useEffect, useState } from 'react';

const MIN_STAGE_PX = 320;
const MAX_STAGE_PX = 1200;
/** Room left under the flipbook for the page's own bottom padding. */
const BOTTOM_MARGIN_PX = 16;

/**
 * The stage's height that lets "Fit page" show the whole spread, and the thumbnail strip under it,
 * in the window as the page opens: the window's height less whatever stands above the stage (the
 * header, the proof's header, the toolbar) and below it within the flipbook. Null until measured.
 */
export function useFitToWindow(
  rootRef: RefObject<HTMLElement | null>,
  stageRef: RefObject<HTMLElement | null>,
  layoutKey: unknown,
) {
  const [height, setHeight] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey is what moves the stage (the proof's data arriving).
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const root = rootRef.current;
        const stage = stageRef.current;
        if (!root || !stage) return;
        const stageBox = stage.getBoundingClientRect();
        const below = root.getBoundingClientRect().bottom - stageBox.bottom;
        const top = stageBox.top + window.scrollY;
        const fitted = window.innerHeight - top - below - BOTTOM_MARGIN_PX;
        setHeight(Math.round(Math.min(MAX_STAGE_PX, Math.max(MIN_STAGE_PX, fitted))));
      });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [rootRef, stageRef, layoutKey]);
  return height;
}
