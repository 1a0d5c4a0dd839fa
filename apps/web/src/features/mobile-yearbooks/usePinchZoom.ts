import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from 'react';

/*
 * Pinch zoom for one page on a phone: two fingers scale the page (1× to 4×) around their midpoint, one
 * finger pans a zoomed page, and a double tap toggles 2.5× and back. The element's CSS
 * `touch-action: none` hands the gestures to us; with no zoom a one-finger swipe turns the page
 * (`onSwipe`). Pointer events cover touch, pen and mouse alike.
 */

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
const DOUBLE_TAP_ZOOM = 2.5;
const DOUBLE_TAP_MS = 300;
const SWIPE_PX = 50;

export interface PageTransform {
  scale: number;
  x: number;
  y: number;
}

const IDENTITY: PageTransform = { scale: 1, x: 0, y: 0 };
const clampScale = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));

/** The pan kept inside the page: a zoomed page's edge never leaves its frame's edge. */
export function clampPan(transform: PageTransform, width: number, height: number): PageTransform {
  const maxX = ((transform.scale - 1) * width) / 2;
  const maxY = ((transform.scale - 1) * height) / 2;
  return {
    scale: transform.scale,
    x: Math.min(maxX, Math.max(-maxX, transform.x)),
    y: Math.min(maxY, Math.max(-maxY, transform.y)),
  };
}

/** The transform after zooming `from` to `scale` around a point given from the frame's centre. */
export function zoomAround(from: PageTransform, scale: number, pointX: number, pointY: number): PageTransform {
  const next = clampScale(scale);
  const ratio = next / from.scale;
  return { scale: next, x: pointX - (pointX - from.x) * ratio, y: pointY - (pointY - from.y) * ratio };
}

const frameOf = (event: ReactPointerEvent<HTMLElement>) => event.currentTarget.getBoundingClientRect();

interface Options {
  onSwipe: (direction: 'next' | 'previous') => void;
  now?: () => number;
}

export function usePinchZoom({ onSwipe, now = () => performance.now() }: Options) {
  const [transform, setTransform] = useState<PageTransform>(IDENTITY);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{
    start: PageTransform;
    distance: number;
    midX: number;
    midY: number;
    startX: number;
    startY: number;
    moved: boolean;
  } | null>(null);
  const lastTap = useRef(0);

  const begin = useCallback((event: ReactPointerEvent<HTMLElement>, current: PageTransform) => {
    const rect = frameOf(event);
    const points = [...pointers.current.values()];
    const [a, b] = points;
    if (!a) return;
    const midX = (b ? (a.x + b.x) / 2 : a.x) - rect.left - rect.width / 2;
    const midY = (b ? (a.y + b.y) / 2 : a.y) - rect.top - rect.height / 2;
    gesture.current = {
      start: current,
      distance: b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
      midX,
      midY,
      startX: a.x,
      startY: a.y,
      moved: false,
    };
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      begin(event, transform);
    },
    [begin, transform],
  );

  const onPointerMove = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const rect = frameOf(event);
    const state = gesture.current;
    const [a, b] = [...pointers.current.values()];
    if (!a) return;
    if (b && state.distance > 0) {
      state.moved = true;
      const scale = state.start.scale * (Math.hypot(a.x - b.x, a.y - b.y) / state.distance);
      setTransform(clampPan(zoomAround(state.start, scale, state.midX, state.midY), rect.width, rect.height));
      return;
    }
    const dx = a.x - state.startX;
    const dy = a.y - state.startY;
    if (Math.abs(dx) > 5 || Math.abs(dy) > 5) state.moved = true;
    if (state.start.scale > 1) {
      setTransform(
        clampPan({ scale: state.start.scale, x: state.start.x + dx, y: state.start.y + dy }, rect.width, rect.height),
      );
    }
  }, []);

  const onPointerUp = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const state = gesture.current;
      const point = pointers.current.get(event.pointerId);
      pointers.current.delete(event.pointerId);
      if (pointers.current.size > 0) {
        // One finger of a pinch lifted: the other goes on panning from here.
        begin(event, transform);
        if (gesture.current) gesture.current.moved = true;
        return;
      }
      gesture.current = null;
      if (!state || !point) return;
      const dx = point.x - state.startX;
      const dy = point.y - state.startY;
      if (state.start.scale === 1 && transform.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
        onSwipe(dx < 0 ? 'next' : 'previous');
        return;
      }
      if (state.moved) return;
      const time = now();
      if (time - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        const rect = frameOf(event);
        setTransform(
          transform.scale > 1
            ? IDENTITY
            : clampPan(zoomAround(transform, DOUBLE_TAP_ZOOM, state.midX, state.midY), rect.width, rect.height),
        );
      } else {
        lastTap.current = time;
      }
    },
    [begin, now, onSwipe, transform],
  );

  const zoomBy = useCallback((factor: number) => {
    setTransform((current) => {
      const next = zoomAround(current, current.scale * factor, 0, 0);
      return next.scale === 1 ? IDENTITY : next;
    });
  }, []);

  const reset = useCallback(() => setTransform(IDENTITY), []);

  return {
    transform,
    zoomBy,
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
