import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem, DynamicDetail, DynamicFeedItem } from '@cc/contracts';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { contentItem, fieldRefusal, shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// The dynamic pages (issue #10 "Dynamics") through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

let dynamicShow: 0 | 1;
let items: ContentListItem[];
let feed: DynamicFeedItem[];
let detail: DynamicDetail;
let api: ReturnType<typeof mockApi>;

const IMG = (n: number) => `/media/img/0x0/images/u1/${n}.png`;
const feedItem = (over: Partial<DynamicFeedItem> = {}): DynamicFeedItem => ({
  id: 1,
  text: '周末去川西跑了一趟，新车在高原上的表现比想象中好',
  status: 'published',
  images: [IMG(1), IMG(2)],
  video: null,
  topicId: 2,
  carSeriesIds: [],
  carSeries: [],
  publishedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T03:04:05Z',
  stats: { views: 342_118, likes: 12, comments: 3, shares: 1 },
  ...over,
});

beforeEach(() => {
  dynamicShow = 1;
  localStorage.clear();
  items = [
    contentItem({ id: 1, type: 'dynamic', title: '周末去川西跑了一趟', coverUrl: IMG(1) }),
    contentItem({
      id: 2,
      type: 'dynamic',
      title: '违规的动态',
      status: 'rejected',
      rejectReason: '包含违禁词：赌博（赌博）',
      publishedAt: null,
    }),
  ];
  feed = [feedItem()];
  detail = {
    ...feedItem({ id: 5, status: 'draft', publishedAt: null, images: [IMG(1), IMG(2), IMG(3)] }),
    videoId: null,
    rejectReason: null,
    scheduledAt: null,
  };
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/dynamic/get_dynamic_auth': () => ({ dynamicShow }),
    '/api/content/list': (p) => {
      const list = items.filter(
        (i) => (!p.type || i.type === p.type) && (!p.status || i.status === p.status),
      );
      return { list, total: list.length, page: Number(p.page ?? 1), pageSize: Number(p.pageSize ?? 10) };
    },
    '/api/content/status_counts': (p) => {
      const mine = items.filter((i) => !p.type || i.type === p.type);
      const n = (s: string) => mine.filter((i) => i.status === s).length;
      return {
        all: mine.length,
        draft: n('draft'),
        reviewing: n('reviewing'),
        published: n('published'),
        rejected: n('rejected'),
        scheduled: n('scheduled'),
      };
    },
    '/api/dynamic/detail': (p) =>
      p.id === detail.id
        ? detail
        : {
            ...feedItem({ id: Number(p.id) }),
            videoId: null,
            rejectReason: null,
            scheduledAt: null,
          },
    '/api/dynamic/list': (p) => ({
      list: p.view === 'community' ? feed : [],
      total: p.view === 'community' ? feed.length : 0,
      page: 1,
      pageSize: 10,
    }),
    '/api/dynamic/publish': (p) => ({
      id: Number(p.id ?? 9),
      status: p.publishType === 0 ? 'draft' : 'published',
    }),
    '/api/topic/list': () => [
      { id: 2, name: '自驾游', description: '路上的风景', myWorkCount: 1 },
      { id: 3, name: '新能源', description: '电动车', myWorkCount: 0 },
    ],
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const publishCalls = () => api.calls.filter((c) => c.path === '/api/dynamic/publish');

describe('the dynamic area needs get_dynamic_auth (spec §3/§6)', () => {
  for (const path of [
    '/dynamic/dynamic',
    '/detailManage/dynamic',
    '/newDynamic/community',
    '/newDynamic/oldDynamic',
  ]) {
    it(`${path} with dynamicShow 0 says it is not available (no form, no list call)`, async () => {
      dynamicShow = 0;
      renderRoutes(routes, path);
      expect(await screen.findByText('动态功能暂未开通', {}, { timeout: 20_000 })).toBeTruthy();
      // the rule it applies (issue #11, DYNAMIC_NOT_ALLOWED)
      expect(
        within(screen.getByTestId('dynamic-unavailable'))
          .getByRole('link', { name: /查看规则/ })
          .getAttribute('href'),
      ).toBe('/authoringService/ruleCenter/publish?rule=publish-works#dynamics');
      expect(screen.queryByTestId('dynamic-text')).toBeNull();
      expect(
        api.calls.some(
          (c) =>
            c.path === '/api/dynamic/list' ||
            c.path === '/api/content/list' ||
            c.path === '/api/content/status_counts',
        ),
      ).toBe(false);
    });
  }

  it('the copy in localStorage shows the page while the call is on its way; the server’s 0 then hides it', async () => {
    localStorage.setItem('dynamicShow', '1');
    dynamicShow = 0;
    renderRoutes(routes, '/newDynamic/community');
    expect(await screen.findByText('动态功能暂未开通', {}, { timeout: 20_000 })).toBeTruthy();
    expect(localStorage.getItem('dynamicShow')).toBe('0');
  });
});

describe('/dynamic/dynamic', () => {
  it('counts the text live (x / 2000, code points) and refuses 2001 before sending', async () => {
    renderRoutes(routes, '/dynamic/dynamic');
    const text = await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 });
    fireEvent.change(text, { target: { value: '🚗🚗好车' } });
    expect(screen.getByTestId('dynamic-text-counter').textContent).toBe('4 / 2000');
    fireEvent.change(text, { target: { value: '字'.repeat(2001) } });
    expect(screen.getByTestId('dynamic-text-counter').textContent).toBe('2001 / 2000');
    fireEvent.click(screen.getByTestId('dynamic-publish'));
    expect(await screen.findByText('动态内容须为 1–2000 个字')).toBeTruthy();
    expect(publishCalls()).toEqual([]);
  });

  it('a refused field links to the rule it applies (data.fields[i].ruleRef, issue #11)', async () => {
    const refusal = fieldRefusal('text', '动态包含违禁词：赌博');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        input.includes('/api/dynamic/publish')
          ? Promise.resolve(new Response(JSON.stringify(refusal)))
          : api.fetchMock(input, init),
      ),
    );
    renderRoutes(routes, '/dynamic/dynamic');
    fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
      target: { value: '今天试驾了新车' },
    });
    fireEvent.click(screen.getByTestId('dynamic-publish'));
    const help = (await screen.findByText('动态包含违禁词：赌博')).closest('.ant-form-item-explain')!;
    expect(
      within(help as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#prohibited-words');
  });

  it('publishes: the payload as API.md §13 names it, with a requestId; then the management page', async () => {
    const { router } = renderRoutes(routes, '/dynamic/dynamic');
    fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
      target: { value: '  今天试驾了新车  ' },
    });
    fireEvent.click(screen.getByTestId('dynamic-publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/detailManage/dynamic'));
    expect(publishCalls()[0]?.param).toEqual({
      text: '今天试驾了新车',
      images: [],
      carSeriesIds: [],
      publishType: 1,
      requestId: expect.any(String) as string,
    });
  });

  it('edits ?id=5: its text and images load; an image moves right and one is removed; a draft save keeps the URL', async () => {
    renderRoutes(routes, '/dynamic/dynamic?id=5');
    expect(await screen.findByText('编辑动态', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('dynamic-image')).toHaveLength(3));
    expect(screen.getByTestId<HTMLTextAreaElement>('dynamic-text').value).toBe(detail.text);
    expect(screen.getByTestId('dynamic-image-count').textContent).toBe('3/9 张');
    fireEvent.click(screen.getByRole('button', { name: '第 1 张图片后移' }));
    fireEvent.click(screen.getByRole('button', { name: '移除第 3 张图片' }));
    expect(
      screen.getAllByTestId('dynamic-image').map((li) => li.querySelector('img')?.getAttribute('src')),
    ).toEqual([IMG(2), IMG(1)]);
    fireEvent.click(screen.getByTestId('dynamic-save-draft'));
    await waitFor(() => expect(publishCalls()).toHaveLength(1));
    expect(publishCalls()[0]?.param).toMatchObject({
      id: 5,
      images: [IMG(2), IMG(1)],
      topicId: 2,
      publishType: 0,
    });
    expect(await screen.findByText('草稿已保存')).toBeTruthy();
  });

  it('chooses a video from my published short videos and videos; the dynamic sends its id', async () => {
    items.push(
      contentItem({
        id: 31,
        type: 'smallVideo',
        title: '雨天刹车测试',
        coverUrl: IMG(9),
        stats: { views: 1, likes: 0, comments: 0, shares: 0, plays: 1, duration: 42 },
      }),
    );
    const { router } = renderRoutes(routes, '/dynamic/dynamic');
    fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
      target: { value: '配一段小视频' },
    });
    fireEvent.click(screen.getByTestId('dynamic-video-open'));
    fireEvent.click(await screen.findByRole('button', { name: '选择: 雨天刹车测试' }));
    expect(
      api.calls.find((c) => c.path === '/api/content/list' && c.param.type === 'smallVideo')?.param,
    ).toMatchObject({ status: 'published' });
    const chosen = await screen.findByTestId('dynamic-video');
    expect(chosen.textContent).toContain('雨天刹车测试');
    expect(chosen.textContent).toContain('00:42');
    fireEvent.click(screen.getByTestId('dynamic-publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/detailManage/dynamic'));
    expect(publishCalls()[0]?.param).toMatchObject({ videoId: 31, publishType: 1 });
  });

  it('autosaves a draft every 30 s as a draft; never a scheduled dynamic (its schedule would be cancelled)', async () => {
    // only the autosave's interval is faked: the UI's own timers run as usual
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      detail = { ...detail, status: 'scheduled', scheduledAt: '2099-01-01T00:00:00.000Z' };
      const scheduled = renderRoutes(routes, '/dynamic/dynamic?id=5');
      fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
        target: { value: '改了定时动态的内容' },
      });
      await act(async () => {
        vi.advanceTimersByTime(31_000);
        await Promise.resolve();
      });
      expect(publishCalls()).toEqual([]);
      scheduled.unmount();

      detail = { ...detail, status: 'draft', scheduledAt: null };
      renderRoutes(routes, '/dynamic/dynamic?id=5');
      fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
        target: { value: '改了草稿的内容' },
      });
      await act(async () => {
        vi.advanceTimersByTime(31_000);
        await Promise.resolve();
      });
      await waitFor(() => expect(publishCalls()).toHaveLength(1));
      expect(publishCalls()[0]?.param).toMatchObject({ id: 5, text: '改了草稿的内容', publishType: 0 });
      expect(await screen.findByText(/已自动保存/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a published dynamic offers no "save draft" (it would take it away from readers)', async () => {
    detail = { ...detail, status: 'published', publishedAt: '2026-01-01T00:00:00Z' };
    renderRoutes(routes, '/dynamic/dynamic?id=5');
    await screen.findByTestId('dynamic-publish', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('dynamic-save-draft')).toBeNull();
  });

  it('a rejected dynamic shows why above the form', async () => {
    detail = { ...detail, status: 'rejected', rejectReason: '包含违禁词：赌博（赌博）' };
    renderRoutes(routes, '/dynamic/dynamic?id=5');
    expect(
      (await screen.findByTestId('dynamic-reject-reason', {}, { timeout: 20_000 })).textContent,
    ).toContain('未通过原因：包含违禁词：赌博（赌博）');
  });

  it('the server’s field errors show next to their fields, in the UI language', async () => {
    await act(() => setLanguage('en-US'));
    api = mockApi({
      ...shellHandlers(),
      '/api/dynamic/get_dynamic_auth': () => ({ dynamicShow: 1 }),
      '/api/topic/list': () => [],
      '/api/dynamic/publish': () => ({
        __envelope: {
          status: 10007,
          message: 'no such video of yours',
          data: {
            fields: [{ path: 'videoId', message: 'no such video of yours', code: 'DYNAMIC_VIDEO_NOT_YOURS' }],
          },
          ercd: 'VALIDATION_FAILED',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderRoutes(routes, '/dynamic/dynamic');
    fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
      target: { value: 'A drive in the rain' },
    });
    fireEvent.click(screen.getByTestId('dynamic-publish'));
    const help = await screen.findAllByText('no such video of yours');
    expect(help.some((el) => el.closest('.ant-form-item-explain'))).toBe(true);
  });

  it('keeps a local copy as the author types and offers it back on the next visit', async () => {
    const first = renderRoutes(routes, '/dynamic/dynamic');
    fireEvent.change(await screen.findByTestId('dynamic-text', {}, { timeout: 20_000 }), {
      target: { value: '没保存的动态' },
    });
    await waitFor(() => expect(Object.keys(localStorage).some((k) => k.startsWith('cc.draft:'))).toBe(true), {
      timeout: 5_000,
    });
    first.unmount();
    renderRoutes(routes, '/dynamic/dynamic');
    const prompt = await screen.findByTestId('local-draft-prompt', {}, { timeout: 20_000 });
    expect(screen.getByTestId<HTMLTextAreaElement>('dynamic-text').value).toBe('');
    fireEvent.click(within(prompt).getByRole('button', { name: /恢\s*复/ }));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLTextAreaElement>('dynamic-text').value).toBe('没保存的动态'),
    );
  });
});

