/** The selector of a target (targets are the domain's kebab-case names: nothing to escape). */
export function walkthroughSelector(target: string): string {
  return `[data-tour="${target}"]`;
}

/** The element a step points at: `[data-tour="<target>"]`, only when it is shown (not in a collapsed navigation). */
export function walkthroughElement(target: string, root: ParentNode = document): HTMLElement | null {
  const element = root.querySelector<HTMLElement>(walkthroughSelector(target));
  if (!element) return null;
  // Shown means laid out in boxes (none for display: none, a collapsed navigation, or without a layout at all).
  if (element.getClientRects().length === 0) return null;
  if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) return null;
  return element;
}

export function isWalkthroughTargetPresent(target: string): boolean {
  return walkthroughElement(target) !== null;
}

/**
 * Resolves once every target is on the page, or after `timeoutMs` with whatever is there (a list
 * still loading, a tab the user may not see): the page's content arrives after its route.
 */
export function waitForTargets(targets: readonly string[], timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const allPresent = () => targets.every(isWalkthroughTargetPresent);
    if (allPresent() || signal.aborted) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (allPresent()) done();
    });
    const timer = window.setTimeout(() => done(), timeoutMs);
    function done() {
      observer.disconnect();
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}
