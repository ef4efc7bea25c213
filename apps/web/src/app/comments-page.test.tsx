import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import {
  commentBatchParamSchema,
  commentListParamSchema,
  commentReadParamSchema,
  commentReplyParamSchema,
  commentSettingsParamSchema,
  commentWorkListParamSchema,
  commentWorkSettingsParamSchema,
  pageParamSchema,
  readerBlockParamSchema,
  type CommentCounts,
  type CommentItem,
  type CommentSettings,
  type CommentWorkItem,
} from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, type MockReply, mockApi, renderAt, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { unnamedIconControls } from '../test/a11y';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { BulkBar } from '../features/comments/components/bulk-bar';

// The comments inbox (issue #13, API.md §12): tabs and filters in the address, the held reason, replies, row and
// bulk actions, blocking, settings, marking read — through the real router with the API stubbed.
vi.setConfig({ testTimeout: 60_000 });

/** A comment of the inbox: a published, read, top-level comment on a video unless `over` says otherwise. */
function comment(over: Partial<CommentItem> = {}): CommentItem {
  return {
    id: 1,
    contentId: 10,
    contentTitle: '冬季续航实测',
    readerId: 'reader-alice',
    readerName: 'Alice',
    text: '续航比宣传的少了多少？',
    state: 'published',
    isAuthor: false,
    likes: 12,
    replyCount: 1,
    pinned: false,
    createdAt: '2026-03-04T08:30:00.000Z',
    contentType: 'video',
    authorLiked: false,
    unread: false,
    readerBlocked: false,
    ...over,
  };
}

const HOLD_REASON: Record<string, string> = {
  'zh-CN': '包含你的屏蔽词：广告',
  'en-US': 'contains one of your blocked words: 广告',
};

/** The default page: Alice (unread), Bob's held comment, the author's reply to Alice, Mallory's markup. */
function inbox(lang: string): CommentItem[] {
  return [
    comment({ unread: true }),
    comment({
      id: 2,
      contentId: 20,
      contentTitle: '家用 SUV 怎么选',
      contentType: 'article',
      readerId: 'reader-bob',
      readerName: 'Bob',
      text: '加微信看广告',
      state: 'held',
      holdReason: HOLD_REASON[lang],
      holdCode: 'authorWord',
      replyCount: 0,
      likes: 0,
    }),
    comment({
      id: 3,
      readerId: 'author:1',
      readerName: 'Demo Garage',
      text: '大约少了 20%',
      isAuthor: true,
      parentId: 1,
      rootId: 1,
      parentReaderName: 'Alice',
      replyCount: 0,
      likes: 2,
    }),
    comment({
      id: 4,
      readerId: 'reader-mallory',
      readerName: 'Mallory',
      text: '<script>alert(1)</script><b>bold</b>',
      readerBlocked: true,
      unread: true,
      replyCount: 0,
      likes: 0,
    }),
  ];
}

const works: CommentWorkItem[] = [
  {
    contentId: 10,
    type: 'video',
    title: '冬季续航实测',
    comments: 3,
    held: 0,
    unread: 2,
    barrages: 40,
    commentsOff: false,
    barrageOff: false,
    duration: 300,
  },
  {
    contentId: 20,
    type: 'article',
    title: '家用 SUV 怎么选',
    comments: 1,
    held: 1,
    unread: 0,
    barrages: 0,
    commentsOff: false,
    barrageOff: false,
    duration: null,
  },
];

let api: ReturnType<typeof mockApi>;
/** The answers, typed by the contract; a test replaces one before it renders. */
let handlers: MockHandlers;
let counts: CommentCounts;
let settings: CommentSettings;
let batchReply: (param: Record<string, unknown>) => MockReply<'/api/comment/batch'>;

const list = <T,>(rows: T[], param: Record<string, unknown>) => ({
  list: rows,
  total: rows.length,
  page: Number(param.page ?? 1),
  pageSize: Number(param.pageSize ?? 20),
  totalCapped: false,
});
/** The language a call asked its answer in (the api-client's `Accept-Language`). */
const langOf = (init: RequestInit) => (init.headers as Record<string, string>)['Accept-Language'] ?? 'zh-CN';

