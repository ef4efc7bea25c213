import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TopicItem } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { contentItem, shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';

// Issue #10 "Topics": the topic page lists the platform's topics with the author's count, and a topic's works.

const topics: TopicItem[] = [
  { id: 1, name: '新车上市', description: '新车发布', myWorkCount: 0 },
  { id: 4, name: '新能源', description: '纯电与插混', myWorkCount: 1 },
];

function start() {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/topic/list': () => topics,
    '/api/content/list': (p) => {
      const list = Number(p.topicId) === 4 ? [contentItem({ id: 9, title: '冬季纯电续航实测' })] : [];
      return { list, total: list.length, page: 1, pageSize: 20 };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('/topic', { timeout: 20_000 }, () => {
  it('lists the topics with my counts; choosing one lists my works in it', async () => {
    const api = start();
    const { router } = renderRoutes(routes, '/topic');
    const list = await screen.findByTestId('topic-list');
    expect(within(list).getByText('新能源')).toBeTruthy();
    fireEvent.click(within(list).getByTestId('topic-4'));
    await waitFor(() => expect(router.state.location.search).toContain('id=4'));
    expect(await screen.findByText('冬季纯电续航实测')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/content/list' && Number(c.param.topicId) === 4)).toBe(true);
  });
});
