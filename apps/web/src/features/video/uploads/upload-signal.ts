/**
 * Whether the tab's upload store has been loaded (issue #9). The store comes with the publishing pages, not
 * with the frame, so the first load of the app stays small; the header's indicator loads once the store is
 * there (an upload was started) or an unfinished upload is remembered from an earlier page.
 */
let loaded = false;
const listeners = new Set<() => void>();

/** Called once by the store module when it loads. */
export function markUploadStoreLoaded(): void {
  loaded = true;
  for (const listener of [...listeners]) listener();
}

/** `useSyncExternalStore` parts: subscribe, and read whether the store is loaded. */
export function subscribeUploadStoreLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUploadStoreLoaded = (): boolean => loaded;
