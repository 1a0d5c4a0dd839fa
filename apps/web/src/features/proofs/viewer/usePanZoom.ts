import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { percentOf, type Zoom, zoomByWheel } from './zoom';

/** How far the pointer must move before a press becomes a drag (and stops being a click). */
const DRAG_THRESHOLD_PX = 4;

interface Anchor {
  /** The point under the pointer, in fractions of the spread. */
  fx: number;
  fy: number;
  clientX: number;
  clientY: number;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  scrollLeft: number;
  scrollTop: number;
  moved: boolean;
}

/**
 * Zoom that keeps the point under the pointer (or the middle of the viewer) in place, Ctrl/⌘ + wheel
 * zoom, and panning a zoomed page by dragging it. Scrolling pans too: the stage simply overflows.
 */
export function usePanZoom({
  stageRef,
  spreadRef,
  scale,
  setZoom,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  spreadRef: RefObject<HTMLDivElement | null>;
  scale: number;
  setZoom: (zoom: Zoom) => void;
}) {
  const anchor = useRef<Anchor | null>(null);
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const [panning, setPanning] = useState(false);

  const zoomTo = useCallback(
    (next: Zoom, at?: { clientX: number; clientY: number }) => {
      const stage = stageRef.current;
      const spread = spreadRef.current;
      if (stage && spread) {
        const room = stage.getBoundingClientRect();
        const box = spread.getBoundingClientRect();
        const clientX = at?.clientX ?? room.left + room.width / 2;
        const clientY = at?.clientY ?? room.top + room.height / 2;
        anchor.current =
          box.width > 0 && box.height > 0
            ? { fx: (clientX - box.left) / box.width, fy: (clientY - box.top) / box.height, clientX, clientY }
            : null;
      }
      setZoom(next);
    },
    [stageRef, spreadRef, setZoom],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of scale, when the spread has its new size
  useLayoutEffect(() => {
    const wanted = anchor.current;
    anchor.current = null;
    const stage = stageRef.current;
    const spread = spreadRef.current;
    if (!wanted || !stage || !spread) return;
    const box = spread.getBoundingClientRect();
    stage.scrollLeft += box.left + wanted.fx * box.width - wanted.clientX;
    stage.scrollTop += box.top + wanted.fy * box.height - wanted.clientY;
  }, [scale]);

  const percent = useRef(percentOf(scale));
  percent.current = percentOf(scale);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    // A native listener, not passive: without preventDefault, Ctrl + wheel zooms the whole browser page.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomTo(zoomByWheel(percent.current, event.deltaY), event);
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stageRef, zoomTo]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // Touch pans natively; only a mouse or pen press with the main button drags.
    swallowClick.current = false;
    if (event.button !== 0 || event.pointerType === 'touch') return;
    const stage = event.currentTarget;
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      scrollLeft: stage.scrollLeft,
      scrollTop: stage.scrollTop,
      moved: false,
    };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    const stage = event.currentTarget;
    if (!current.moved) {
      const overflows = stage.scrollWidth > stage.clientWidth || stage.scrollHeight > stage.clientHeight;
      if (!overflows || Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      current.moved = true;
      stage.setPointerCapture?.(event.pointerId);
      setPanning(true);
    }
    stage.scrollLeft = current.scrollLeft - dx;
    stage.scrollTop = current.scrollTop - dy;
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.moved) {
      // The click that follows a drag is not a click on the page (it would place a pin).
      swallowClick.current = true;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      setPanning(false);
    }
  };
  const onClickCapture = (event: ReactMouseEvent<HTMLDivElement>) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.stopPropagation();
    event.preventDefault();
  };

  return {
    zoomTo,
    panning,
    stageHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClickCapture,
    },
  };
}
