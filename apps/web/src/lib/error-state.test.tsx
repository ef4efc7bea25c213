import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerErrorScreen } from '../components/error-screens';
import { renderAt } from '../test/render';
import { mockApi } from '../test/render';
import { apiGet, resetPublicConfig } from './api-client';
import { onApiEvent } from './api-client/observers';
import {
  clearLatestError,
  ERROR_STATE_KEY,
  installGlobalErrorRecording,
  latestError,
  recordError,
  supportReport,
  type SupportReportContext,
} from './error-state';
import { setLanguage } from './i18n';
import { handleApiEvent, Tracker } from './tracking';

// Spec §3 "Error state: records the time of the latest error" (issue #15): kind and time kept in memory and
// sessionStorage, recorded from the api-client (network, server) and the page (script); the server-exception
// screen shows it and copies a support report, in both languages.

const labels: SupportReportContext['labels'] = {
  title: 'Report',
  version: 'Version',
  time: 'Time',
  kind: 'Kind',
  detail: 'Detail',
  page: 'Page',
  language: 'Language',
  user: 'User',
  none: 'none',
  kindName: (k) => k,
};

/** Feeds the api-client's events to a tracker (which records the latest error), as the app shell does; returns the unsubscribe. */
function recordApiFailures(): () => void {
  const t = new Tracker({
    send: async () => ({ accepted: 0, duplicates: 0, dropped: 0, optedOut: false }),
    beacon: () => true,
    now: () => new Date(),
    newId: () => 'id-12345678',
    page: () => ({ path: '/', title: '' }),
  });
  return onApiEvent((e) => handleApiEvent(t, e));
}

beforeEach(() => {
  clearLatestError();
  resetPublicConfig();
});
afterEach(async () => {
  await setLanguage('zh-CN');
});

