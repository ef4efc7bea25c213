import { useEffect, useSyncExternalStore } from 'react';
import { USERID_COOKIE } from '@cc/contracts';
import { UploadManager, type KeyValueStorage, type UploadTask } from '@cc/uploader';
import { readCookie } from '../../../lib/cookies';
import { getUploadVideoSecret } from '../api/video-api';
import { markUploadStoreLoaded } from './upload-signal';

/**
 * The tab's video uploads (issue #9 "uploads that survive"): one `UploadManager` for the whole app, so an
 * upload goes on while the author moves to another page, the header shows it, and the publishing page finds
 * it again. Leaving the site while shards are still going out asks first (`beforeunload`).
 */

/** A token is taken again this long before it expires (ms), so no shard carries one that just ran out. */
const TOKEN_MARGIN_MS = 10 * 60_000;

let token: { owner: string; value: Promise<{ token: string }>; until: number } | null = null;

/**
 * The upload token (`GET /api/video/get_upload_video_secret`, API.md §6) of the signed-in author (the
 * `userid` cookie), shared by the tab's uploads and their status checks until 10 min before it expires
 * (24 h); a failed call is asked again next time, and another author gets a token of their own.
 * @throws ApiError when the call fails
 */
function getUploadToken(): Promise<{ token: string }> {
  const owner = readCookie(USERID_COOKIE);
  if (token && token.owner === owner && Date.now() < token.until) return token.value;
  const value = getUploadVideoSecret().then((s) => {
    if (token?.value === value) token.until = Date.parse(s.expiresAt) - TOKEN_MARGIN_MS;
    return { token: s.token };
  });
  // until the answer says how long it lasts, callers share the pending call; a failure is not kept
  token = { owner, value, until: Number.POSITIVE_INFINITY };
  value.catch(() => {
    if (token?.value === value) token = null;
  });
  return value;
}

/** localStorage, or nothing where it is unavailable (private modes that throw on access). */
function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The tab's upload store. */
export const uploadStore = new UploadManager({ getToken: getUploadToken, storage: browserStorage() });

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    // Closing or reloading now would stop shards in flight: the browser asks the author first.
    if (!uploadStore.needsPage) return;
    event.preventDefault();
    // older browsers show the prompt only when returnValue is set
    event.returnValue = '';
  });
}

markUploadStoreLoaded();

/** Every task of the store (re-renders on each change). */
export function useUploadTasks(): readonly UploadTask[] {
  return useSyncExternalStore(uploadStore.subscribe, uploadStore.getTasks);
}

/** The task of one form's slot (`uploadSlot`), if any. */
export function useUploadTask(slot: string): UploadTask | undefined {
  return useSyncExternalStore(uploadStore.subscribe, () => uploadStore.getTask(slot));
}

/**
 * Loads the signed-in author's remembered uploads into the store once (the `userid` cookie names the author,
 * API.md §5), so a reload offers to continue them; another author signing in on the tab gets a clean list.
 */
export function useRestoredUploads(): void {
  const owner = readCookie(USERID_COOKIE);
  useEffect(() => {
    void uploadStore.restore(owner);
  }, [owner]);
}
