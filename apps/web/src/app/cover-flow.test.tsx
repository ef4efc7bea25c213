import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContentDetail } from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';

// Cover flow (issue #4): the article page hands off to /poster and takes the designed cover back.
vi.setConfig({ testTimeout: 30_000 });

let api: ReturnType<typeof mockApi>;
const detail: ContentDetail = {
  id: 42,
  type: 'article',
  title: '冬季用车保养技巧',
  status: 'draft',
  coverUrl: null,
  coverUrls: [],
  publishedAt: null,
  updatedAt: '2026-01-02T03:04:05Z',
  stats: { views: 0, likes: 0, comments: 0, shares: 0 },
  rejectReason: null,
  content: '<p>正文</p>',
};

beforeEach(() => {
  resetPublicConfig();
  api = mockApi(handlers());
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

function handlers(): MockHandlers {
  return {
    '/api/home/userinfo': () => ({ authStatus: 2, avator: '/media/img/{0}x{0}/a.png', mediaName: 'Demo' }),
    '/api/message/get_mp_index_group_message': () => [],
    '/api/program/get_user_grade': () => ({ rankResult: 0, grade: 1 }),
    '/api/dynamic/get_dynamic_auth': () => ({ dynamicShow: 0 }),
    '/api/article/publish': () => ({ id: 42, status: 'draft' }),
    '/api/content/detail': () => detail,
  };
}

describe('cover flow on the article page', () => {
  it('"design a cover" saves the draft first, then opens the editor at 4:3 with returnTo', async () => {
    const { router } = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByTestId('design-cover'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/poster'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('size')).toBe('cover43');
    expect(q.get('returnTo')).toBe('/article?id=42');
    expect(api.calls.find((c) => c.path === '/api/article/publish')?.param).toMatchObject({ publishType: 0 });
  });

  it('does not leave when the draft cannot be saved (nothing is lost)', async () => {
    api = mockApi({
      ...handlers(),
      '/api/article/publish': () => ({
        __envelope: {
          status: 10007,
          message: 'title: too long',
          data: { fields: [] },
          ercd: 'VALIDATION_FAILED',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { router } = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByTestId('design-cover'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/article/publish')).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    expect(router.state.location.pathname).toBe('/article');
  });

  it('takes coverUrl back as the cover and removes it from the URL', async () => {
    const { router } = renderRoutes(routes, '/article?id=42&coverUrl=%2Fmedia%2Fimg%2F0x0%2Fimages%2Fc.png');
    const img = await screen.findByTestId('cover-preview');
    expect(img.getAttribute('src')).toBe('/media/img/0x0/images/c.png');
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
  });

  it('ignores a coverUrl that is not one of our /media/ URLs', async () => {
    const { router } = renderRoutes(routes, '/article?id=42&coverUrl=https%3A%2F%2Fevil.example%2Fx.png');
    await screen.findByTestId('article-title');
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    expect(screen.queryByTestId('cover-preview')).toBeNull();
  });
});
