import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The room inside an element: its content box, without padding or scrollbars (Mantine's
 * `useElementSize` reports the border box, which would make a fitted page overflow by the padding).
 */
export function useContentSize<T extends HTMLElement>() {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    observer.current = new ResizeObserver(([entry]) => {
      if (!entry) return;
      cancelAnimationFrame(frame.current);
      // One update a frame: a page turned while the window is resized does not lay out twice.
      frame.current = requestAnimationFrame(() => {
        const { width, height } = entry.contentRect;
        setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
      });
    });
    observer.current.observe(node);
  }, []);
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      observer.current?.disconnect();
    },
    [],
  );
  return { ref, ...size };
}
