import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem, LiveDetail } from '@cc/contracts';
import { routes } from '../router';
import { mockApi, renderRoutes } from '../../test/render';
import { contentItem, shellHandlers } from '../../test/fixtures';
import { resetPublicConfig } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';

// The live-show page (issue #10 "Live shows") through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

const KEY = 'AbCdEfGhIjKlMnOpQrStUvWx';

function show(over: Partial<LiveDetail>): LiveDetail {
  return {
    id: 1,
    title: '新车发布会直播预告',
    coverUrl: '/media/img/0x0/images/c.png',
    startAt: '2026-03-01T12:00:00.000Z',
    description: '带你看新车',
    state: 'upcoming',
    status: 'published',
    rejectReason: null,
    pushUrl: 'rtmp://localhost/live',
    streamKey: KEY,
    replay: null,
    startedAt: null,
    endedAt: null,
    remindedAt: null,
    updatedAt: '2026-02-01T00:00:00.000Z',
    ...over,
  };
}

let shows: LiveDetail[];
let api: ReturnType<typeof mockApi>;

const asItem = (d: LiveDetail): ContentListItem =>
  contentItem({
    id: d.id,
    type: 'live',
    title: d.title,
    status: d.status,
    coverUrl: d.coverUrl,
    rejectReason: d.rejectReason,
  });

beforeEach(() => {
  shows = [
    show({}),
    show({ id: 2, title: '周末赛道日现场直播', state: 'live', startedAt: '2026-03-01T12:01:00.000Z' }),
    show({ id: 3, title: '冬季试驾回顾直播', state: 'ended', replay: { id: 9, title: '试驾回放' } }),
    show({ id: 4, title: '被驳回的一场直播', status: 'rejected', rejectReason: '包含违禁词：赌博（赌博）' }),
  ];
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/content/list': (p) => {
      const list = p.type === 'live' ? shows.map(asItem) : [];
      return { list, total: list.length, page: 1, pageSize: 10 };
    },
    '/api/live/detail': (p) =>
      shows.find((s) => s.id === p.id) ?? {
        __envelope: { status: 10006, message: '直播不存在', data: null, ercd: 'NOT_FOUND' },
      },
    '/api/live/state': (p) => {
      const s = shows.find((x) => x.id === p.id)!;
      s.state = p.state as LiveDetail['state'];
      return { id: s.id, state: s.state };
    },
    '/api/live/reset_key': (p) => {
      const s = shows.find((x) => x.id === p.id)!;
      s.streamKey = 'NewKeyNewKeyNewKeyNewKey';
      return { streamKey: s.streamKey, pushUrl: s.pushUrl };
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

const rowOf = (title: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(title))!;

describe('/liveShow: the list', () => {
  it('tags each show by state with its own button: go live, end, none once ended; a rejected show cannot go live', async () => {
    renderRoutes(routes, '/liveShow');
    await waitFor(() => expect(screen.getAllByTestId('live-state')).toHaveLength(4));
    expect(screen.getAllByTestId('live-state').map((t) => t.textContent)).toEqual([
      '未开始',
      '直播中',
      '已结束',
      '未开始',
    ]);
    expect(within(rowOf('新车发布会直播预告')).getByTestId('live-go').hasAttribute('disabled')).toBe(false);
    expect(within(rowOf('周末赛道日现场直播')).getByTestId('live-end')).toBeTruthy();
    expect(within(rowOf('冬季试驾回顾直播')).queryByTestId('live-go')).toBeNull();
    expect(within(rowOf('冬季试驾回顾直播')).queryByTestId('live-end')).toBeNull();
    expect(within(rowOf('被驳回的一场直播')).getByTestId('live-go').hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('新车发布会直播预告')).getByRole('link', { name: /管理/ }).getAttribute('href')).toBe(
      '/liveShow?id=1',
    );
  });

  it('"go live" asks first, then calls live/state', async () => {
    renderRoutes(routes, '/liveShow');
    await waitFor(() => expect(screen.getAllByTestId('live-state')).toHaveLength(4));
    fireEvent.click(within(rowOf('新车发布会直播预告')).getByTestId('live-go'));
    expect(api.calls.some((c) => c.path === '/api/live/state')).toBe(false);
    const confirm = await screen.findByText('确定现在开始直播吗？');
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /开始直播/ }),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/live/state')?.param).toEqual({ id: 1, state: 'live' }),
    );
  });

  it('empty: invites the first show', async () => {
    shows = [];
    renderRoutes(routes, '/liveShow');
    expect(await screen.findByText('还没有直播，预约你的第一场直播吧')).toBeTruthy();
  });
});

describe('/liveShow?id=N: one show', () => {
  it('shows the push address and the key (hidden until asked), copyable; reset asks, then shows the new key', async () => {
    renderRoutes(routes, '/liveShow?id=1');
    const url = await screen.findByTestId('live-push-url');
    expect(url.textContent).toContain('rtmp://localhost/live');
    const key = screen.getByTestId('live-stream-key');
    expect(key.textContent).not.toContain(KEY);
    expect(within(key.parentElement!).getAllByRole('button', { name: /复制/ }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('live-key-toggle'));
    expect(screen.getByTestId('live-stream-key').textContent).toContain(KEY);

    fireEvent.click(screen.getByTestId('live-reset-key'));
    expect(api.calls.some((c) => c.path === '/api/live/reset_key')).toBe(false);
    const confirm = await screen.findByText(/重置后旧密钥立即失效/);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /重置密钥/ }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-stream-key').textContent).toContain('NewKeyNewKeyNewKeyNewKey'),
    );
    // an upcoming show is edited in place
    expect(screen.getByTestId<HTMLInputElement>('live-title').value).toBe('新车发布会直播预告');
  });

  it('an ended show: no stream settings, its replay named, "change replay"; no editor', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/liveShow?id=3');
    expect((await screen.findByTestId('live-replay')).textContent).toBe('试驾回放');
    expect(screen.queryByTestId('live-stream')).toBeNull();
    expect(screen.queryByTestId('live-editor')).toBeNull();
    expect(screen.getByTestId('live-replay-open').textContent).toContain('Change replay');
    expect(screen.getByText('Once live, the title, cover and time can no longer change')).toBeTruthy();
  });

  it('a missing show shows the error with a retry, not a crash', async () => {
    renderRoutes(routes, '/liveShow?id=99');
    expect(await screen.findByRole('button', { name: /重试/ })).toBeTruthy();
    expect(screen.getByText('直播不存在')).toBeTruthy();
  });
});

describe('/liveShow?new=1: the editor', () => {
  it('refuses an empty form next to each field, in the server’s words, before sending anything', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/liveShow?new=1');
    fireEvent.click(await screen.findByTestId('live-save'));
    expect(await screen.findByText('title is required')).toBeTruthy();
    expect(screen.getByText('Upload a cover for the live show')).toBeTruthy();
    expect(screen.getByText('Pick a start time')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/live/save')).toBe(false);
  });
});
