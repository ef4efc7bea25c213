import {
  USERID_COOKIE,
  type TrackingBatchResult,
  type TrackingEventInput,
  type TrackingSettings,
} from '@cc/contracts';
import { apiGet, apiPost, signedFields } from '../api-client';
import { onApiEvent, type ApiEvent } from '../api-client/observers';
import { readCookie } from '../cookies';
import { recordError } from '../error-state';
import { Tracker } from './tracker';

export { Tracker, TRACKING_QUEUE_MAX, type TrackerDeps, type TrackingConsent } from './tracker';
export { trackingRegionOf } from './regions';

/** The calls whose success is the `publish` key action (any work type), unless `publishType` is 0 (a draft). */
export const PUBLISH_PATHS = new Set([
  '/api/article/publish',
  '/api/video/publish',
  '/api/album/publish',
  '/api/dynamic/publish',
]);
export const TRACKING_SETTINGS_KEY = ['tracking', 'settings'] as const;

/**
 * True when the browser asks not to be tracked: `navigator.doNotTrack === '1'` or `navigator.globalPrivacyControl`
 * (docs/decisions/0019-tracking-points-and-latest-error.md: both are honoured as a "do not record" of this browser).
 */
export function browserSaysDoNotTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/** The beacon: the batch call's six signed fields plus `encryptType=1`, urlencoded, to `/api/tracking/beacon`. */
export function sendTrackingBeacon(events: TrackingEventInput[]): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const form = new URLSearchParams({ encryptType: '1', ...signedFields({ events }) });
  return navigator.sendBeacon('/api/tracking/beacon', form);
}

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The app's one tracker (issue #15). */
export const tracker = new Tracker({
  send: (events) => apiPost<TrackingBatchResult>('tracking/batch', { events }),
  beacon: sendTrackingBeacon,
  now: () => new Date(),
  newId,
  page: () => ({ path: window.location.pathname, title: document.title }),
});

/** Reports a key action that succeeded (e.g. the poster editor's export); once per call. */
export function reportAction(
  action: 'publish' | 'upload' | 'export',
  opts: { contentTitle?: string | null } = {},
) {
  tracker.action(action, opts);
}

/**
 * What the api-client reports becomes tracking points and the latest error: a successful publish call (not a
 * draft) → `publish` with the work's title; an image uploaded → `upload`; a failure → `recordError`. The tracking
 * calls themselves are left out (a lost batch is not the author's error).
 */
export function handleApiEvent(t: Tracker, event: ApiEvent): void {
  if (event.path.startsWith('/api/tracking/')) return;
  if (event.type === 'failure') {
    recordError(event.kind, event.path);
    return;
  }
  if (event.type === 'image-uploaded') {
    t.action('upload');
    return;
  }
  if (!PUBLISH_PATHS.has(event.path)) return;
  const param = (event.param ?? {}) as { publishType?: unknown; title?: unknown };
  if (param.publishType === 0) return;
  t.action('publish', { contentTitle: typeof param.title === 'string' ? param.title : null });
}

/** A store of video uploads (features/video's upload store) as far as the tracking points need it. */
export interface UploadTaskSource {
  subscribe(listener: () => void): () => void;
  getTasks(): readonly { key: string | null; status: string }[];
}

/**
 * Reports `upload` once for each video upload that becomes merged (`processing` or `ready`) while the page is open;
 * uploads already merged when watching starts (restored from an earlier visit) are not reported again.
 */
export function watchVideoUploads(t: Tracker, store: UploadTaskSource): () => void {
  const merged = (s: string) => s === 'processing' || s === 'ready';
  const seen = new Set(
    store
      .getTasks()
      .filter((task) => task.key && merged(task.status))
      .map((task) => task.key!),
  );
  return store.subscribe(() => {
    for (const task of store.getTasks()) {
      if (task.key && merged(task.status) && !seen.has(task.key)) {
        seen.add(task.key);
        t.action('upload');
      }
    }
  });
}

let started = false;

/**
 * Starts the tracking points and the error recording of the api-client (main.tsx, once). Sending waits for the
 * consent: denied by Do Not Track / GPC or when signed out, else the author's setting (`GET /api/tracking/settings`).
 */
export function startTracking(): void {
  if (started) return;
  started = true;
  onApiEvent((event) => handleApiEvent(tracker, event));
  tracker.start();
  void refreshTrackingConsent();
}

/** Reads the consent again (after sign-in, or after the setting changed). */
export async function refreshTrackingConsent(): Promise<void> {
  if (browserSaysDoNotTrack() || !readCookie(USERID_COOKIE)) {
    tracker.setConsent(browserSaysDoNotTrack() ? 'denied' : 'unknown');
    return;
  }
  try {
    const settings = await apiGet<TrackingSettings>('tracking/settings');
    tracker.setConsent(settings.optOut ? 'denied' : 'allowed');
  } catch {
    // unknown: the events wait (bounded) until the next read
  }
}

/** Applies a setting just saved on this device (the account page). */
export function applyTrackingSettings(settings: TrackingSettings): void {
  tracker.setConsent(settings.optOut || browserSaysDoNotTrack() ? 'denied' : 'allowed');
}
