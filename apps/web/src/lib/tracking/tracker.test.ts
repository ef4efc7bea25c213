import {
  TRACKING_BATCH_MAX,
  trackingBatchParamSchema,
  type TrackingBatchResult,
  type TrackingEventInput,
} from '@cc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost, resetPublicConfig } from '../api-client';
import { onApiEvent } from '../api-client/observers';
import { mockApi } from '../../test/render';
import {
  handleApiEvent,
  PUBLISH_PATHS,
  sendTrackingBeacon,
  Tracker,
  trackingRegionOf,
  watchVideoUploads,
} from '.';

// Issue #15 "Tracking points": the browser's queue — batching by count and by time, the beacon on page hide, the
// consent (opt-out, Do Not Track), the key actions reported once each from the api-client, the video upload store
// and the editor; every batch must pass the contract's param schema (what the server validates).

const ok: TrackingBatchResult = { accepted: 1, duplicates: 0, dropped: 0, optedOut: false };
let ids = 0;

function makeTracker() {
  const sent: TrackingEventInput[][] = [];
  const beaconed: TrackingEventInput[][] = [];
  const deps = {
    send: vi.fn<(events: TrackingEventInput[]) => Promise<TrackingBatchResult>>(async (events) => {
      sent.push(events);
      return ok;
    }),
    beacon: vi.fn<(events: TrackingEventInput[]) => boolean>((events) => {
      beaconed.push(events);
      return true;
    }),
    now: () => new Date('2026-11-24T14:40:12.000Z'),
    newId: () => `test-event-${++ids}`,
    page: () => ({ path: '/content/list', title: '内容管理 · 创作者服务中心' }),
    flushSeconds: 15,
    flushEvents: 20,
  };
  const tracker = new Tracker(deps);
  return { tracker, deps, sent, beaconed };
}

afterEach(() => vi.useRealTimers());

describe('Tracker', () => {
  it('builds events with the spec attributes that pass the contract', () => {
    const { tracker } = makeTracker();
    tracker.pageView();
    tracker.action('publish', { contentTitle: '我的\n作品' });
    tracker.pageView({ path: '/data/overview?token=x#top' });
    const events = [...tracker.pending()];
    expect(events[0]).toEqual({
      id: 'test-event-' + (ids - 2),
      kind: 'page_view',
      pageTitle: '内容管理 · 创作者服务中心',
      region: 'content',
      path: '/content/list',
      at: '2026-11-24T14:40:12.000Z',
    });
    expect(events[1]).toMatchObject({ kind: 'action', action: 'publish', contentTitle: '我的 作品' });
    // no query string or fragment ever leaves the browser
    expect(events[2]).toMatchObject({ path: '/data/overview', region: 'data' });
    expect(trackingBatchParamSchema.safeParse({ events }).success).toBe(true);
  });

  it('waits for the consent, then sends every N events and every T seconds, in batches of at most 50', async () => {
    vi.useFakeTimers();
    const { tracker, sent } = makeTracker();
    tracker.start();
    for (let i = 0; i < 25; i++) tracker.pageView();
    expect(sent).toHaveLength(0); // consent unknown: nothing leaves
    tracker.setConsent('allowed');
    await vi.runOnlyPendingTimersAsync();
    expect(sent.flat()).toHaveLength(25);
    // 19 events: below the count, sent by the timer
    for (let i = 0; i < 19; i++) tracker.pageView();
    expect(sent.flat()).toHaveLength(25);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.flat()).toHaveLength(44);
    // the 20th event sends at once
    for (let i = 0; i < 20; i++) tracker.pageView();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.flat()).toHaveLength(64);
    expect(Math.max(...sent.map((b) => b.length))).toBeLessThanOrEqual(TRACKING_BATCH_MAX);
    tracker.stop();
  });

  it('keeps the events of a failed send and sends them again with the same ids', async () => {
    const { tracker, deps, sent } = makeTracker();
    deps.send.mockRejectedValueOnce(new Error('offline'));
    tracker.setConsent('allowed');
    tracker.pageView();
    await tracker.flush();
    expect(tracker.pending()).toHaveLength(1);
    const id = tracker.pending()[0]!.id;
    await tracker.flush();
    expect(sent.at(-1)!.map((e) => e.id)).toEqual([id]);
    expect(tracker.pending()).toHaveLength(0);
  });

  it('sends the queue by sendBeacon when the page is hidden (visibilitychange, pagehide)', () => {
    const { tracker, beaconed, sent } = makeTracker();
    tracker.start();
    tracker.setConsent('allowed');
    // queued but not yet flushed (below the count, before the timer)
    tracker.pageView();
    tracker.action('export');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beaconed).toHaveLength(1);
    expect(beaconed[0]!.map((e) => e.kind)).toEqual(['page_view', 'action']);
    expect(tracker.pending()).toHaveLength(0);
    visibility.mockRestore();
    tracker.pageView();
    window.dispatchEvent(new Event('pagehide'));
    expect(beaconed).toHaveLength(2);
    expect(sent).toHaveLength(0);
    tracker.stop();
  });

  it('keeps what the browser refused to beacon', () => {
    const { tracker, deps } = makeTracker();
    deps.beacon.mockReturnValue(false);
    tracker.setConsent('allowed');
    tracker.pageView();
    tracker.flushOnHide();
    expect(tracker.pending()).toHaveLength(1);
  });

  it('opt-out: denied consent drops the queue and records nothing more; optedOut from the server stops it too', async () => {
    const { tracker, sent, beaconed } = makeTracker();
    tracker.pageView();
    tracker.setConsent('denied');
    expect(tracker.pending()).toHaveLength(0);
    tracker.pageView();
    tracker.action('publish');
    tracker.flushOnHide();
    await tracker.flush();
    expect(sent).toHaveLength(0);
    expect(beaconed).toHaveLength(0);
    // another device opted out: the server answers optedOut, and this tab stops
    const other = makeTracker();
    other.deps.send.mockResolvedValueOnce({ accepted: 0, duplicates: 0, dropped: 1, optedOut: true });
    other.tracker.setConsent('allowed');
    other.tracker.pageView();
    await other.tracker.flush();
    expect(other.tracker.consentState()).toBe('denied');
    other.tracker.pageView();
    expect(other.tracker.pending()).toHaveLength(0);
  });
});

