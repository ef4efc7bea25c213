import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem, ContentType, MessageItem } from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import zhCN from '../lib/i18n/locales/zh-CN';
import enUS from '../lib/i18n/locales/en-US';
import { contentItem, shellHandlers } from '../test/fixtures';

// Issue #9 "Dead ends and wrong turns", in the whole router: pickers for pages opened without an id, edit by
// the work's type, messages that open what they are about, content lists, signed-in /login and /register,
// account settings.
vi.setConfig({ testTimeout: 60_000 });

let items: ContentListItem[];
let groups: { msgGroup: number; unreadCount: number }[];
let messages: MessageItem[];
let api: ReturnType<typeof mockApi>;
let mediaName: string;

const work = contentItem;

const message = (over: Partial<MessageItem>): MessageItem => ({
  id: 5,
  msgGroup: 8,
  title: '文章审核通过',
  body: '你的文章《冬季用车》已通过审核并发布。',
  isRead: false,
  createdAt: '2026-01-01T00:00:00Z',
  link: '/detailManage?type=article&status=published',
  kind: 'article_published',
  params: { id: 3, title: '冬季用车' },
  ...over,
});

function start(extra: MockHandlers = {}) {
  api = mockApi({
    ...shellHandlers(),
    '/api/home/userinfo': () => ({ authStatus: 2, avator: '/media/img/{0}x{0}/a.png', mediaName }),
    '/api/message/get_mp_index_group_message': () => groups,
    '/api/message/get_message_list': (p) => ({
      list: messages.filter((m) => p.msgGroup === undefined || m.msgGroup === Number(p.msgGroup)),
      total: messages.length,
      page: 1,
      pageSize: 10,
    }),
    '/api/content/list': (p) => {
      const list = items.filter(
        (i) => (!p.type || i.type === p.type) && (!p.status || i.status === p.status),
      );
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/content/detail': (p) => {
      const found = items.find((i) => i.id === Number(p.id))!;
      return { ...found, content: '<p>正文</p>', coverUrls: [] };
    },
    '/api/notice/get_notice_list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
}

beforeEach(() => {
  items = [work({})];
  groups = [
    { msgGroup: 8, unreadCount: 7 },
    { msgGroup: 1, unreadCount: 0 },
  ];
  messages = [message({})];
  mediaName = 'Demo Garage';
  resetPublicConfig();
  start();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  document.cookie = 'userid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  await act(() => setLanguage('zh-CN'));
});

const hrefOf = (el: HTMLElement) => el.closest('a')?.getAttribute('href');

describe('pages opened without an id offer a picker or their list', () => {
  it('/videodot lists published videos to mark; one without a duration cannot be chosen; short videos too', async () => {
    items = [
      work({ id: 11, type: 'video', title: '冰雪路面制动实测', stats: { ...work({}).stats, duration: 95 } }),
      work({ id: 12, type: 'video', title: '还在处理的视频', stats: { ...work({}).stats, duration: null } }),
      work({ id: 13, type: 'smallVideo', title: '竖屏小视频', stats: { ...work({}).stats, duration: 20 } }),
    ];
    const { router } = renderRoutes(routes, '/videodot');
    expect(await screen.findByText(zhCN.account.pickers.dotsTitle)).toBeTruthy();
    // role queries over the whole frame are slow in jsdom: the picker's buttons are links named by aria-label
    const choose = await screen.findByLabelText(`${zhCN.account.pickers.dotsChoose}: 冰雪路面制动实测`);
    expect(choose.getAttribute('href')).toBe('/videodot?id=11');
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('还在处理的视频'))!;
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByRole<HTMLButtonElement>('button').disabled).toBe(true);
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({
      type: 'video',
      status: 'published',
    });
    fireEvent.click(screen.getByText(zhCN.content.types.smallVideo));
    await waitFor(() => expect(router.state.location.search).toBe('?use=smallVideo'));
    expect(
      (await screen.findByLabelText(`${zhCN.account.pickers.dotsChoose}: 竖屏小视频`)).getAttribute('href'),
    ).toBe('/videodot?id=13');
  });

  it('/videodot with no published video says so and offers to publish one', async () => {
    items = [];
    renderRoutes(routes, '/videodot');
    expect(await screen.findByText(zhCN.account.pickers.dotsEmpty)).toBeTruthy();
    expect(hrefOf(screen.getByText(zhCN.account.content.publish.video))).toBe('/videos/video');
  });

  it('/article/preview lists the articles to preview', async () => {
    items = [work({ id: 21, title: '十万元预算买什么车' })];
    renderRoutes(routes, '/article/preview');
    expect(await screen.findByText(zhCN.account.pickers.previewTitle)).toBeTruthy();
    expect(
      (
        await screen.findByLabelText(`${zhCN.account.pickers.previewChoose}: 十万元预算买什么车`)
      ).getAttribute('href'),
    ).toBe('/article/preview?id=21');
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({ type: 'article' });
  });

  it('/notice without an id goes to the notice list', async () => {
    const { router } = renderRoutes(routes, '/notice');
    await waitFor(() => expect(router.state.location.pathname).toBe('/noticeList'));
  });
});

