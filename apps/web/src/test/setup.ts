import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait for their condition up to this long (the library's default is 1 s). A screen
// that needs a second on a busy machine (two cores shared by many test processes) is not a failure;
// a condition that never comes still fails, just later. Tests wait for conditions, never fixed times.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has neither matchMedia nor ResizeObserver; Mantine needs both. As in a browser, an
// empty query (and 'all') matches; any other query does not (a narrow, light, motion-ok screen).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: query.trim() === '' || query.trim() === 'all',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => {} });
Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { writable: true, configurable: true, value: () => {} });

afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});
