import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem } from '@cc/contracts';
import { routes } from './router';
import { type MockReply, mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { contentItem, fieldRefusal, shellHandlers } from '../test/fixtures';

// Whole-router renders with antd are slow in jsdom on a 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

let groups: { msgGroup: number; unreadCount: number }[];
let items: ContentListItem[];
let api: ReturnType<typeof mockApi>;
let loginReply: MockReply<'/api/passport/login'>;
let publishReply: (param: Record<string, unknown>) => MockReply<'/api/article/publish'>;

const item = contentItem;

beforeEach(() => {
  groups = [
    { msgGroup: 1, unreadCount: 0 },
    { msgGroup: 8, unreadCount: 7 },
  ];
  items = [
    item({}),
    item({
      id: 2,
      title: '被拒绝的文章标题',
      status: 'rejected',
      rejectReason: 'contains a prohibited word',
    }),
  ];
  loginReply = { userId: 1 };
  publishReply = () => ({ id: 42, status: 'draft' });
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/message/get_mp_index_group_message': () => groups,
    '/api/message/get_message_list': (p) => ({
      list: [
        {
          id: 5,
          msgGroup: Number(p.msgGroup ?? 8),
          title: 'server title',
          body: 'server body',
          isRead: false,
          createdAt: '2026-01-01T00:00:00Z',
          link: null,
          kind: 'welcome',
          params: { mediaName: 'Demo Garage' },
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
    }),
    '/api/message/clear_unread_msg': (p) => {
      groups = groups.map((g) =>
        p.msgGroup === undefined || g.msgGroup === p.msgGroup ? { ...g, unreadCount: 0 } : g,
      );
      return null;
    },
    '/api/content/list': (p) => ({
      list: items.filter((i) => (!p.type || i.type === p.type) && (!p.status || i.status === p.status)),
      total: items.length,
      page: 1,
      pageSize: 10,
    }),
    '/api/content/delete': (p) => {
      items = items.filter((i) => i.id !== p.id);
      return null;
    },
    '/api/passport/login': () => loginReply,
    '/api/article/publish': (p) => publishReply(p),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

describe('login (API.md §5)', () => {
  it('goes to a same-origin backurl after login', async () => {
    const { router } = renderRoutes(
      routes,
      '/login?backurl=' + encodeURIComponent('/detailManage?type=article'),
    );
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'demo-password' } });
    expect(screen.getByText('体验账号：demo / demo-password')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: '登录创作者服务中心' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/detailManage?type=article',
      ),
    );
    expect(api.calls.find((c) => c.path === '/api/passport/login')?.param).toEqual({
      account: 'demo',
      password: 'demo-password',
    });
  });

  it('refuses a foreign backurl and goes to /', async () => {
    const { router } = renderRoutes(routes, '/login?backurl=' + encodeURIComponent('//evil.example.com/'));
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('form', { name: '登录创作者服务中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's message on failure", async () => {
    loginReply = {
      __envelope: {
        status: 10009,
        message: 'too many attempts, try again in 15 minutes',
        data: null,
        ercd: 'RATE_LIMITED',
      },
    };
    const { router } = renderRoutes(routes, '/login?backurl=%2F');
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('form', { name: '登录创作者服务中心' }));
    expect(await screen.findByText('too many attempts, try again in 15 minutes')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('messageList', () => {
  it('orders groups unread first and clearing group 8 hides the bell badge at once', async () => {
    renderRoutes(routes, '/messageList');
    await waitFor(() => expect(screen.getByTestId('bell-badge').textContent).toBe('7'));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs[0]!.textContent).toContain('系统通知');
    // message text rendered from kind + params through i18n
    expect(await screen.findByText('欢迎加入创作者服务中心')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '本组全部已读' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/message/clear_unread_msg')?.param).toEqual({ msgGroup: 8 });
  });

  it('keeps the chosen group and page in the query string', async () => {
    const { router } = renderRoutes(routes, '/messageList');
    const tab = await screen.findByRole('tab', { name: /评论/ });
    fireEvent.click(tab);
    await waitFor(() => expect(router.state.location.search).toBe('?group=1'));
  });
});

describe('detailManage', () => {
  it('shows status tags with words, stats in 万, and keeps filters in the query string', async () => {
    const { router } = renderRoutes(routes, '/detailManage');
    const rows = await screen.findAllByTestId('status-tag');
    expect(rows.map((r) => r.textContent)).toEqual(['已发布', '未通过']);
    expect(screen.getAllByText('阅读 1.2万').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: '文章' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=article'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/content/list' && c.param.type === 'article')).toBe(true),
    );
  });

  it('reads its filters from the URL (reload keeps them)', async () => {
    renderRoutes(routes, '/detailManage?type=article&status=rejected&page=1');
    await screen.findAllByTestId('status-tag');
    const call = api.calls.filter((c) => c.path === '/api/content/list').at(-1)!;
    expect(call.param).toMatchObject({ type: 'article', status: 'rejected', page: 1 });
  });

  it('deletes only after confirmation', async () => {
    renderRoutes(routes, '/detailManage');
    await screen.findAllByTestId('status-tag');
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('被拒绝的文章标题'))!;
    fireEvent.click(within(row).getByRole('button', { name: /删除/ }));
    expect(api.calls.some((c) => c.path === '/api/content/delete')).toBe(false);
    const confirm = await screen.findByText(/确定删除「被拒绝的文章标题」/);
    const pop = confirm.closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/content/delete')?.param).toEqual({ id: 2 }),
    );
    await waitFor(() => expect(screen.getAllByTestId('status-tag')).toHaveLength(1));
  });

  it('shows the next step when there is nothing yet', async () => {
    items = [];
    renderRoutes(routes, '/detailManage');
    // a link (an antd button rendered as <a>, never a button inside a link), to the article editor
    expect((await screen.findByText('发布第一篇文章')).closest('a')?.getAttribute('href')).toBe('/article');
  });
});

describe('article editor', () => {
  it('counts the title with titleLength (x/30) and shows rule errors in the current language', async () => {
    renderRoutes(routes, '/article');
    const input = await screen.findByTestId('article-title');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('title-counter').textContent).toBe('1.5/30');
    expect(await screen.findByText(/标题需为 6–30 个字/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '冬季用车保养技巧🚗' } });
    expect(await screen.findByText('标题不能包含表情符号')).toBeTruthy();
    fireEvent.change(input, { target: { value: '冬季用车保养技巧' } });
    await waitFor(() => expect(screen.queryByText('标题不能包含表情符号')).toBeNull());
    expect(screen.getByTestId('title-counter').textContent).toBe('8/30');
  });

  it('a refused title links to its rule: the rule checked in the browser, and a server field error (issue #11)', async () => {
    publishReply = () => ({ __envelope: fieldRefusal('title', '标题包含违禁词：赌博') });
    renderRoutes(routes, '/article');
    const input = await screen.findByTestId('article-title');
    fireEvent.change(input, { target: { value: 'abc' } });
    const rule = (await screen.findByText(/标题需为 6–30 个字/)).closest('.ant-form-item-explain')!;
    expect(
      within(rule as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-titles#length');
    fireEvent.change(input, { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    const refused = (await screen.findByText('标题包含违禁词：赌博')).closest('.ant-form-item-explain')!;
    expect(
      within(refused as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#prohibited-words');
  });

  it('publish is validated with the contracts schema before sending', async () => {
    renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /^(send\s*)?发\s*布$/ }));
    expect(await screen.findByText(/正文需为 10–100000 个字/)).toBeTruthy();
    expect(await screen.findByText('请上传封面')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/article/publish')).toBe(false);
  });

  it('saving a draft creates it and puts ?id= in the URL', async () => {
    const { router } = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    expect(api.calls.find((c) => c.path === '/api/article/publish')?.param).toMatchObject({
      title: '冬季用车保养技巧',
      publishType: 0,
      coverUrls: [],
    });
  });

  it('a create carries a requestId; a retry after a failure reuses it, then updates by id (issue #8 item 10)', async () => {
    let attempts = 0;
    publishReply = () =>
      ++attempts === 1
        ? { __envelope: { status: 10500, message: 'connection lost', data: null, ercd: 'INTERNAL' } }
        : { id: 42, status: 'draft' };
    const { router } = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toMatch(/保存失败/));
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    const sent = api.calls.filter((c) => c.path === '/api/article/publish').map((c) => c.param);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[0]!.id).toBeUndefined();
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    // the retry may have been answered with the first attempt's draft: its fields are sent again by id
    expect(sent[2]).toMatchObject({ id: 42, title: '冬季用车保养技巧', publishType: 0 });
    expect(sent[2]!.requestId).toBeUndefined();
  });

  it('each new article gets its own requestId', async () => {
    const first = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?id=42'));
    first.unmount();
    const second = renderRoutes(routes, '/article');
    fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '夏季用车保养技巧' } });
    fireEvent.click(screen.getByRole('button', { name: /存草稿/ }));
    await waitFor(() => expect(second.router.state.location.search).toBe('?id=42'));
    const keys = api.calls.filter((c) => c.path === '/api/article/publish').map((c) => c.param.requestId);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it.each([
    ['zh-CN', /存草稿/, '数量已达上限'],
    ['en-US', /Save draft/, 'You have reached the limit'],
  ] as const)(
    'a draft beyond the quota says so in %s (QUOTA_EXCEEDED, issue #8 item 10)',
    async (lng, save, text) => {
      await act(() => setLanguage(lng));
      publishReply = () => ({
        __envelope: {
          status: 0,
          message: 'server says: quota',
          data: null,
          ercd: 'QUOTA_EXCEEDED',
        },
      });
      renderRoutes(routes, '/article');
      fireEvent.change(await screen.findByTestId('article-title'), { target: { value: '冬季用车保养技巧' } });
      fireEvent.click(screen.getByRole('button', { name: save }));
      await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain(text));
      expect(screen.getByTestId('save-status').textContent).not.toContain('server says');
    },
  );
});