describe('/detailManage/dynamic', () => {
  it('status tabs with counts, excerpt and thumbnails, the reject reason beside Edit, edit opens the dynamic editor', async () => {
    renderRoutes(routes, '/detailManage/dynamic');
    await screen.findByTestId('dynamic-table', {}, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByTestId('dynamic-tab-all').textContent).toBe('全部(2)'));
    await waitFor(() => expect(screen.getByTestId('dynamic-tab-rejected').textContent).toBe('未通过(1)'));
    const rows = screen.getAllByRole('row');
    const rejected = rows.find(
      (r) => r.textContent?.includes('违规的动态') || r.getAttribute('data-row-key') === '2',
    )!;
    expect(within(rejected).getByTestId('dynamic-reject-reason').textContent).toBe(
      '未通过原因：包含违禁词：赌博（赌博）',
    );
    expect(within(rejected).getByTestId('dynamic-edit').getAttribute('href')).toBe('/dynamic/dynamic?id=2');
    const published = rows.find((r) => r.getAttribute('data-row-key') === '1')!;
    await waitFor(() => expect(within(published).getAllByTestId('dynamic-thumb')).toHaveLength(2));
    expect(within(published).getByTestId('dynamic-stats').textContent).toContain('浏览 1.2万');
  });

  it('a tab filters by status and lives in the query string', async () => {
    const { router } = renderRoutes(routes, '/detailManage/dynamic?status=rejected');
    await screen.findByTestId('dynamic-table', {}, { timeout: 20_000 });
    expect(
      api.calls.find((c) => c.path === '/api/content/list' && c.param.pageSize === 10)?.param,
    ).toMatchObject({
      type: 'dynamic',
      status: 'rejected',
    });
    fireEvent.click(screen.getByTestId('dynamic-tab-draft'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    expect(await screen.findByText('这个状态下没有动态')).toBeTruthy();
  });
});

describe('/newDynamic/*', () => {
  it('community: cards with text, images, the topic and engagement in 万; tabs lead to the other views', async () => {
    const { router } = renderRoutes(routes, '/newDynamic/community');
    const card = await screen.findByTestId('dynamic-card', {}, { timeout: 20_000 });
    expect(within(card).getByTestId('dynamic-card-text').textContent).toContain('周末去川西跑了一趟');
    expect(card.querySelectorAll('img')).toHaveLength(2);
    await waitFor(() => expect(within(card).getByTestId('dynamic-card-topic').textContent).toBe('#自驾游'));
    expect(within(card).getByTestId('dynamic-card-stats').textContent).toContain('34.2万');
    expect(api.calls.find((c) => c.path === '/api/dynamic/list')?.param).toMatchObject({
      view: 'community',
      page: 1,
    });
    fireEvent.click(screen.getByTestId('dynamic-view-old'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/newDynamic/oldDynamic'));
    expect(await screen.findByText('还没有发布超过 30 天的动态')).toBeTruthy();
  });

  it('smallVideo in en-US: the view’s rule and its empty state', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/newDynamic/smallVideo');
    expect(
      await screen.findByText(
        'No posts with a video yet; choose a video when you publish a post',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('dynamic-view-hint').textContent).toBe(
      'Posts that carry a video or short video',
    );
    expect(api.calls.find((c) => c.path === '/api/dynamic/list')?.param).toMatchObject({
      view: 'smallVideo',
    });
  });
});
