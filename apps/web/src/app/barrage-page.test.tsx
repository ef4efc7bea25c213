import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BarrageItem, BatchResult, CommentWorkItem, VideoDetail } from '@cc/contracts';
import { routes } from './router';
import { type MockHandlers, mockApi, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';

// Barrage management (`/popBarrage`, issue #13, API.md §12): every video's barrage or one video's beside its player,
// the filters in the address, single and bulk actions, blocking a sender and the video's barrage switch — through
// the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const work = (over: Partial<CommentWorkItem>): CommentWorkItem => ({
  contentId: 11,
  type: 'video',
  title: '冰雪路面制动实测',
  comments: 4,
  held: 0,
  unread: 0,
  barrages: 3,
  commentsOff: false,
  barrageOff: false,
  duration: 125,
  ...over,
});

const barrage = (over: Partial<BarrageItem>): BarrageItem => ({
  id: 1,
  contentId: 11,
  readerId: 'reader-001',
  text: '前方高能',
  positionMs: 65_500,
  state: 'published',
  createdAt: '2026-03-04T08:00:00.000Z',
  contentTitle: '冰雪路面制动实测',
  readerName: '小明',
  mode: 'scroll',
  color: '#FE0302',
  readerBlocked: false,
  ...over,
});

const detail = (id: number, title: string): VideoDetail => ({
  id,
  use: 'video',
  title,
  description: '',
  status: 'published',
  rejectReason: null,
  coverUrl: null,
  customCoverUrl: '',
  isOriginal: true,
  isFirstPublish: false,
  isCommercial: false,
  scheduledAt: null,
  publishedAt: '2026-01-01T00:00:00Z',
  fileUploadId: 'a'.repeat(32),
  uploadState: 'ready',
  videoUrl: `/media/video/${String(id).padStart(32, '0')}.mp4`,
  duration: 125,
  width: 1920,
  height: 1080,
  dots: [],
});

