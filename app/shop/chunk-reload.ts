/** Spec sections 2 and 9: a failed page-chunk load reloads the page, at most once per 60000 ms. */
export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_STORAGE_KEY = 'chunkReloadAt';

/** Whether to reload now, given when the last reload for a failed chunk happened (ms, or null for never). */
export const shouldReload = (now: number, lastReload: number | null): boolean =>
  lastReload === null || !(now - lastReload < RELOAD_GUARD_MS && now >= lastReload);

// What Chromium, Firefox and Safari say when a dynamic import (an island's chunk) fails to load.
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

export const isChunkLoadFailure = (reason: unknown): boolean =>
  CHUNK_FAILURE.test(reason instanceof Error ? reason.message : String(reason));

type Host = Pick<Window, 'addEventListener' | 'sessionStorage'> & { location: Pick<Location, 'reload'> };

/**
 * Listens for Vite's preload error (a chunk an island needs could not be fetched, typically after a deploy replaced
 * the hashed files) and for unhandled failed dynamic imports, and reloads the page once; the time of that reload
 * stays in sessionStorage so a chunk that keeps failing cannot loop the page.
 */
export function installChunkReload(host: Host, now: () => number = Date.now): void {
  const recover = (event: Event) => {
    let last: number | null;
    try {
      const stored = Number(host.sessionStorage.getItem(RELOAD_STORAGE_KEY));
      last = stored > 0 ? stored : null;
    } catch {
      // No storage: without a record of the last reload, reloading could loop, so don't.
      return;
    }
    if (!shouldReload(now(), last)) return;
    event.preventDefault();
    host.sessionStorage.setItem(RELOAD_STORAGE_KEY, String(now()));
    host.location.reload();
  };
  host.addEventListener('vite:preloadError', recover);
  host.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadFailure((event as PromiseRejectionEvent).reason)) recover(event);
  });
}
