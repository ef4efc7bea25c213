import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { contentItem, shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';

// Issue #10 "Scheduling for every type (articles too)": a scheduled article shows when it publishes, with
// "publish now" and "cancel schedule"; cancelling saves it as a draft (the server's rule).

const AT = '2030-01-02T12:30:00.000Z';

function start() {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/content/detail': () => ({
      ...contentItem({ id: 5, title: '一篇定时发布的新能源文章', status: 'scheduled', publishedAt: null }),
      content: '<p>这是一段正文，长度足够十个字。</p>',
      coverUrls: ['/media/img/400x300/covers/a.jpg'],
      scheduledAt: AT,
    }),
    '/api/article/publish': (p) => ({ id: 5, status: Number(p.publishType) === 0 ? 'draft' : 'published' }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('the article editor and schedules', { timeout: 20_000 }, () => {
  it('shows the schedule; "cancel schedule" saves a draft and the banner goes', async () => {
    const api = start();
    renderRoutes(routes, '/article?id=5');
    const banner = await screen.findByTestId('schedule-banner');
    expect(banner.textContent).toMatch(/2030-01-0[23]/);
    fireEvent.click(screen.getByTestId('cancel-schedule'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/article/publish')?.param).toMatchObject({
        id: 5,
        publishType: 0,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('schedule-banner')).toBeNull());
  });
});
