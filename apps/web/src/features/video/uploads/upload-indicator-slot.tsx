import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { USERID_COOKIE } from '@cc/contracts';
import { storageKeyOf } from '@cc/uploader';
import { readCookie } from '../../../lib/cookies';
import { isUploadStoreLoaded, subscribeUploadStoreLoaded } from './upload-signal';

// Not essential to any page: a chunk that fails to load leaves the header without it (no reload mid-upload).
const HeaderUploads = lazy(() =>
  import('./upload-indicator')
    .then((m) => ({ default: m.HeaderUploads }))
    .catch(() => ({ default: () => null })),
);

/** Whether the signed-in author has unfinished uploads remembered in this browser (a reload happened). */
function hasRememberedUploads(): boolean {
  try {
    return localStorage.getItem(storageKeyOf(readCookie(USERID_COOKIE))) !== null;
  } catch {
    return false; // storage disabled: nothing can be remembered
  }
}

/**
 * The header's upload indicator (issue #9), loaded only when there can be something to show: the tab's
 * upload store is loaded (an upload was started on a publishing page) or an unfinished upload is
 * remembered. Until then it renders nothing and costs the first load nothing but this component.
 */
export function UploadIndicator() {
  const storeLoaded = useSyncExternalStore(subscribeUploadStoreLoaded, isUploadStoreLoaded);
  const [remembered] = useState(hasRememberedUploads);
  if (!storeLoaded && !remembered) return null;
  return (
    <Suspense fallback={null}>
      <HeaderUploads />
    </Suspense>
  );
}