describe('preview → edit opens the editor of the work’s own type', () => {
  const cases: [ContentType, string][] = [
    ['article', '/article?id=9'],
    ['video', '/videos/video?id=9'],
    ['smallVideo', '/smallVideo/indexv?id=9'],
    ['live', '/liveShow?id=9'],
    ['dynamic', '/dynamic/dynamic?id=9'],
    ['album', '/releaseImages?id=9'],
    ['program', '/program?id=9'],
  ];
  for (const [type, editor] of cases) {
    it(`a ${type} → ${editor}`, async () => {
      items = [work({ id: 9, type })];
      renderRoutes(routes, '/article/preview?id=9');
      expect((await screen.findByTestId('preview-edit')).getAttribute('href')).toBe(editor);
    });
  }
});

describe('opening a message', () => {
  it('marks it read, goes to what it is about, and the bell drops at once', async () => {
    // the read call never answers: whatever the bell shows comes from the client at once, not a refetch
    start({ '/api/message/read_message': () => new Promise(() => {}) });
    const { router } = renderRoutes(routes, '/messageList');
    await waitFor(() => expect(screen.getByTestId('bell-badge').textContent).toBe('7'));
    fireEvent.click(await screen.findByTestId('message-open'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/article/preview?id=3'),
    );
    expect(api.calls.find((c) => c.path === '/api/message/read_message')?.param).toEqual({ id: 5 });
    await waitFor(() => expect(screen.getByTestId('bell-badge').textContent).toBe('6'));
  });

  it('an already read message opens without another read call', async () => {
    messages = [
      message({
        isRead: true,
        kind: 'video_rejected',
        params: { id: 4, title: 'x', use: 'smallVideo', reason: 'r' },
      }),
    ];
    const { router } = renderRoutes(routes, '/messageList');
    fireEvent.click(await screen.findByTestId('message-open'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/smallVideo/indexv?id=4'),
    );
    expect(api.calls.some((c) => c.path === '/api/message/read_message')).toBe(false);
  });
});

describe('content lists', () => {
  it('counts plays for videos and reads for articles, and the publish button follows the tab', async () => {
    items = [
      work({ id: 1, type: 'article', stats: { views: 12345, likes: 0, comments: 0, shares: 0 } }),
      work({
        id: 2,
        type: 'video',
        title: '一条视频',
        stats: { views: 5, likes: 0, comments: 0, shares: 0, plays: 23456 },
      }),
    ];
    const { router } = renderRoutes(routes, '/detailManage');
    const counts = await screen.findAllByTestId('stat-count');
    expect(counts.map((c) => c.textContent)).toEqual(['阅读 1.2万', '播放 2.3万']);
    expect(screen.getByTestId('publish-button').textContent).toContain(zhCN.account.content.publish.all);
    fireEvent.click(document.querySelector<HTMLElement>('[data-node-key="video"] [role="tab"]')!);
    await waitFor(() => expect(router.state.location.search).toBe('?type=video'));
    await waitFor(() =>
      expect(screen.getByTestId('publish-button').textContent).toBe(zhCN.account.content.publish.video),
    );
    expect(screen.getByTestId('publish-button').getAttribute('href')).toBe('/videos/video');
  });

  it('in en-US: "plays" and "views", the video tab publishes a video', async () => {
    await act(() => setLanguage('en-US'));
    items = [
      work({ id: 2, type: 'video', stats: { views: 5, likes: 0, comments: 0, shares: 0, plays: 42 } }),
    ];
    renderRoutes(routes, '/detailManage?type=video');
    expect((await screen.findByTestId('stat-count')).textContent).toBe('42 plays');
    expect(screen.getByTestId('publish-button').textContent).toBe(enUS.account.content.publish.video);
  });
});

describe('/login and /register when signed in', () => {
  for (const path of ['/login', '/register']) {
    it(`${path} sends a signed-in author home`, async () => {
      document.cookie = 'userid=1; path=/';
      const { router } = renderRoutes(routes, path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it(`${path} signed out shows the form and asks nothing of the server`, async () => {
      renderRoutes(routes, path);
      expect(
        await screen.findByLabelText(path === '/login' ? zhCN.auth.loginTitle : zhCN.auth.registerTitle),
      ).toBeTruthy();
      expect(api.calls.some((c) => c.path === '/api/home/userinfo')).toBe(false);
    });
  }

  it('a signed-in author on /login?backurl=… goes to that page', async () => {
    document.cookie = 'userid=1; path=/';
    const { router } = renderRoutes(routes, '/login?backurl=' + encodeURIComponent('/videos?page=2'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/videos?page=2'),
    );
  });
});

describe('account settings', () => {
  it('is linked from the header, shows the avatar at 120 × 120, and saves the media name', async () => {
    start({
      '/api/user/update_profile': (p) => {
        mediaName = String(p.mediaName);
        return { authStatus: 2, avator: '/media/img/{0}x{0}/a.png', mediaName };
      },
    });
    const { router } = renderRoutes(routes, '/');
    fireEvent.click(await screen.findByTestId('account-settings-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
    const avatar = await screen.findByTestId('settings-avatar');
    expect(avatar.querySelector('img')?.getAttribute('src')).toBe('/media/img/120x120/a.png');
    const name = screen.getByLabelText(zhCN.account.settings.mediaName);
    fireEvent.change(name, { target: { value: '新的媒体名' } });
    fireEvent.click(screen.getByText(zhCN.account.settings.saveMediaName).closest('button')!);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/user/update_profile')?.param).toEqual({
        mediaName: '新的媒体名',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('media-name').textContent).toBe('新的媒体名'));
    expect(await screen.findByText(zhCN.account.settings.mediaNameSaved)).toBeTruthy();
  });

  it('password: a mismatch is refused before sending; a wrong current password shows on its field', async () => {
    start({
      '/api/user/change_password': () => ({
        __envelope: {
          status: 0,
          message: 'the current password is wrong',
          data: null,
          ercd: 'WRONG_OLD_PASSWORD',
        },
      }),
    });
    renderRoutes(routes, '/account/settings');
    const form = await screen.findByLabelText(zhCN.account.settings.passwordTitle);
    const fillForm = (confirm: string) => {
      fireEvent.change(within(form).getByLabelText(zhCN.account.settings.currentPassword), {
        target: { value: 'old-password' },
      });
      fireEvent.change(within(form).getByLabelText(zhCN.account.settings.newPassword), {
        target: { value: 'violet-harbour-sextant' },
      });
      fireEvent.change(within(form).getByLabelText(zhCN.account.settings.confirmNewPassword), {
        target: { value: confirm },
      });
      fireEvent.submit(form);
    };
    fillForm('violet-harbour-sextnat');
    expect(await within(form).findByText(zhCN.account.password.mismatch)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/user/change_password')).toBe(false);
    fillForm('violet-harbour-sextant');
    expect(await within(form).findByText(zhCN.account.settings.wrongOldPassword)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/user/change_password')?.param).toEqual({
      oldPassword: 'old-password',
      newPassword: 'violet-harbour-sextant',
    });
  });

  it('password: success says how many other sessions were signed out (en-US)', async () => {
    await act(() => setLanguage('en-US'));
    start({ '/api/user/change_password': () => ({ signedOutSessions: 2 }) });
    renderRoutes(routes, '/account/settings');
    const form = await screen.findByLabelText(enUS.account.settings.passwordTitle);
    fireEvent.change(within(form).getByLabelText(enUS.account.settings.currentPassword), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(form).getByLabelText(enUS.account.settings.newPassword), {
      target: { value: 'violet-harbour-sextant' },
    });
    fireEvent.change(within(form).getByLabelText(enUS.account.settings.confirmNewPassword), {
      target: { value: 'violet-harbour-sextant' },
    });
    fireEvent.submit(form);
    expect(await screen.findByText('Password changed; signed out of 2 other sessions')).toBeTruthy();
  });
});