let works: CommentWorkItem[];
let rows: BarrageItem[];
/** the total the list answers (more than the rows: paging) */
let listTotal: number | null;
let batchReply: (param: Record<string, unknown>) => BatchResult;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  resetPublicConfig();
  works = [
    work({}),
    work({ contentId: 12, title: '二手车避坑指南', barrages: 0 }),
    work({ contentId: 13, type: 'smallVideo', title: '竖屏小视频', barrages: 1, duration: 20 }),
  ];
  rows = [
    barrage({ id: 1, positionMs: 65_500, text: '前方高能' }),
    barrage({
      id: 2,
      positionMs: 3_000,
      text: '广告位招租',
      state: 'held',
      holdReason: '命中了你设置的屏蔽词',
      holdCode: 'authorWord',
      readerId: 'reader-002',
      readerName: '路人甲',
    }),
    barrage({
      id: 3,
      positionMs: 3_723_000,
      text: '保护这条',
      state: 'protected',
      readerId: 'reader-003',
      readerName: '老司机',
      readerBlocked: true,
      mode: 'top',
    }),
    barrage({
      id: 4,
      contentId: 13,
      contentTitle: '竖屏小视频',
      positionMs: 12_000,
      text: '小视频的弹幕',
    }),
  ];
  listTotal = null;
  batchReply = (p) => ({ done: (p.ids as number[]).length, skipped: 0 });
  const barrageHandlers: MockHandlers = {
    '/api/comment/work_list': (p) => {
      const list = works.filter(
        (w) => (!p.type || w.type === p.type) && (!p.keyword || w.title.includes(String(p.keyword))),
      );
      return { list, total: list.length, page: 1, pageSize: Number(p.pageSize) };
    },
    '/api/barrage/list': (p) => {
      let list = rows.filter(
        (r) =>
          (p.contentId === undefined || r.contentId === p.contentId) &&
          (p.state === undefined ? r.state !== 'deleted' : r.state === p.state) &&
          (!p.keyword || r.text.includes(String(p.keyword))),
      );
      list =
        p.sort === 'position'
          ? [...list].sort((a, b) => a.positionMs - b.positionMs)
          : [...list].sort((a, b) => b.id - a.id);
      return {
        list,
        total: listTotal ?? list.length,
        page: Number(p.page),
        pageSize: Number(p.pageSize),
        totalCapped: false,
      };
    },
    '/api/barrage/batch': (p) => batchReply(p),
    '/api/reader/block': (p) => {
      rows = rows.map((r) => (r.readerId === p.readerId ? { ...r, readerBlocked: !p.unblock } : r));
      return null;
    },
    '/api/comment/work_settings': (p) => {
      works = works.map((w) =>
        w.contentId === p.contentId ? { ...w, barrageOff: Boolean(p.barrageOff) } : w,
      );
      const w = works.find((x) => x.contentId === p.contentId)!;
      return { contentId: w.contentId, commentsOff: w.commentsOff, barrageOff: w.barrageOff };
    },
  };
  api = mockApi({
    ...shellHandlers(),
    '/api/video/detail': (p) =>
      detail(Number(p.id), works.find((w) => w.contentId === Number(p.id))?.title ?? ''),
    ...barrageHandlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const callsTo = (path: string) => api.calls.filter((c) => c.path === path);
const lastParam = (path: string) => callsTo(path).at(-1)?.param;
/** The table row of a barrage message, by its id. */
const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`)!;
const texts = (testId: string) => screen.getAllByTestId(testId).map((e) => e.textContent);
/** The visible popconfirm's OK button. */
const confirmPopup = async () =>
  waitFor(() => {
    const ok = document.querySelector<HTMLElement>(
      '.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary',
    );
    expect(ok).not.toBeNull();
    return ok!;
  });

async function pickVideo(title: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '视频' }));
  fireEvent.click(await screen.findByTitle(title));
}

describe('/popBarrage', () => {
  it('lists every video’s barrage newest first with its video; picking a video sends contentId and sort=position and shows its player', async () => {
    const { router } = renderRoutes(routes, '/popBarrage');
    await screen.findByTestId('barrage-list');
    expect(callsTo('/api/barrage/list')[0]?.param).toEqual({ sort: 'time', page: 1, pageSize: 50 });
    expect(texts('barrage-text')).toEqual(['小视频的弹幕', '保护这条', '广告位招租', '前方高能']);
    expect(texts('barrage-video-title')).toEqual([
      '竖屏小视频',
      '冰雪路面制动实测',
      '冰雪路面制动实测',
      '冰雪路面制动实测',
    ]);
    expect(screen.queryByTestId('barrage-player')).toBeNull();
    // the picker asks for both video types
    await waitFor(() =>
      expect(callsTo('/api/comment/work_list').map((c) => c.param.type)).toEqual(
        expect.arrayContaining(['video', 'smallVideo']),
      ),
    );

    await pickVideo('冰雪路面制动实测');
    await waitFor(() =>
      expect(lastParam('/api/barrage/list')).toEqual({
        contentId: 11,
        sort: 'position',
        page: 1,
        pageSize: 50,
      }),
    );
    expect(router.state.location.search).toBe('?contentId=11');
    const player = await screen.findByTestId<HTMLVideoElement>('barrage-player');
    expect(player.getAttribute('src')).toBe(detail(11, '').videoUrl);
    expect(player.hasAttribute('controls')).toBe(true);
    expect(lastParam('/api/video/detail')).toEqual({ id: 11 });
    // by position, m:ss and h:mm:ss; no video column in one video's list
    await waitFor(() => expect(texts('barrage-position')).toEqual(['0:03', '1:05', '1:02:03']));
    expect(screen.queryByTestId('barrage-video-title')).toBeNull();

    // clearing the picker goes back to every video
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '视频' }));
    fireEvent.click(document.querySelector('.cc-barrage-picker .ant-select-clear')!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByTestId('barrage-player')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('barrage-video-title')).toHaveLength(4));
  });

  it('clicking a position jumps the player to that second without playing', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    renderRoutes(routes, '/popBarrage?contentId=11');
    const player = await screen.findByTestId<HTMLVideoElement>('barrage-player');
    await screen.findByTestId('barrage-list');
    expect(player.currentTime).toBe(0);
    const at105 = within(rowOf(1)).getByTestId('barrage-position');
    expect(at105.getAttribute('aria-label')).toBe('跳到 1:05');
    fireEvent.click(at105);
    expect(player.currentTime).toBe(65.5);
    fireEvent.click(within(rowOf(3)).getByTestId('barrage-position'));
    expect(player.currentTime).toBe(3723);
    expect(play).not.toHaveBeenCalled();
  });

  it('a position in the all-videos list opens that video and starts its player there', async () => {
    const { router } = renderRoutes(routes, '/popBarrage');
    await screen.findByTestId('barrage-list');
    const position = within(rowOf(4)).getByTestId('barrage-position');
    expect(position.getAttribute('aria-label')).toBe('从 0:12 播放《竖屏小视频》');
    fireEvent.click(position);
    await waitFor(() => expect(router.state.location.search).toBe('?contentId=13'));
    const player = await screen.findByTestId<HTMLVideoElement>('barrage-player');
    await waitFor(() => expect(player.currentTime).toBe(12));
    // a video title filters to that video too
    await act(() => router.navigate('/popBarrage'));
    fireEvent.click(within(await waitFor(() => rowOf(1))).getByTestId('barrage-video-title'));
    await waitFor(() => expect(router.state.location.search).toBe('?contentId=11'));
  });

  it('the state filter, the keyword, the sort and the pager send their params and live in the address', async () => {
    listTotal = 120;
    const { router } = renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    expect(lastParam('/api/barrage/list')).toEqual({
      contentId: 11,
      sort: 'position',
      page: 1,
      pageSize: 50,
    });

    fireEvent.click(
      within(screen.getByTestId('barrage-state-filter')).getByRole('radio', { name: '待审核' }),
    );
    await waitFor(() =>
      expect(lastParam('/api/barrage/list')).toEqual({
        contentId: 11,
        state: 'held',
        sort: 'position',
        page: 1,
        pageSize: 50,
      }),
    );
    expect(router.state.location.search).toBe('?contentId=11&state=held');

    const search = screen.getByRole('searchbox', { name: '搜索弹幕内容' });
    fireEvent.change(search, { target: { value: ' 广告 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lastParam('/api/barrage/list')).toMatchObject({ keyword: '广告', state: 'held' }),
    );

    fireEvent.click(within(screen.getByTestId('barrage-sort')).getByRole('radio', { name: '最新发送' }));
    await waitFor(() =>
      expect(lastParam('/api/barrage/list')).toMatchObject({ sort: 'time', keyword: '广告' }),
    );
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('time');

    fireEvent.click(within(screen.getByRole('region', { name: '弹幕列表' })).getByTitle('2'));
    await waitFor(() => expect(lastParam('/api/barrage/list')).toMatchObject({ page: 2, sort: 'time' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      contentId: '11',
      state: 'held',
      keyword: '广告',
      sort: 'time',
      page: '2',
    });
    expect(screen.getByText('共 120 条弹幕')).toBeTruthy();

    // "all" drops the state: the server's default, every state but deleted
    fireEvent.click(
      within(screen.getByTestId('barrage-state-filter')).getByRole('radio', { name: '全部（不含已删除）' }),
    );
    await waitFor(() => expect(lastParam('/api/barrage/list')).not.toHaveProperty('state'));
    expect(lastParam('/api/barrage/list')).toMatchObject({ page: 1 });
  });

  it('bulk protect posts every selected id in one call, shows done and skipped, and refreshes the list', async () => {
    batchReply = () => ({ done: 2, skipped: 1 });
    renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    const bulkProtect = screen.getByTestId('barrage-bulk-protect');
    expect((bulkProtect as HTMLButtonElement).disabled).toBe(true);
    for (const id of [1, 2, 3]) fireEvent.click(within(rowOf(id)).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('barrage-selected').textContent).toContain('已选 3 条'));
    const listCalls = callsTo('/api/barrage/list').length;
    fireEvent.click(bulkProtect);
    await waitFor(() => expect(callsTo('/api/barrage/batch')).toHaveLength(1));
    const sent = callsTo('/api/barrage/batch')[0]!.param;
    expect(sent.action).toBe('protect');
    expect([...(sent.ids as number[])].sort()).toEqual([1, 2, 3]);
    expect((await screen.findByTestId('barrage-batch-result')).textContent).toBe(
      '保护：完成 2 条，跳过 1 条',
    );
    await waitFor(() => expect(callsTo('/api/barrage/list').length).toBeGreaterThan(listCalls));
    // the selection is cleared after a bulk action
    await waitFor(() => expect(screen.getByTestId('barrage-selected').textContent).toContain('已选 0 条'));

    // bulk delete asks first
    fireEvent.click(within(rowOf(1)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('barrage-bulk-delete'));
    expect(callsTo('/api/barrage/batch')).toHaveLength(1);
    fireEvent.click(await confirmPopup());
    await waitFor(() =>
      expect(callsTo('/api/barrage/batch')[1]?.param).toEqual({ ids: [1], action: 'delete' }),
    );
    expect((await screen.findByTestId('barrage-batch-result')).textContent).toBe(
      '删除：完成 2 条，跳过 1 条',
    );
  });

  it('held rows show why they were held and can be released one by one; a refusal shows the server’s message', async () => {
    renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    const held = rowOf(2);
    expect(within(held).getByTestId('barrage-state').textContent).toBe('待审核');
    expect(within(held).getByTestId('barrage-hold-reason').textContent).toBe(
      '拦下原因：命中了你设置的屏蔽词',
    );
    expect(within(rowOf(1)).queryByTestId('barrage-hold-reason')).toBeNull();
    expect(within(rowOf(1)).getByTestId('barrage-state').textContent).toBe('已发布');
    expect(within(rowOf(3)).getByTestId('barrage-state').textContent).toBe('已保护');
    // the mode and the colour swatch
    expect(within(rowOf(3)).getByTestId('barrage-mode').textContent).toBe('顶部弹幕');
    expect(rowOf(1).querySelector<HTMLElement>('.cc-barrage-swatch')!.style.background).toBe(
      'rgb(254, 3, 2)',
    );
    // only the actions that apply: a held one is released, a protected one unprotected
    expect(within(rowOf(3)).queryByTestId('barrage-row-publish')).toBeNull();
    expect(within(rowOf(3)).getByTestId('barrage-row-unprotect')).toBeTruthy();

    fireEvent.click(within(held).getByTestId('barrage-row-publish'));
    await waitFor(() => expect(lastParam('/api/barrage/batch')).toEqual({ ids: [2], action: 'publish' }));
    expect((await screen.findByTestId('barrage-batch-result')).textContent).toBe(
      '放行：完成 1 条，跳过 0 条',
    );

    // the next batch call is refused: its message is shown
    const refusal = { status: 10006, message: '弹幕不存在', data: null, ercd: 'BARRAGE_NOT_FOUND' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname === '/api/barrage/batch'
          ? new Response(JSON.stringify(refusal), { headers: { 'Content-Type': 'application/json' } })
          : api.fetchMock(input, init),
      ),
    );
    fireEvent.click(within(rowOf(1)).getByTestId('barrage-row-delete'));
    fireEvent.click(await confirmPopup());
    expect(await screen.findByText('弹幕不存在')).toBeTruthy();
  });

  it('blocks a sender, also holding what they sent when asked; a blocked sender is marked and can be unblocked', async () => {
    renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    expect(within(rowOf(3)).getByTestId('barrage-blocked').textContent).toBe('已拉黑');
    expect(within(rowOf(1)).queryByTestId('barrage-blocked')).toBeNull();

    fireEvent.click(within(rowOf(1)).getByTestId('barrage-block'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('拉黑 小明？')).toBeTruthy();
    const hideExisting = within(dialog).getByRole('checkbox', {
      name: '同时拦下 TA 已在我的作品上发送的全部内容',
    });
    expect((hideExisting as HTMLInputElement).checked).toBe(false);
    fireEvent.click(hideExisting);
    fireEvent.click(dialog.querySelector('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() =>
      expect(callsTo('/api/reader/block')).toEqual([
        { path: '/api/reader/block', param: { readerId: 'reader-001', hideExisting: true } },
      ]),
    );
    expect(await screen.findByText('已拉黑 小明，并拦下了 TA 已发送的内容')).toBeTruthy();
    // the list is refreshed: the sender is now marked
    await waitFor(() => expect(within(rowOf(1)).getByTestId('barrage-blocked')).toBeTruthy());

    fireEvent.click(within(rowOf(3)).getByTestId('barrage-unblock'));
    await waitFor(() =>
      expect(lastParam('/api/reader/block')).toEqual({ readerId: 'reader-003', unblock: true }),
    );
    await waitFor(() => expect(within(rowOf(3)).queryByTestId('barrage-blocked')).toBeNull());
  });

  it('block without the box checked sends hideExisting false', async () => {
    renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    fireEvent.click(within(rowOf(2)).getByTestId('barrage-block'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() =>
      expect(lastParam('/api/reader/block')).toEqual({ readerId: 'reader-002', hideExisting: false }),
    );
  });

  it('the barrage-off switch posts the picked video’s setting and shows the new value', async () => {
    renderRoutes(routes, '/popBarrage?contentId=11');
    const toggle = await screen.findByRole('switch', { name: '关闭弹幕' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('barrage-off-hint').textContent).toBe('读者可以发送弹幕，共 3 条');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(callsTo('/api/comment/work_settings')).toEqual([
        { path: '/api/comment/work_settings', param: { contentId: 11, barrageOff: true } },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '关闭弹幕' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(screen.getByTestId('barrage-off-hint').textContent).toBe('已关闭：读者不能再在这个视频上发送弹幕');
    fireEvent.click(screen.getByRole('switch', { name: '关闭弹幕' }));
    await waitFor(() =>
      expect(lastParam('/api/comment/work_settings')).toEqual({ contentId: 11, barrageOff: false }),
    );
    // no switch without a picked video
    renderRoutes(routes, '/popBarrage');
    await waitFor(() => expect(screen.getAllByRole('switch')).toHaveLength(1));
  });

  it('shows a reader’s HTML as text, never as markup', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)><b>粗</b>';
    rows = [barrage({ id: 9, text: html, readerName: '<i>name</i>' })];
    renderRoutes(routes, '/popBarrage');
    const list = await screen.findByTestId('barrage-list');
    expect(within(list).getByTestId('barrage-text').textContent).toBe(html);
    expect(within(list).getByTestId('barrage-reader').textContent).toBe('<i>name</i>');
    expect(list.querySelector('script, img, b, i')).toBeNull();
  });

  it('empty states say what to do: publish a video, or clear the filters; an error offers a retry', async () => {
    rows = [];
    works = works.map((w) => (w.contentId === 13 ? { ...w, barrageOff: true } : w));
    const { router } = renderRoutes(routes, '/popBarrage');
    expect(await screen.findByText('还没有弹幕。读者在你的视频上发送的弹幕会显示在这里。')).toBeTruthy();
    expect(screen.getByText('发布视频').closest('a')?.getAttribute('href')).toBe('/videos/video');

    await act(() => router.navigate('/popBarrage?contentId=12'));
    expect(
      await screen.findByText('这个视频还没有弹幕。读者边看边发的弹幕会按时间点出现在这里。'),
    ).toBeTruthy();

    // a video with its barrage off says how to turn it back on
    await act(() => router.navigate('/popBarrage?contentId=13'));
    expect(
      await screen.findByText('这个视频已关闭弹幕，读者不能发送。在上方把“关闭弹幕”开关关掉即可恢复。'),
    ).toBeTruthy();

    await act(() => router.navigate('/popBarrage?state=deleted&keyword=x'));
    const clear = await screen.findByText('清除筛选');
    fireEvent.click(clear);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname === '/api/barrage/list'
          ? new Response(
              JSON.stringify({ status: 10500, message: '弹幕服务暂时不可用', data: null, ercd: 'INTERNAL' }),
              { headers: { 'Content-Type': 'application/json' } },
            )
          : api.fetchMock(input, init),
      ),
    );
    await act(() => router.navigate('/popBarrage?state=held'));
    expect(await screen.findByText('弹幕服务暂时不可用')).toBeTruthy();
    expect(screen.getByText('重试')).toBeTruthy();
  });

  it('renders in en-US', async () => {
    await act(() => setLanguage('en-US'));
    batchReply = () => ({ done: 1, skipped: 2 });
    renderRoutes(routes, '/popBarrage?contentId=11');
    await screen.findByTestId('barrage-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bullet comments');
    expect(within(rowOf(2)).getByTestId('barrage-state').textContent).toBe('Held for review');
    expect(within(rowOf(2)).getByTestId('barrage-hold-reason').textContent).toBe(
      'Held because: 命中了你设置的屏蔽词',
    );
    expect(within(rowOf(1)).getByTestId('barrage-position').getAttribute('aria-label')).toBe('Jump to 1:05');
    expect(screen.getByRole('switch', { name: 'Bullet comments off' })).toBeTruthy();
    expect(screen.getByText('3 bullet comments')).toBeTruthy();
    fireEvent.click(within(rowOf(1)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('barrage-bulk-protect'));
    expect((await screen.findByTestId('barrage-batch-result')).textContent).toBe(
      'Protect: 1 done, 2 skipped',
    );
    fireEvent.click(within(rowOf(1)).getByTestId('barrage-block'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Also hold everything they sent on my works' }),
    ).toBeTruthy();
  });
});
