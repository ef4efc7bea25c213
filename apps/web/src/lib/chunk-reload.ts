import { CHUNK_RELOAD_GUARD_MS } from '@cc/contracts';

/** sessionStorage key holding the time (ms) of the last chunk-error reload. */
export const CHUNK_RELOAD_KEY = 'cc.chunkReloadAt';

/** True when an error is a failed dynamic import / chunk load (Vite, Chrome, Firefox, Safari wording). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page after a chunk-load failure (a new deploy replaced the chunks), at most once per
 * CHUNK_RELOAD_GUARD_MS (60 s, spec §4, §9) — the time is kept in sessionStorage so the guard
 * survives the reload itself and a broken deploy cannot loop.
 * @returns true when a reload was started
 */
export function reloadOnceForChunkError(reload: () => void, now: number = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
  } catch {
    // storage unavailable: still guard within this page via the default 0 → one reload
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // ignore
  }
  reload();
  return true;
}

/**
 * Wraps a lazy route import: a chunk error reloads the page (guarded); while the reload is under way
 * the promise never settles, so no error screen flashes. Other errors (and a refused reload) reject.
 */
export function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  return load().catch((error: unknown) => {
    if (isChunkLoadError(error) && reloadOnceForChunkError(reload)) return new Promise<T>(() => {});
    throw error;
  });
}