describe('the latest error', () => {
  it('records kind, time, detail without query strings, and the page; kept in sessionStorage', () => {
    window.history.replaceState(null, '', '/content/list?secret=1');
    const e = recordError('server', '/api/content/list?token=abc', new Date('2026-11-24T14:40:12Z'));
    expect(e).toEqual({
      kind: 'server',
      at: '2026-11-24T14:40:12.000Z',
      detail: '/api/content/list',
      page: '/content/list',
    });
    expect(JSON.parse(sessionStorage.getItem(ERROR_STATE_KEY)!)).toEqual(e);
    expect(latestError()).toEqual(e);
    recordError('script', 'x'.repeat(500));
    expect(latestError()!.kind).toBe('script');
    expect(latestError()!.detail).toHaveLength(200);
  });

  it('is recorded by the api-client: network when no answer, server on a 5xx; a refusal is not an error', async () => {
    const stop = recordApiFailures();
    try {
      const api = mockApi({
        '/api/content/list': () => ({
          __envelope: { status: 10007, message: 'bad', data: { fields: [] }, ercd: 'VALIDATION_FAILED' },
        }),
      });
      vi.stubGlobal('fetch', vi.fn(api.fetchMock));
      await expect(apiGet('content/list')).rejects.toThrow();
      expect(latestError()).toBeNull();
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      await expect(apiGet('home/overview')).rejects.toThrow();
      expect(latestError()).toMatchObject({ kind: 'network', detail: '/api/home/overview' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
      );
      await expect(apiGet('fans/list')).rejects.toThrow();
      expect(latestError()).toMatchObject({ kind: 'server', detail: '/api/fans/list' });
    } finally {
      stop();
    }
  });

  it('is not recorded for a request cut off because the page is being left (pagehide), again after pageshow', async () => {
    const stop = recordApiFailures();
    try {
      const failing = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
      vi.stubGlobal('fetch', failing);
      // the first request installs the page-lifecycle listeners
      await expect(apiGet('home/overview')).rejects.toThrow();
      expect(latestError()).toMatchObject({ kind: 'network', detail: '/api/home/overview' });
      clearLatestError();
      window.dispatchEvent(new Event('pagehide'));
      await expect(apiGet('data/overview')).rejects.toThrow();
      expect(latestError()).toBeNull();
      window.dispatchEvent(new Event('pageshow'));
      await expect(apiGet('data/overview')).rejects.toThrow();
      expect(latestError()).toMatchObject({ kind: 'network', detail: '/api/data/overview' });
      expect(failing).toHaveBeenCalledTimes(3);
    } finally {
      stop();
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('records nothing of any kind while the page is being left: a body cut off, a chunk import cut off', async () => {
    const stop = recordApiFailures();
    installGlobalErrorRecording();
    try {
      // an answer whose body is cut off by the navigation reads as not-an-envelope (`server`)
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{"status":1,"da', { status: 200 })),
      );
      window.dispatchEvent(new Event('pagehide'));
      await expect(apiGet('data/overview')).rejects.toThrow();
      expect(latestError()).toBeNull();
      // a lazy route's import cut off: an unhandled rejection, which would be `script`
      const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
      rejection.reason = new TypeError('Failed to fetch dynamically imported module: /assets/home.js');
      window.dispatchEvent(rejection);
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
      expect(latestError()).toBeNull();
      expect(recordError('server', '/api/x')).toBeNull();
      // live again: each of them is recorded
      window.dispatchEvent(new Event('pageshow'));
      await expect(apiGet('data/overview')).rejects.toThrow();
      expect(latestError()).toMatchObject({ kind: 'server', detail: '/api/data/overview' });
      window.dispatchEvent(rejection);
      expect(latestError()).toMatchObject({
        kind: 'script',
        detail: expect.stringContaining('dynamically imported'),
      });
    } finally {
      stop();
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it("does not record the browser's ResizeObserver loop notice as a script error", () => {
    installGlobalErrorRecording();
    const e = recordError('server', '/api/data/overview')!;
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
    expect(latestError()).toEqual(e);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x is not a function' }));
    expect(latestError()).toMatchObject({
      kind: 'script',
      detail: 'Uncaught TypeError: x is not a function',
    });
  });

  it('the support report holds version, time, kind, path, page, language and user id only', () => {
    const e = recordError('network', '/api/home/overview', new Date('2026-11-24T14:40:12Z'))!;
    const text = supportReport(e, {
      labels,
      language: 'en-US',
      userId: '42',
      currentPage: '/x',
      now: new Date(),
    });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Report');
    expect(lines[1]).toMatch(/^Version: 1\.0\.4 \(dev\)$/);
    expect(lines[2]).toMatch(/^Time: 2026-11-2[45] \d\d:40:12 \(2026-11-24T14:40:12\.000Z\)$/);
    expect(lines.slice(3)).toEqual([
      'Kind: network',
      'Detail: /api/home/overview',
      `Page: ${e.page}`,
      'Language: en-US',
      'User: 42',
    ]);
    expect(
      supportReport(null, { labels, language: 'zh-CN', userId: '', currentPage: '/a?b=c', now: new Date() }),
    ).toContain('Kind: none');
  });
});

describe('the server-exception screen', () => {
  it('shows the latest error and copies the support report, in zh-CN and en-US', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    recordError('server', '/api/content/list', new Date(2026, 10, 24, 22, 40, 12));
    const view = renderAt(<ServerErrorScreen />, '/serverError/serverError');
    expect(await screen.findByText('最近一次错误：服务器，2026-11-24 22:40:12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制支持报告' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const zh = writeText.mock.calls[0]![0];
    expect(zh).toContain('类型: 服务器');
    expect(zh).toContain('请求路径或信息: /api/content/list');
    expect(await screen.findByText('支持报告已复制到剪贴板')).toBeTruthy();
    view.unmount();

    await setLanguage('en-US');
    renderAt(<ServerErrorScreen />, '/serverError/serverError');
    expect(await screen.findByText('Latest error: server, 2026-11-24 22:40:12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy support report' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls[1]![0]).toContain('Kind: server');
  });

  it('shows the report to copy by hand when the clipboard refuses, and says when nothing was recorded', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    renderAt(<ServerErrorScreen />, '/serverError/serverError');
    expect(await screen.findByText('本次访问没有记录到错误')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制支持报告' }));
    const area = await screen.findByRole('textbox', { name: '复制支持报告' });
    expect((area as HTMLTextAreaElement).value).toContain('创作者中心 支持报告');
  });
});
