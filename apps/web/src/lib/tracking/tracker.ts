import {
  TRACKING_BATCH_MAX,
  TRACKING_CONTENT_TITLE_MAX,
  TRACKING_FLUSH_EVENTS,
  TRACKING_FLUSH_SECONDS,
  TRACKING_PAGE_TITLE_MAX,
  TRACKING_PATH_MAX,
  type TrackingAction,
  type TrackingBatchResult,
  type TrackingEventInput,
} from '@cc/contracts';
import { trackingRegionOf } from './regions';

/** Most events held in the browser (a long offline spell): older ones are let go first. */
export const TRACKING_QUEUE_MAX = 200;

/** Whether events may be sent: `unknown` until the author's setting is read (events wait), then allowed or denied. */
export type TrackingConsent = 'unknown' | 'allowed' | 'denied';

export interface TrackerDeps {
  /** `POST /api/tracking/batch` (signed) */
  send(events: TrackingEventInput[]): Promise<TrackingBatchResult>;
  /** `navigator.sendBeacon` of `/api/tracking/beacon` with the signed form; false when the browser refused it */
  beacon(events: TrackingEventInput[]): boolean;
  now(): Date;
  newId(): string;
  /** the current route path and page title (document.title) */
  page(): { path: string; title: string };
  flushSeconds?: number;
  flushEvents?: number;
}

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);
// the server refuses control characters in a single-line field
const clean = (s: string, max: number) =>
  clip(
    Array.from(s, (c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
      .join('')
      .trim(),
    max,
  );
const cleanPath = (p: string) =>
  clip((p.split(/[?#]/)[0] || '/').replace(/\s/g, ''), TRACKING_PATH_MAX) || '/';

/**
 * The tracking points' queue in the browser (issue #15 "Tracking points"; docs/api.md "Tracking points"): page views
 * and key actions are queued and sent in batches — every `TRACKING_FLUSH_SECONDS` seconds, or as soon as
 * `TRACKING_FLUSH_EVENTS` are queued — through the signed batch call, and by `navigator.sendBeacon` when the page is
 * hidden (`visibilitychange` → hidden, `pagehide`), the only send that survives the page going away. Nothing is sent
 * (and the queue is dropped) when the consent is `denied`: the author's "do not record my usage" or the browser's
 * Do Not Track / Global Privacy Control. A failed send puts the events back (same ids: the server stores them once).
 */
export class Tracker {
  private queue: TrackingEventInput[] = [];
  private consent: TrackingConsent = 'unknown';
  private timer: ReturnType<typeof setInterval> | null = null;
  private sending = false;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.flushOnHide();
  };
  private readonly onPageHide = () => this.flushOnHide();

  constructor(private readonly deps: TrackerDeps) {}

  /** Queued events (tests, and the beacon). */
  pending(): readonly TrackingEventInput[] {
    return this.queue;
  }

  consentState(): TrackingConsent {
    return this.consent;
  }

  /** Sets the consent; `denied` drops the queue at once, `allowed` sends what waited. */
  setConsent(consent: TrackingConsent): void {
    this.consent = consent;
    if (consent === 'denied') this.queue = [];
    if (consent === 'allowed' && this.queue.length > 0) void this.flush();
  }

  /** Starts the timer and the page-hide listeners (once). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => void this.flush(),
      (this.deps.flushSeconds ?? TRACKING_FLUSH_SECONDS) * 1000,
    );
    document.addEventListener('visibilitychange', this.onVisibility);
    window.addEventListener('pagehide', this.onPageHide);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('pagehide', this.onPageHide);
  }

  /** A page view of the current page (path and title from `deps.page()` unless given). */
  pageView(opts: { path?: string; pageTitle?: string; contentTitle?: string | null } = {}): void {
    this.push('page_view', null, opts);
  }

  /** A key action that succeeded (publish, upload, export), on the current page. */
  action(action: TrackingAction, opts: { contentTitle?: string | null } = {}): void {
    this.push('action', action, opts);
  }

  private push(
    kind: TrackingEventInput['kind'],
    action: TrackingAction | null,
    opts: { path?: string; pageTitle?: string; contentTitle?: string | null },
  ): void {
    if (this.consent === 'denied') return;
    const page = this.deps.page();
    const path = cleanPath(opts.path ?? page.path);
    const contentTitle = opts.contentTitle ? clean(opts.contentTitle, TRACKING_CONTENT_TITLE_MAX) : '';
    this.queue.push({
      id: this.deps.newId(),
      kind,
      ...(action ? { action } : {}),
      pageTitle: clean(opts.pageTitle ?? page.title, TRACKING_PAGE_TITLE_MAX),
      ...(contentTitle ? { contentTitle } : {}),
      region: trackingRegionOf(path),
      path,
      at: this.deps.now().toISOString(),
    });
    if (this.queue.length > TRACKING_QUEUE_MAX) this.queue.splice(0, this.queue.length - TRACKING_QUEUE_MAX);
    if (this.queue.length >= (this.deps.flushEvents ?? TRACKING_FLUSH_EVENTS)) void this.flush();
  }

  /** Sends the queue in batches through the signed call (not while the consent is unknown or denied). */
  async flush(): Promise<void> {
    if (this.consent !== 'allowed' || this.sending || this.queue.length === 0) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && this.consent === 'allowed') {
        const batch = this.queue.splice(0, TRACKING_BATCH_MAX);
        try {
          const result = await this.deps.send(batch);
          // the server says the author opted out (another device): stop here too
          if (result.optedOut) this.setConsent('denied');
        } catch {
          this.queue.unshift(...batch);
          break;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** The page is going away: the queue leaves by beacon, 50 at a time; what the browser refuses stays queued. */
  flushOnHide(): void {
    if (this.consent !== 'allowed') return;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, TRACKING_BATCH_MAX);
      if (!this.deps.beacon(batch)) break;
      this.queue.splice(0, batch.length);
    }
  }
}
