import { type RefObject, useEffect, useState } from 'react';

const MIN_STAGE_PX = 320;
const MAX_STAGE_PX = 1200;
/** Room left under the flipbook for the page's own bottom padding. */
const BOTTOM_MARGIN_PX = 16;

/**
 * The stage's height that lets "Fit page" show the whole spread, and the thumbnail strip under it,
 * in the window as the page opens: the window's height less whatever stands above the stage (the
 * header, the proof's header, the toolbar) and below it within the flipbook. Measured again when the
 * window or the page's layout changes (a banner or a link arriving above it). Null until measured.
 */
export function useFitToWindow(rootRef: RefObject<HTMLElement | null>, stageRef: RefObject<HTMLElement | null>) {
  const [height, setHeight] = useState<number | null>(null);
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
    // The body's size changes whenever something above the stage grows or shrinks; setting the same
    // height again changes nothing, so this settles at once.
    const layout = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    layout?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      layout?.disconnect();
    };
  }, [rootRef, stageRef]);
  return height;
}
