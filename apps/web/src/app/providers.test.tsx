import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { type ApiData, pickMessageLanguage, renderMessage } from '@cc/contracts';
import { apiGet } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { mockApi, renderAt } from '../test/render';

// Issue #9: an answer's server texts are in the language the call asked for; after a language switch the
// cached answers are asked for again, so a review reason already on screen follows the switch.
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const reason = {
  code: 'REVIEW_SENSITIVE_WORD',
  params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
} as const;

function RejectReason() {
  const list = useQuery({
    queryKey: ['content-list'],
    queryFn: () => apiGet<ApiData<'/api/content/list'>>('content/list', {}),
  });
  return <p>{list.data?.list[0]?.rejectReason}</p>;
}

describe('AppProviders', () => {
  it('asks for cached answers again when the language changes', async () => {
    const api = mockApi({
      '/api/content/list': (_param, _url, init) => ({
        list: [
          {
            id: 1,
            type: 'article',
            title: '一篇文章',
            status: 'rejected',
            coverUrl: null,
            publishedAt: null,
            updatedAt: '2026-01-01T00:00:00.000Z',
            stats: { views: 0, likes: 0, comments: 0, shares: 0 },
            rejectReason: renderMessage(
              reason,
              pickMessageLanguage(new Headers(init.headers).get('accept-language')),
            ),
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<RejectReason />);
    expect(await screen.findByText('包含违禁词：赌博（赌博）')).toBeTruthy();
    await act(() => setLanguage('en-US'));
    expect(await screen.findByText('contains a prohibited word: 赌博 (gambling)')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content/list')).toHaveLength(2);
  });
});
