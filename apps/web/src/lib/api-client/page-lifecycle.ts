/**
 * Whether the page is being left (issue #15's latest error; issue #16 follow-up). When a full navigation commits,
 * Chromium fires `pagehide` and then rejects the old page's fetches still in flight with "Failed to fetch" — and
 * that rejection still runs the page's code (checked in Chromium 156: the catch and its microtasks run after
 * `pagehide`, timers no longer do). Such a rejection is the navigation's doing, not a network failure, so the
 * api-client must not record it as the latest error. `pageshow` clears the flag: a page restored from the
 * back/forward cache is live again.
 */
let leaving = false;
let installed = false;

/** Listens once for `pagehide`/`pageshow` on `window` (no-op outside a browser, or when already listening). */
export function installPageLifecycle(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** True between `pagehide` and the next `pageshow`: the document is being unloaded or was put in the cache. */
export function pageIsLeaving(): boolean {
  return leaving;
}
