import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContentListItem, VideoDetail, VideoDot } from '@cc/contracts';
import type * as Uploader from '@cc/uploader';
import { routes } from './router';
import { type MockReply, mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { fieldRefusal, shellHandlers } from '../test/fixtures';

// The video pages (issue #3 "Pages") through the real router with the API stubbed.
vi.setConfig({ testTimeout: 30_000 });

// jsdom decodes no video: the browser's reading of a chosen file is stubbed (a 90 s horizontal clip).
const videoInfo = vi.hoisted(() => ({ duration: 90, width: 1920, height: 1080 }));
vi.mock('@cc/uploader', async (importOriginal) => ({
  ...(await importOriginal<typeof Uploader>()),
  readVideoInfo: () => Promise.resolve({ ...videoInfo }),
  captureCoverFrame: () => Promise.reject(new Error('no canvas in jsdom')),
}));

let items: ContentListItem[];
let api: ReturnType<typeof mockApi>;
let tokenReply: MockReply<'/api/video/get_upload_video_secret'>;
let detail: VideoDetail;

const video = (over: Partial<ContentListItem>): ContentListItem => ({
  id: 1,
  type: 'video',
  title: '冰雪路面制动实测',
  status: 'published',
  coverUrl: '/media/img/0x0/covers/a.jpg',
  publishedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T03:04:05Z',
  stats: { views: 342_118, likes: 3, comments: 1, shares: 0, plays: 342_118, duration: 125.5 },
  rejectReason: null,
  ...over,
});

beforeEach(() => {
  items = [
    video({}),
    video({
      id: 2,
      title: '二手车避坑指南',
      status: 'draft',
      publishedAt: null,
      stats: { views: 0, likes: 0, comments: 0, shares: 0, plays: 0, duration: null },
    }),
  ];
  tokenReply = { token: 'tok', expiresAt: '2026-01-02T00:00:00Z' };
  detail = {
    id: 1,
    use: 'video',
    title: '冰雪路面制动实测',
    description: '',
    status: 'published',
    rejectReason: null,
    coverUrl: '/media/img/0x0/covers/a.jpg',
    customCoverUrl: '',
    isOriginal: true,
    isFirstPublish: false,
    isCommercial: false,
    scheduledAt: null,
    publishedAt: '2026-01-01T00:00:00Z',
    fileUploadId: 'a'.repeat(32),
    uploadState: 'ready',
    videoUrl: `/media/video/${'a'.repeat(32)}.mp4`,
    duration: 120,
    width: 1920,
    height: 1080,
    dots: [
      { time: 90, title: '总结' },
      { time: 30, title: '加速' },
    ],
  };
  resetPublicConfig();
  api = mockApi({
    ...shellHandlers(),
    '/api/content/list': (p) => ({
      list: items.filter((i) => !p.type || i.type === p.type),
      total: items.filter((i) => !p.type || i.type === p.type).length,
      page: Number(p.page ?? 1),
      pageSize: 10,
    }),
    '/api/content/delete': (p) => {
      items = items.filter((i) => i.id !== p.id);
      return null;
    },
    '/api/video/get_upload_video_secret': () => tokenReply,
    '/api/small_video/get_duration_permission': () => ({ maxDurationSeconds: 60 }),
    '/api/video/detail': () => detail,
    '/api/video/save_dots': (p) => ({ dots: p.dots as VideoDot[] }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

describe('videos list', () => {
  it('shows status words, duration mm:ss, plays in 万, and only published videos get dots', async () => {
    renderRoutes(routes, '/videos');
    const tags = await screen.findAllByTestId('status-tag');
    expect(tags.map((t) => t.textContent)).toEqual(['已发布', '草稿']);
    expect(screen.getAllByTestId('video-duration').map((d) => d.textContent)).toEqual(['02:05', '--:--']);
    expect(screen.getByText('34.2万')).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const published = rows.find((r) => r.textContent?.includes('冰雪路面制动实测'))!;
    expect(within(published).getByRole('link', { name: /编辑/ }).getAttribute('href')).toBe(
      '/videos/video?id=1',
    );
    expect(within(published).getByRole('link', { name: /打点/ }).getAttribute('href')).toBe('/videodot?id=1');
    const draft = rows.find((r) => r.textContent?.includes('二手车避坑指南'))!;
    expect(within(draft).queryByRole('link', { name: /打点/ })).toBeNull();
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({
      type: 'video',
      page: 1,
    });
  });

  it('reads the page from the query string; empty state invites the first upload', async () => {
    items = [];
    renderRoutes(routes, '/smallVideo?page=3');
    expect(await screen.findByText('上传你的第一个小视频')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({
      type: 'smallVideo',
      page: 3,
    });
  });

  it('deletes only after confirmation', async () => {
    renderRoutes(routes, '/videos');
    await screen.findAllByTestId('status-tag');
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('二手车避坑指南'))!;
    fireEvent.click(within(row).getByRole('button', { name: /删除/ }));
    expect(api.calls.some((c) => c.path === '/api/content/delete')).toBe(false);
    const confirm = await screen.findByText(/确定删除「二手车避坑指南」/);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /删\s*除/ }),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/content/delete')?.param).toEqual({ id: 2 }),
    );
  });
});

describe('publishing pages', () => {
  it('/videos/video: the hint, the drop area disabled until the token, then enabled', async () => {
    renderRoutes(routes, '/videos/video');
    expect(
      await screen.findByText(
        '建议视频比例16:9，分辨率不低于1920*1080，大小不超过30G，支持MP4、FLV、MOV等格式',
        {},
        // the first visit of the publishing page loads its lazy chunk cold: slow on a busy machine
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    const area = screen.getByTestId('upload-area');
    await waitFor(() => expect(area.getAttribute('aria-disabled')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/video/get_upload_video_secret')).toBe(true);
  });

  it("a failed token call shows 'network error' with the server's message, and the area stays disabled", async () => {
    tokenReply = {
      __envelope: { status: 10500, message: 'token store unavailable', data: null, ercd: 'INTERNAL' },
    };
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/videos/video');
    const alert = await screen.findByTestId('token-error');
    expect(alert.textContent).toContain('network error');
    expect(alert.textContent).toContain('token store unavailable');
    expect(screen.getByTestId('upload-area').getAttribute('aria-disabled')).toBe('true');
  });

  it('refuses a wrong format word for word, before anything is sent', async () => {
    await act(() => setLanguage('en-US'));
    renderRoutes(routes, '/videos/video');
    const area = await screen.findByTestId('upload-area');
    await waitFor(() => expect(area.getAttribute('aria-disabled')).toBeNull());
    const input = screen.getByTestId('video-file-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    const error = await screen.findByTestId('upload-error');
    expect(error.textContent).toContain('video format is wrong, upload failed');
    // the rule it applies (issue #11)
    expect(
      within(error)
        .getByRole('link', { name: /See the rule/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-video#formats');
    expect(api.calls.some((c) => c.path.startsWith('/fileservice'))).toBe(false);
  });

  it('a refused publish shows the server’s field errors beside their fields, with the rule (issue #11)', async () => {
    const refusal = fieldRefusal('title', '标题包含违禁词：赌博');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        input.includes('/api/video/publish')
          ? Promise.resolve(new Response(JSON.stringify(refusal)))
          : api.fetchMock(input, init),
      ),
    );
    renderRoutes(routes, '/videos/video?id=1');
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('video-title').value).toBe(detail.title));
    fireEvent.click(screen.getByTestId('video-publish'));
    const help = (await screen.findByText('标题包含违禁词：赌博')).closest('.ant-form-item-explain')!;
    expect(
      within(help as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#prohibited-words');
  });

  it('publishing without an upload or title shows the rules next to the fields', async () => {
    renderRoutes(routes, '/videos/video');
    fireEvent.click(await screen.findByTestId('video-publish'));
    expect(await screen.findByText('请先上传视频')).toBeTruthy();
    expect(screen.getByText('请输入标题')).toBeTruthy();
  });

  it('/smallVideo/indexv refuses horizontal and too-long files before uploading anything', async () => {
    renderRoutes(routes, '/smallVideo/indexv');
    const area = await screen.findByTestId('upload-area');
    await waitFor(() => expect(area.getAttribute('aria-disabled')).toBeNull());
    const choose = () =>
      fireEvent.change(screen.getByTestId('video-file-input'), {
        target: { files: [new File(['x'.repeat(100)], 'clip.mp4', { type: 'video/mp4' })] },
      });
    choose();
    expect((await screen.findByTestId('upload-error')).textContent).toContain('小视频必须是竖版（高大于宽）');
    Object.assign(videoInfo, { width: 720, height: 1280, duration: 61 });
    choose();
    await waitFor(() =>
      expect(screen.getByTestId('upload-error').textContent).toContain(
        '小视频时长不能超过 60 秒（该视频 01:01）',
      ),
    );
    expect(api.calls.some((c) => c.path.startsWith('/fileservice'))).toBe(false);
  });

  it('/smallVideo/indexv shows the duration limit from the permission call', async () => {
    renderRoutes(routes, '/smallVideo/indexv');
    expect((await screen.findByTestId('duration-limit')).textContent).toBe(
      '竖版视频（高大于宽），时长不超过 60 秒',
    );
  });
});

describe('/videodot', () => {
  it('shows the dots sorted, as timeline marks at time / duration, and saves them', async () => {
    renderRoutes(routes, '/videodot?id=1');
    const marks = await screen.findAllByTestId('dot-marker');
    expect(marks.map((m) => m.style.left)).toEqual(['25%', '75%']);
    expect(marks[0]!.getAttribute('aria-label')).toBe('跳到 00:30 加速');
    expect(screen.getByTestId<HTMLVideoElement>('dot-player').getAttribute('src')).toBe(detail.videoUrl);
    // add one at the playhead (0) and save
    fireEvent.change(screen.getByTestId('dot-title'), { target: { value: '开场' } });
    fireEvent.click(screen.getByTestId('dot-add'));
    await waitFor(() => expect(screen.getAllByTestId('dot-marker')).toHaveLength(3));
    fireEvent.click(screen.getByTestId('dots-save'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/video/save_dots')?.param).toEqual({
        id: 1,
        dots: [
          { time: 0, title: '开场' },
          { time: 30, title: '加速' },
          { time: 90, title: '总结' },
        ],
      }),
    );
  });

  it('clicking a mark seeks the player', async () => {
    renderRoutes(routes, '/videodot?id=1');
    const marks = await screen.findAllByTestId('dot-marker');
    fireEvent.click(marks[1]!);
    expect(screen.getByTestId<HTMLVideoElement>('dot-player').currentTime).toBe(90);
  });
});