beforeEach(() => {
  resetPublicConfig();
  counts = {
    unread: 5,
    held: 2,
    unreadByType: { article: 1, album: 0, video: 3, smallVideo: 0, dynamic: 1, live: 0, program: 0 },
  };
  settings = { blockedWords: ['旧词'], holdAll: false };
  batchReply = (p) => ({ done: (p.ids as unknown[]).length, skipped: 0 });
  handlers = {
    ...shellHandlers(),
    '/api/comment/list': (p, _url, init) =>
      p.rootId
        ? list(
            inbox(langOf(init)).filter((c) => c.id === p.rootId || c.rootId === p.rootId),
            p,
          )
        : list(
            inbox(langOf(init)).filter(
              (c) =>
                (p.state ? c.state === p.state : c.state !== 'deleted') &&
                (!p.type || c.contentType === p.type),
            ),
            p,
          ),
    '/api/comment/counts': () => counts,
    '/api/comment/work_list': (p) => {
      const keyword = typeof p.keyword === 'string' ? p.keyword : '';
      return list(
        works.filter((w) => w.title.includes(keyword) && (!p.type || w.type === p.type)),
        p,
      );
    },
    '/api/comment/batch': (p) => batchReply(p),
    '/api/comment/reply': () => ({ id: 99 }),
    '/api/comment/read': (p) => ({ done: Array.isArray(p.ids) ? p.ids.length : 7 }),
    '/api/comment/settings': (p) => {
      if ('holdAll' in p) settings = p as CommentSettings;
      return settings;
    },
    '/api/comment/work_settings': (p) => ({
      contentId: Number(p.contentId),
      commentsOff: p.commentsOff === true,
      barrageOff: p.barrageOff === true,
    }),
    '/api/reader/block': () => null,
    '/api/reader/blocked_list': (p) =>
      list([{ readerId: 'reader-mallory', readerName: 'Mallory', blockedAt: '2026-03-01T00:00:00.000Z' }], p),
  };
  // the table is read at each call: a test may replace an answer after this
  api = mockApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
/** What the server checks each call's param with (the settings' GET sends `{}`, its POST the settings). */
const PARAM_SCHEMAS: Record<string, { safeParse(v: unknown): { error?: unknown } }> = {
  '/api/comment/list': commentListParamSchema,
  '/api/comment/reply': commentReplyParamSchema,
  '/api/comment/batch': commentBatchParamSchema,
  '/api/comment/read': commentReadParamSchema,
  '/api/comment/work_list': commentWorkListParamSchema,
  '/api/comment/work_settings': commentWorkSettingsParamSchema,
  '/api/reader/block': readerBlockParamSchema,
  '/api/reader/blocked_list': pageParamSchema,
};

afterEach(async () => {
  // every call the page made is one the server accepts
  for (const call of api.calls) {
    const schema =
      call.path === '/api/comment/settings' && 'holdAll' in call.param
        ? commentSettingsParamSchema
        : PARAM_SCHEMAS[call.path];
    if (schema)
      expect(
        schema.safeParse(call.param).error,
        `${call.path} ${JSON.stringify(call.param)}`,
      ).toBeUndefined();
  }
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);
const lastCall = (path: string) => callsTo(path).at(-1)?.param;
/** The inbox list's calls (the thread drawer's carry rootId). */
const listCalls = () => callsTo('/api/comment/list').filter((c) => c.param.rootId === undefined);
/**
 * The open dialog with this title (antd names dialogs by an id that is constant under test, so by its text).
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
}
const where = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

/** The table row that shows `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text);
  return cell.closest('tr')!;
}

describe('tabs and the address', () => {
  it('tabs navigate between the type paths and send the type; badges show unread and held counts', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage');
    await rowOf('续航比宣传的少了多少？');
    expect(listCalls()[0]?.param).toEqual({ page: 1, pageSize: 20, sort: 'time' });
    await waitFor(() => expect(screen.getByTestId('comment-tab-count-video').textContent).toBe('3'));
    expect(screen.getByTestId('comment-tab-count-all').textContent).toBe('5');
    expect(screen.getByTestId('comment-tab-count-held').textContent).toBe('2');
    expect(screen.queryByTestId('comment-tab-count-smallVideo')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''))).toEqual([
      '全部评论',
      '文章',
      '视频',
      '小视频',
      '动态',
      '待审核',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: /^视频/ }));
    await waitFor(() => expect(where(router)).toBe('/manage/commentManage/video'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.param).toEqual({ page: 1, pageSize: 20, sort: 'time', type: 'video' }),
    );
    expect(screen.getByRole('tab', { name: /^视频/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('the held tab filters held comments of every type; leaving it drops the state', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage/video?keyword=a&page=2');
    await rowOf('续航比宣传的少了多少？');
    fireEvent.click(screen.getByRole('tab', { name: /^待审核/ }));
    await waitFor(() => expect(where(router)).toBe('/manage/commentManage?keyword=a&state=held'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.param).toEqual({
        page: 1,
        pageSize: 20,
        sort: 'time',
        keyword: 'a',
        state: 'held',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: /^全部评论/ }));
    await waitFor(() => expect(where(router)).toBe('/manage/commentManage?keyword=a'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.param).toEqual({ page: 1, pageSize: 20, sort: 'time', keyword: 'a' }),
    );
    expect(screen.getByRole('tab', { name: /^全部评论/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('each type path opens its tab; commentlist deep links filter a work and open a thread', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage/smallVideo');
    await waitFor(() => expect(listCalls()[0]?.param).toMatchObject({ type: 'smallVideo' }));
    expect(screen.getByRole('tab', { name: /^小视频/ }).getAttribute('aria-selected')).toBe('true');

    await act(() => router.navigate('/manage/commentManage/commentlist?contentId=10&thread=1'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.param).toEqual({ page: 1, pageSize: 20, sort: 'time', contentId: 10 }),
    );
    expect(screen.getByRole('tab', { name: /^全部评论/ }).getAttribute('aria-selected')).toBe('true');
    const drawer = await screen.findByTestId('comment-thread');
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('comment-text')
          .map((e) => e.textContent),
      ).toEqual(['续航比宣传的少了多少？', '大约少了 20%']),
    );
    expect(callsTo('/api/comment/list').map((c) => c.param)).toContainEqual({
      rootId: 1,
      page: 1,
      pageSize: 100,
    });
  });
});

describe('filters', () => {
  it('read from the address and send work, state, keyword, dates, unread and sort', async () => {
    const { router } = renderRoutes(
      routes,
      '/manage/commentManage/article?from=2026-03-01&to=2026-03-05&sort=replies',
    );
    await rowOf('加微信看广告');
    expect(listCalls()[0]?.param).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'replies',
      type: 'article',
      from: '2026-03-01',
      to: '2026-03-05',
    });
    const filters = screen.getByTestId('comment-filters');

    fireEvent.change(within(filters).getByLabelText('搜索评论内容或读者昵称'), {
      target: { value: ' 油耗 ' },
    });
    fireEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listCalls().at(-1)?.param).toMatchObject({ keyword: '油耗' }));

    fireEvent.click(within(filters).getByRole('checkbox', { name: '只看未读' }));
    await waitFor(() => expect(listCalls().at(-1)?.param).toMatchObject({ unread: true }));

    fireEvent.click(within(filters).getByRole('radio', { name: '最多点赞' }));
    await waitFor(() => expect(listCalls().at(-1)?.param).toMatchObject({ sort: 'likes' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2026-03-01',
      to: '2026-03-05',
      sort: 'likes',
      keyword: '油耗',
      unread: 'true',
    });
  });

  it('state and the searchable work select; "clear filters" keeps the sort', async () => {
    const { router } = renderRoutes(
      routes,
      '/manage/commentManage/article?from=2026-03-01&to=2026-03-05&sort=likes&keyword=%E6%B2%B9%E8%80%97&unread=true',
    );
    await rowOf('加微信看广告');
    const filters = screen.getByTestId('comment-filters');
    fireEvent.mouseDown(within(filters).getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已隐藏'));
    await waitFor(() => expect(listCalls().at(-1)?.param).toMatchObject({ state: 'hidden' }));

    // the work filter searches the tab's works by title
    const work = within(filters).getByRole('combobox', { name: '作品' });
    fireEvent.mouseDown(work);
    fireEvent.change(work, { target: { value: 'SUV' } });
    await waitFor(() =>
      expect(callsTo('/api/comment/work_list').map((c) => c.param)).toContainEqual({
        type: 'article',
        keyword: 'SUV',
        page: 1,
        pageSize: 20,
      }),
    );
    fireEvent.click(await screen.findByTitle('文章 · 家用 SUV 怎么选'));
    await waitFor(() =>
      expect(listCalls().at(-1)?.param).toEqual({
        page: 1,
        pageSize: 20,
        sort: 'likes',
        type: 'article',
        contentId: 20,
        state: 'hidden',
        keyword: '油耗',
        from: '2026-03-01',
        to: '2026-03-05',
        unread: true,
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      from: '2026-03-01',
      to: '2026-03-05',
      sort: 'likes',
      keyword: '油耗',
      unread: 'true',
      state: 'hidden',
      contentId: '20',
    });

    fireEvent.click(within(filters).getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=likes'));
    expect(listCalls().at(-1)?.param).toEqual({ page: 1, pageSize: 20, sort: 'likes', type: 'article' });
  });
});

describe('rows', () => {
  it('the held tab shows the reason beside each held comment', async () => {
    renderRoutes(routes, '/manage/commentManage?state=held');
    const row = await rowOf('加微信看广告');
    expect(screen.getByRole('tab', { name: /^待审核/ }).getAttribute('aria-selected')).toBe('true');
    expect(within(row).getByTestId('comment-state').textContent).toBe('待审核');
    expect(within(row).getByTestId('comment-hold-reason').textContent).toBe('暂缓原因：包含你的屏蔽词：广告');
    expect(within(row).getByTestId('comment-work').textContent).toBe('文章 ·《家用 SUV 怎么选》');
    // a held comment is approved or hidden, not pinned or hearted; answering it approves it, and says so
    expect(within(row).getByRole('button', { name: /批准发布/ })).toBeTruthy();
    expect(within(row).queryByTestId('comment-pin')).toBeNull();
    expect(within(row).queryByTestId('comment-like')).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /回\s*复/ }));
    expect((await within(row).findByTestId('reply-approves')).textContent).toBe(
      '回复后，这条待审核的评论也将批准发布，读者可以看到。',
    );
    expect(screen.queryByText('续航比宣传的少了多少？')).toBeNull();
  });

  it('shows the reader, markers, reply context, counts and the time; markup in a comment stays text', async () => {
    renderRoutes(routes, '/manage/commentManage');
    const alice = await rowOf('续航比宣传的少了多少？');
    // the heart and every other icon control of the rows is named in the page's language
    expect(unnamedIconControls(screen.getByTestId('comment-list'))).toEqual([]);
    expect(within(alice).getByTestId('comment-unread').getAttribute('aria-label')).toBe('未读');
    expect(within(alice).getByTestId('comment-likes').textContent).toContain('赞 12');
    expect(within(alice).getByTestId('comment-replies').textContent).toContain('回复 1');
    expect(within(alice).getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeTruthy();
    expect(within(alice).queryByTestId('comment-hold-reason')).toBeNull();
    expect(within(alice).getByTestId('comment-state').textContent).toBe('已发布');

    const mine = await rowOf('大约少了 20%');
    expect(within(mine).getByTestId('comment-mine').textContent).toBe('我的回复');
    expect(within(mine).getByTestId('comment-reply-to').textContent).toBe('回复 Alice');
    expect(within(mine).queryByTestId('comment-unread')).toBeNull();
    // a reply is never pinned; the author does not block or heart themself
    expect(within(mine).queryByTestId('comment-pin')).toBeNull();
    expect(within(mine).queryByTestId('comment-block')).toBeNull();
    expect(within(mine).queryByTestId('comment-like')).toBeNull();

    const text = screen.getAllByTestId('comment-text').find((e) => e.textContent?.includes('alert(1)'))!;
    expect(text.textContent).toBe('<script>alert(1)</script><b>bold</b>');
    expect(text.querySelector('script, b')).toBeNull();
    expect(document.querySelector('.cc-comments script')).toBeNull();
    const mallory = text.closest('tr')!;
    expect(within(mallory).getByTestId('comment-blocked').textContent).toBe('已拉黑');
    expect(within(mallory).getByRole('button', { name: /解除拉黑/ })).toBeTruthy();
  });

  it('says what to do when there are no comments yet', async () => {
    handlers['/api/comment/list'] = (p) => list([], p);
    const { router } = renderRoutes(routes, '/manage/commentManage');
    expect((await screen.findByTestId('comment-empty')).textContent).toContain(
      '还没有评论。读者在你已发布的作品下发表的评论会出现在这里',
    );
    await act(() => router.navigate('/manage/commentManage/video'));
    await waitFor(() =>
      expect(screen.getByTestId('comment-empty').textContent).toContain('你的视频还没有收到评论'),
    );
    await act(() => router.navigate('/manage/commentManage?state=held'));
    await waitFor(() =>
      expect(screen.getByTestId('comment-empty').textContent).toContain('没有待审核的评论'),
    );
    await act(() => router.navigate('/manage/commentManage?keyword=x'));
    await waitFor(() =>
      expect(screen.getByTestId('comment-empty').textContent).toContain('没有符合筛选条件的评论。'),
    );
  });
});

describe('actions on one comment', () => {
  it('replies inline: counter, the 1000 limit, then POST /api/comment/reply', async () => {
    renderRoutes(routes, '/manage/commentManage');
    const alice = await rowOf('续航比宣传的少了多少？');
    fireEvent.click(within(alice).getByRole('button', { name: /回\s*复/ }));
    const box = await within(alice).findByRole('textbox', { name: '回复 Alice 的内容' });
    const submit = within(alice).getByTestId('reply-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(within(alice).getByTestId('reply-counter').textContent).toBe('0 / 1000');

    fireEvent.change(box, { target: { value: 'x'.repeat(1003) } });
    expect(within(alice).getByTestId('reply-counter').textContent).toBe('回复最多 1000 个字，请删减 3 个字');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(box, { target: { value: ' 少了大约两成 ' } });
    expect(within(alice).getByTestId('reply-counter').textContent).toBe('6 / 1000');
    fireEvent.click(submit);
    await waitFor(() =>
      expect(lastCall('/api/comment/reply')).toEqual({ commentId: 1, text: '少了大约两成' }),
    );
    expect(await screen.findByText('回复已发布')).toBeTruthy();
    await waitFor(() => expect(within(alice).queryByTestId('reply-editor')).toBeNull());
  });

  it('/popReply?commentId= opens the reply popup on that comment; replying closes it back to the inbox', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage/popReply?commentId=1');
    const popup = await dialogTitled('回复评论');
    await waitFor(() =>
      expect(within(popup).getByTestId('comment-text').textContent).toBe('续航比宣传的少了多少？'),
    );
    fireEvent.change(within(popup).getByRole('textbox', { name: '回复 Alice 的内容' }), {
      target: { value: '谢谢关注' },
    });
    fireEvent.click(within(popup).getByTestId('reply-submit'));
    await waitFor(() => expect(lastCall('/api/comment/reply')).toEqual({ commentId: 1, text: '谢谢关注' }));
    await waitFor(() => expect(where(router)).toBe('/manage/commentManage'));
    await waitFor(() => expect(screen.queryByTestId('reply-editor')).toBeNull());
  });

  it('the popup answers a comment that is not on the page by its id, and closing returns to the inbox', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage/popReply?commentId=77');
    const popup = await dialogTitled('回复评论');
    expect((await within(popup).findByTestId('reply-popup-unknown')).textContent).toBe(
      '评论 #77（不在当前列表中）',
    );
    fireEvent.click(within(popup).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(where(router)).toBe('/manage/commentManage'));
  });

  it('heart, pin, hide, approve and delete each send one id through /api/comment/batch', async () => {
    renderRoutes(routes, '/manage/commentManage');
    const alice = await rowOf('续航比宣传的少了多少？');
    const heart = within(alice).getByRole('button', { name: '点赞' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [1], action: 'like' }));
    fireEvent.click(within(await rowOf('续航比宣传的少了多少？')).getByRole('button', { name: /置\s*顶/ }));
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [1], action: 'pin' }));
    fireEvent.click(within(await rowOf('续航比宣传的少了多少？')).getByRole('button', { name: /隐\s*藏/ }));
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [1], action: 'hide' }));

    // nothing changed: said so
    batchReply = () => ({ done: 0, skipped: 1 });
    fireEvent.click(within(await rowOf('加微信看广告')).getByRole('button', { name: /批准发布/ }));
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [2], action: 'publish' }));
    expect(await screen.findByText('未改变：这条评论已是该状态，或当前状态不能这样操作')).toBeTruthy();

    // delete only after a confirmation; a refusal shows the server's message
    batchReply = () => ({
      __envelope: {
        status: 10007,
        message: '所选内容当前为“已删除”，不能删除',
        data: null,
        ercd: 'VALIDATION_FAILED',
      },
    });
    const deletes = callsTo('/api/comment/batch').length;
    fireEvent.click(within(await rowOf('加微信看广告')).getByRole('button', { name: /删\s*除/ }));
    expect(callsTo('/api/comment/batch')).toHaveLength(deletes);
    const confirm = await screen.findByText('确定删除这条评论？删除后读者将看不到它。');
    fireEvent.click(
      within(confirm.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: /删\s*除/ }),
    );
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [2], action: 'delete' }));
    expect(await screen.findByText('所选内容当前为“已删除”，不能删除')).toBeTruthy();
  });

  it('blocks a reader, also hiding what they wrote when ticked; unblocks a blocked one', async () => {
    renderRoutes(routes, '/manage/commentManage');
    const alice = await rowOf('续航比宣传的少了多少？');
    fireEvent.click(within(alice).getByRole('button', { name: /拉黑读者/ }));
    const dialog = await dialogTitled('拉黑读者 Alice');
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: '同时隐藏 TA 在我作品下已发的全部评论和弹幕' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /拉\s*黑/ }));
    await waitFor(() =>
      expect(lastCall('/api/reader/block')).toEqual({ readerId: 'reader-alice', hideExisting: true }),
    );
    expect(await screen.findByText('已拉黑 Alice')).toBeTruthy();

    const mallory = (await screen.findByText('<script>alert(1)</script><b>bold</b>')).closest('tr')!;
    fireEvent.click(within(mallory).getByRole('button', { name: /解除拉黑/ }));
    const pop = (await screen.findByText(/确定解除对 Mallory 的拉黑/)).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(pop).getByRole('button', { name: /解除拉黑/ }));
    await waitFor(() =>
      expect(lastCall('/api/reader/block')).toEqual({ readerId: 'reader-mallory', unblock: true }),
    );
  });
});

describe('bulk actions', () => {
  it('select all on the page, hide in one batch call, then "N done, M skipped"', async () => {
    batchReply = () => ({ done: 3, skipped: 1 });
    renderRoutes(routes, '/manage/commentManage');
    await rowOf('续航比宣传的少了多少？');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('bulk-count').textContent).toBe('已选 4 条');
    fireEvent.click(within(screen.getByTestId('comment-bulk')).getByRole('button', { name: /隐\s*藏/ }));
    await waitFor(() => expect(callsTo('/api/comment/batch')).toHaveLength(1));
    expect(lastCall('/api/comment/batch')).toEqual({ ids: [1, 2, 3, 4], action: 'hide' });
    expect(await screen.findByText('3 条已处理，1 条跳过')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('comment-bulk')).toBeNull());

    // one row, then delete after a confirmation
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 Bob 的评论' }));
    fireEvent.click(within(screen.getByTestId('comment-bulk')).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('确定删除选中的 1 条评论？');
    fireEvent.click(
      within(confirm.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: /删\s*除/ }),
    );
    await waitFor(() => expect(lastCall('/api/comment/batch')).toEqual({ ids: [2], action: 'delete' }));
  });
});

describe('marking read', () => {
  it('marks the shown unread comments read after a moment, and everything with "mark all read"', async () => {
    renderRoutes(routes, '/manage/commentManage');
    await rowOf('续航比宣传的少了多少？');
    const countsBefore = callsTo('/api/comment/counts').length;
    expect(callsTo('/api/comment/read')).toHaveLength(0);
    await waitFor(() => expect(callsTo('/api/comment/read')).toHaveLength(1), { timeout: 4000 });
    expect(lastCall('/api/comment/read')).toEqual({ ids: [1, 4] });
    // the badges are asked for again
    await waitFor(() => expect(callsTo('/api/comment/counts').length).toBeGreaterThan(countsBefore));

    const lists = listCalls().length;
    fireEvent.click(screen.getByTestId('mark-all-read'));
    const confirm = await screen.findByText('确定将所有评论标为已读？');
    fireEvent.click(
      within(confirm.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: /确\s*定/ }),
    );
    await waitFor(() => expect(lastCall('/api/comment/read')).toEqual({}));
    expect(await screen.findByText('已将 7 条评论标为已读')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(lists));
  });
});

describe('settings', () => {
  it('pastes blocked words in bulk and saves them; the hold-all switch', async () => {
    const { router } = renderRoutes(routes, '/manage/commentManage');
    fireEvent.click(await screen.findByTestId('open-settings'));
    await waitFor(() => expect(router.state.location.search).toBe('?settings=1'));
    const drawer = await screen.findByTestId('comment-settings');
    const words = await within(drawer).findByRole('textbox', { name: '屏蔽词列表' });
    expect((words as HTMLTextAreaElement).value).toBe('旧词');

    fireEvent.change(words, { target: { value: '旧词\n傻瓜，笨蛋、 垃圾；\n\n广告,  刷单 ' } });
    expect(within(drawer).getByTestId('settings-word-count').textContent).toBe(
      '共 6 个屏蔽词（最多 1000 个）',
    );
    // a word over 30 characters is named and nothing can be saved
    fireEvent.change(words, { target: { value: `旧词\n${'长'.repeat(31)}` } });
    expect(within(drawer).getByTestId('settings-words-too-long').textContent).toContain('长'.repeat(31));
    expect(within(drawer).getByTestId<HTMLButtonElement>('settings-save-words').disabled).toBe(true);

    fireEvent.change(words, { target: { value: '旧词\n傻瓜，笨蛋、 垃圾；\n\n广告,  刷单 ' } });
    fireEvent.click(within(drawer).getByTestId('settings-save-words'));
    await waitFor(() =>
      expect(lastCall('/api/comment/settings')).toEqual({
        blockedWords: ['旧词', '傻瓜', '笨蛋', '垃圾', '广告', '刷单'],
        holdAll: false,
      }),
    );
    expect(await screen.findByText('评论设置已保存')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('switch', { name: '先审后发' }));
    await waitFor(() =>
      expect(lastCall('/api/comment/settings')).toEqual({
        blockedWords: ['旧词', '傻瓜', '笨蛋', '垃圾', '广告', '刷单'],
        holdAll: true,
      }),
    );
  });

  it('per-work comments and barrage switches; the blocked readers with unblock (from ?settings=1)', async () => {
    renderRoutes(routes, '/manage/commentManage?settings=1');
    const drawer = await screen.findByTestId('comment-settings');
    const table = await within(drawer).findByTestId('settings-works');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toContain('视频冬季续航实测30240');
    expect(unnamedIconControls(drawer)).toEqual([]);
    expect(within(table).getByRole('switch', { name: '关闭《冬季续航实测》的弹幕' })).toBeTruthy();
    // an article has no barrage
    expect(within(table).queryByRole('switch', { name: '关闭《家用 SUV 怎么选》的弹幕' })).toBeNull();
    fireEvent.click(within(table).getByRole('switch', { name: '关闭《家用 SUV 怎么选》的评论' }));
    await waitFor(() =>
      expect(lastCall('/api/comment/work_settings')).toEqual({ contentId: 20, commentsOff: true }),
    );
    fireEvent.click(within(table).getByRole('switch', { name: '关闭《冬季续航实测》的弹幕' }));
    await waitFor(() =>
      expect(lastCall('/api/comment/work_settings')).toEqual({ contentId: 10, barrageOff: true }),
    );

    const blocked = await within(drawer).findByTestId('settings-blocked');
    expect(within(blocked).getByText('Mallory')).toBeTruthy();
    fireEvent.click(within(blocked).getByRole('button', { name: /解除拉黑/ }));
    const pop = (await screen.findByText(/确定解除对 Mallory 的拉黑/)).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(pop).getByRole('button', { name: /解除拉黑/ }));
    await waitFor(() =>
      expect(lastCall('/api/reader/block')).toEqual({ readerId: 'reader-mallory', unblock: true }),
    );
  });
});

describe('in English', () => {
  it('renders the tabs, states, the server’s hold reason and the empty state in en-US', async () => {
    await act(() => setLanguage('en-US'));
    const { router } = renderRoutes(routes, '/manage/commentManage?state=held');
    const row = await rowOf('加微信看广告');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.replace(/\d+$/, ''))).toEqual([
      'All comments',
      'Articles',
      'Videos',
      'Short videos',
      'Posts',
      'Held for review',
    ]);
    expect(within(row).getByTestId('comment-state').textContent).toBe('Held');
    expect(within(row).getByTestId('comment-hold-reason').textContent).toBe(
      'Held because contains one of your blocked words: 广告',
    );
    expect(within(row).getByTestId('comment-likes').textContent).toContain('0 likes');
    expect(within(row).getByRole('button', { name: /Approve/ })).toBeTruthy();

    handlers['/api/comment/list'] = (p) => list([], p);
    await act(() => router.navigate('/manage/commentManage/dynamic'));
    await waitFor(() =>
      expect(screen.getByTestId('comment-empty').textContent).toContain('No comments in Posts yet.'),
    );
  });
});

describe('bulk limit', () => {
  it('the selection is kept across pages and sent in one call', async () => {
    handlers['/api/comment/list'] = (p) => {
      const page = Number(p.page);
      const rows = Array.from({ length: page === 1 ? 20 : 2 }, (_, i) => {
        const id = (page - 1) * 20 + i + 1;
        return comment({
          id,
          readerId: `reader-${id}`,
          readerName: `R${id}`,
          text: `评论 ${id}`,
          replyCount: 0,
        });
      });
      // a keyword search with more to come: the total is a lower bound
      return { list: rows, total: 22, page, pageSize: 20, totalCapped: true };
    };
    const { router } = renderRoutes(routes, '/manage/commentManage');
    await screen.findByText('评论 1');
    expect(screen.getByText('至少 22 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('评论 21');
    expect(router.state.location.search).toBe('?page=2');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(screen.getByTestId('bulk-count').textContent).toBe('已选 22 条');
    fireEvent.click(within(screen.getByTestId('comment-bulk')).getByRole('button', { name: /点\s*赞/ }));
    await waitFor(() => expect(callsTo('/api/comment/batch')).toHaveLength(1));
    expect(lastCall('/api/comment/batch')).toEqual({
      ids: Array.from({ length: 22 }, (_, i) => i + 1),
      action: 'like',
    });
  });

  // 1,001 selected rows through the whole page would take 11 pages of 100 rows (minutes in jsdom): the bar itself
  it('more than 1000 selected are refused before any call, with the limit in words; 1000 go', async () => {
    function Selection() {
      const [ids, setIds] = useState(() => Array.from({ length: 1001 }, (_, i) => i + 1));
      return (
        <>
          <button type="button" onClick={() => setIds((all) => all.slice(0, 1000))}>
            unselect one
          </button>
          <BulkBar selected={ids} onClear={() => setIds([])} />
        </>
      );
    }
    renderAt(<Selection />);
    expect(screen.getByTestId('bulk-count').textContent).toBe('已选 1001 条');
    expect(screen.getByRole('alert').textContent).toBe(
      '一次最多处理 1000 条评论，当前已选 1001 条，请减少选择后再操作',
    );
    for (const name of [/批准发布/, /隐\s*藏/, /删\s*除/, /点\s*赞/]) {
      const button = screen.getByRole('button', { name });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(button);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo('/api/comment/batch')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'unselect one' }));
    expect(screen.getByTestId('bulk-count').textContent).toBe('已选 1000 条');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /隐\s*藏/ }));
    await waitFor(() => expect(callsTo('/api/comment/batch')).toHaveLength(1));
    expect(lastCall('/api/comment/batch')).toEqual({
      ids: Array.from({ length: 1000 }, (_, i) => i + 1),
      action: 'hide',
    });
    // done: the selection is emptied and the bar goes
    await waitFor(() => expect(screen.queryByTestId('comment-bulk')).toBeNull());
  });
});