describe('the beacon', () => {
  it('posts the signed fields and encryptType as a form to /api/tracking/beacon', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const events: TrackingEventInput[] = [
      {
        id: 'beacon-event-1',
        kind: 'page_view',
        pageTitle: 'x',
        region: 'home',
        path: '/',
        at: new Date().toISOString(),
      },
    ];
    expect(sendTrackingBeacon(events)).toBe(true);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, URLSearchParams];
    expect(url).toBe('/api/tracking/beacon');
    expect(body.get('encryptType')).toBe('1');
    for (const f of ['cid', 'ver', 'uid', 't', 'param', 'sign']) expect(body.get(f), f).toBeTruthy();
    expect(JSON.parse(body.get('param')!)).toEqual({ events });
  });
});

describe('key actions', () => {
  let stop: () => void = () => {};
  beforeEach(() => resetPublicConfig());
  afterEach(() => stop());

  it('a successful publish call of any work type is reported once, with the title; a draft or a refusal is not', async () => {
    const { tracker } = makeTracker();
    stop = onApiEvent((e) => handleApiEvent(tracker, e));
    const api = mockApi({
      '/api/article/publish': () => ({ id: 7, status: 'reviewing' }),
      '/api/video/publish': () => ({ id: 8, status: 'published' }),
      '/api/album/publish': () => ({
        __envelope: { status: 10007, message: 'bad', data: { fields: [] }, ercd: 'VALIDATION_FAILED' },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    await apiPost('article/publish', { title: '春天的车', publishType: 1 });
    await apiPost('article/publish', { title: '草稿', publishType: 0 });
    await apiPost('video/publish', { title: '视频一', publishType: 2 });
    await expect(apiPost('album/publish', { title: 'x', publishType: 1 })).rejects.toThrow();
    const actions = tracker.pending().filter((e) => e.kind === 'action');
    expect(actions.map((e) => [e.action, e.contentTitle])).toEqual([
      ['publish', '春天的车'],
      ['publish', '视频一'],
    ]);
    expect(PUBLISH_PATHS.size).toBe(4);
  });

  it('an image uploaded is one upload; a video upload merged is one upload, restored merged ones are not', () => {
    const { tracker } = makeTracker();
    handleApiEvent(tracker, { type: 'image-uploaded', path: '/fileservice/image' });
    let tasks = [
      { key: 'old', status: 'ready' },
      { key: 'new', status: 'uploading' },
    ];
    const listeners = new Set<() => void>();
    const store = {
      subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
      getTasks: () => tasks,
    };
    const unwatch = watchVideoUploads(tracker, store);
    const notify = () => listeners.forEach((l) => l());
    tasks = [tasks[0]!, { key: 'new', status: 'merging' }];
    notify();
    tasks = [tasks[0]!, { key: 'new', status: 'processing' }];
    notify();
    tasks = [tasks[0]!, { key: 'new', status: 'ready' }];
    notify();
    unwatch();
    expect(tracker.pending().filter((e) => e.action === 'upload')).toHaveLength(2);
  });

  it('maps paths to the app areas, never a location', () => {
    expect(trackingRegionOf('/')).toBe('home');
    expect(trackingRegionOf('/ops/review')).toBe('ops');
    expect(trackingRegionOf('/poster/editor')).toBe('editor');
    expect(trackingRegionOf('/dataOverview')).toBe('data');
    expect(trackingRegionOf('/somewhere')).toBe('other');
  });
});
