import { type RefObject, useEffect, useRef } from 'react';

export type FlipbookKeyAction = 'previous' | 'next' | 'first' | 'last' | 'zoomIn' | 'zoomOut' | 'fit';

/**
 * The keys of the flipbook. The spread is laid out in the book's order, left to right, whatever the
 * screen's direction, so → always turns forward (as it would in the printed book).
 */
export function keyAction(key: string): FlipbookKeyAction | null {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'previous';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
      return 'zoomOut';
    case '0':
      return 'fit';
    default:
      return null;
  }
}

const OWN_KEY_ROLES = new Set(['combobox', 'listbox', 'option', 'radio', 'slider', 'spinbutton', 'tab', 'menuitem']);

/** Elements that use these keys themselves: text fields, selects, radio groups, sliders, menus. */
export function handlesOwnKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  const role = target.getAttribute('role');
  return role !== null && OWN_KEY_ROLES.has(role);
}

/**
 * Listens on the window so the keys work as soon as the proof page opens (focus on the body) and
 * whenever focus is inside the viewer, but never while someone types elsewhere (the comment box) or
 * works in a dialog: focus anywhere else on the page leaves the keys alone.
 */
export function useFlipbookKeys(
  rootRef: RefObject<HTMLElement | null>,
  handlers: Record<FlipbookKeyAction, () => void>,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const root = rootRef.current;
      if (!root) return;
      const active = document.activeElement;
      const focusIsFree = active === null || active === document.body || active === document.documentElement;
      if (!focusIsFree && !root.contains(active)) return;
      if (handlesOwnKeys(event.target)) return;
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [rootRef]);
}
