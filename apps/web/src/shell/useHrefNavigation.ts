import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * Props for an anchor that navigates inside the app without a reload, while keeping a real href
 * (open in a new tab, copy the link) — for paths that come from data (the page catalogue, starred
 * pages) rather than from a typed route.
 */
export function useHrefNavigation() {
  const navigate = useNavigate();
  return (href: string) => ({
    href,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      event.preventDefault();
      void navigate({ href });
    },
  });
}
