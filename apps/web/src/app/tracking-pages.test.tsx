import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  saveTrackingSettingsParamSchema,
  trackingUsageParamSchema,
  type TrackingSettings,
  type TrackingUsage,
} from '@cc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsageOptOut } from '../features/account';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { tracker } from '../lib/tracking';
import { shellHandlers } from '../test/fixtures';
import { type MockHandlers, mockApi, renderAt, renderRoutes } from '../test/render';
import { routes } from './router';

// Issue #15 "Tracking points": the operators' usage tab (numbers as the server computed them, the param checked
// against the contract), the account's "do not record my usage" (saved, and this tab's tracker stops), and the
// layouts' page views.
vi.setConfig({ testTimeout: 60_000 });

const usage: TrackingUsage = {
  from: '2026-11-11',
  to: '2026-11-24',
  timeZone: 'Asia/Shanghai',
  activeAuthors: [
    { day: '2026-11-23', authors: 3 },
    { day: '2026-11-24', authors: 5 },
  ],
  totalAuthors: 6,
  funnel: { uploaded: 4, published: 3 },
  topPages: [{ path: '/content/list', pageTitle: '内容管理 · 创作者服务中心', views: 17, authors: 5 }],
  actions: [
    { action: 'publish', count: 9, authors: 3 },
    { action: 'upload', count: 4, authors: 4 },
  ],
};

function start(extra: MockHandlers = {}) {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Op',
      id: 1,
      userIdentityList: [],
      role: 'operator',
    }),
    '/api/ops/tracking/usage': (p) => {
      expect(trackingUsageParamSchema.safeParse(p).success).toBe(true);
      return usage;
    },
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

beforeEach(() => tracker.setConsent('unknown'));
afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('/ops/review?tab=usage', () => {
  it('shows active authors, the funnel, top pages and actions as the server counted them', async () => {
    const api = start();
    renderRoutes(routes, '/ops/review?tab=usage');
    const panel = await screen.findByTestId('ops-usage', {}, { timeout: 30_000 });
    expect(within(panel).getByRole('img', { name: /每日活跃作者数折线图/ })).toBeTruthy();
    expect(within(panel).getByText('区间内活跃作者')).toBeTruthy();
    expect(within(panel).getByText('75')).toBeTruthy(); // 3 of 4 → 75 %
    expect(within(panel).getByText('/content/list')).toBeTruthy();
    expect(within(panel).getByText('17')).toBeTruthy();
    expect(within(panel).getByText('发布')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/ops/tracking/usage')!;
    // the first ask is for the server's default period (today in REPORT_TZ, not this browser's calendar)
    expect(call.param).toEqual({});
    expect(within(panel).getByDisplayValue('2026-11-11')).toBeTruthy();
  });

  it('reads in en-US', async () => {
    await setLanguage('en-US');
    start();
    renderRoutes(routes, '/ops/review?tab=usage');
    const panel = await screen.findByTestId('ops-usage', {}, { timeout: 30_000 });
    expect(within(panel).getByText('Upload → publish funnel')).toBeTruthy();
    expect(within(panel).getByText('Most viewed pages')).toBeTruthy();
  });
});

describe('do not record my usage', () => {
  it('saves the setting on the server and stops this tab from sending', async () => {
    let saved: TrackingSettings = { optOut: false, updatedAt: null };
    const api = start({
      '/api/tracking/settings': () => saved,
      '/api/tracking/save_settings': (p) => {
        expect(saveTrackingSettingsParamSchema.safeParse(p).success).toBe(true);
        saved = { optOut: p.optOut as boolean, updatedAt: '2026-11-24T14:00:00.000Z' };
        return saved;
      },
    });
    tracker.setConsent('allowed');
    renderAt(<UsageOptOut />, '/account/settings');
    expect(await screen.findByText(/浏览器不再发送，服务器也会丢弃/)).toBeTruthy();
    const toggle = await screen.findByRole('switch', { name: '不记录我的使用情况' });
    fireEvent.click(toggle);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tracking/save_settings')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/tracking/save_settings')!.param).toEqual({ optOut: true });
    await waitFor(() => expect(tracker.consentState()).toBe('denied'));
    tracker.pageView();
    expect(tracker.pending()).toHaveLength(0);
  });
});

describe('page views', () => {
  it('the layout reports the page with its title once per path', async () => {
    start();
    const before = tracker.pending().length;
    const view = renderRoutes(routes, '/ops/review?tab=usage');
    await screen.findByTestId('ops-usage', {}, { timeout: 30_000 });
    await waitFor(() => expect(tracker.pending().length).toBe(before + 1));
    expect(tracker.pending().at(-1)).toMatchObject({ kind: 'page_view', path: '/ops/review', region: 'ops' });
    expect(tracker.pending().at(-1)!.pageTitle).toContain('创作者服务中心');
    view.unmount();
  });
});
