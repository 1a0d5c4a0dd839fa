import { PAGE_CHUNK_LOAD_TIMEOUT_MS } from '@colophon/domain';
import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * Part 8: a page chunk that fails to load (a new deployment replaced it, the network dropped, or it
 * took longer than the part-9 timeout) reloads the browser page — once per failing chunk, so a
 * chunk that is really gone shows the error instead of reloading forever.
 */
const RELOAD_KEY_PREFIX = 'colophon.chunkReload:';

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`Loading the page took longer than ${PAGE_CHUNK_LOAD_TIMEOUT_MS / 1000} seconds`);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Reloads the page unless this failure already caused a reload; says whether it reloads. */
export function reloadOnce(reason: string, reload: () => void = () => window.location.reload()): boolean {
  const key = `${RELOAD_KEY_PREFIX}${reason}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazily loaded route component (its own chunk), with the part-9 load timeout. */
export function lazyPage<const Module extends Record<string, unknown>, const Key extends keyof Module & string>(
  importer: () => Promise<Module>,
  exportName: Key,
) {
  return lazyRouteComponent(() => withTimeout(importer(), PAGE_CHUNK_LOAD_TIMEOUT_MS), exportName);
}

let installed = false;

/** Vite reports a failed preload of a dynamic import's dependencies with `vite:preloadError`. */
export function installChunkReload(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const reason = payload instanceof Error ? payload.message : 'preload';
    if (reloadOnce(reason)) event.preventDefault();
  });
}
