import { File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILESERVICE_PATHS, MB, USERID_COOKIE } from '@cc/contracts';
import { computeUploadKey, storageKeyOf, uploadSlot } from '@cc/uploader';
import type * as Uploader from '@cc/uploader';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { uploadStore } from '../features/video/uploads/upload-store';
import { shellHandlers } from '../test/fixtures';

// Issue #9 "uploads that survive", through the real router: the upload lives in the tab's store, not in the
// publishing page; the header shows it elsewhere; a remembered upload waits for its own file after a reload.
vi.setConfig({ testTimeout: 60_000 });

// jsdom decodes no video: the browser's reading of a chosen file is stubbed (a 90 s horizontal clip).
vi.mock('@cc/uploader', async (importOriginal) => ({
  ...(await importOriginal<typeof Uploader>()),
  readVideoInfo: () => Promise.resolve({ duration: 90, width: 1920, height: 1080 }),
  captureCoverFrame: () => Promise.reject(new Error('no canvas in jsdom')),
}));

/** A chosen file: Node's File, whose `slice().arrayBuffer()` jsdom's lacks; byte i is (i * 7 + seed) & 255. */
function videoFile(size: number, name = 'trip.mp4', seed = 0, lastModified = 1_700_000_000_000): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed) & 255;
  return new NodeFile([bytes], name, { type: 'video/mp4', lastModified }) as unknown as File;
}

/** The file service behind XMLHttpRequest: keeps shards per key; `hold` keeps shard answers back. */
const service = {
  held: new Map<string, Set<number>>(),
  merged: new Set<string>(),
  hold: false,
  waiting: [] as (() => void)[],
  shardRequests: 0,
  deletes: [] as string[],
  release() {
    this.hold = false;
    for (const answer of this.waiting.splice(0)) answer();
  },
  reset() {
    this.held.clear();
    this.merged.clear();
    this.hold = false;
    this.waiting = [];
    this.shardRequests = 0;
    this.deletes = [];
  },
};

class FakeXhr {
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  upload = { onprogress: null as ((e: { loaded: number; total: number }) => void) | null };
  private url = '';
  private aborted = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData | string | null) {
    const u = new URL(this.url, 'http://localhost');
    const reply = (data: unknown) => {
      if (this.aborted) return;
      this.status = 200;
      this.responseText = JSON.stringify({ status: 1, message: 'success', data });
      this.onload?.();
    };
    const key = u.searchParams.get('fileUploadId') ?? '';
    switch (u.pathname) {
      case FILESERVICE_PATHS.moreShard: {
        const form = body as FormData;
        const k = String(form.get('key'));
        const index = Number(form.get('shardIndex'));
        service.shardRequests++;
        const answer = () => {
          if (this.aborted) return;
          const set = service.held.get(k) ?? new Set<number>();
          set.add(index);
          service.held.set(k, set);
          reply({ fileUploadId: k, shardIndex: index, received: set.size });
        };
        if (service.hold) service.waiting.push(answer);
        else setTimeout(answer, 0);
        return;
      }
      case FILESERVICE_PATHS.merge: {
        const k = new URLSearchParams(String(body)).get('fileUploadId')!;
        service.merged.add(k);
        setTimeout(
          () => reply({ merged: true, fileKey: `videos/${k}.mp4`, url: `/media/video/${k}.mp4` }),
          0,
        );
        return;
      }
      case FILESERVICE_PATHS.isExistLocalMergeFile: {
        const ready = service.merged.has(key);
        setTimeout(
          () =>
            reply({
              exists: ready,
              state: ready ? 'ready' : 'uploading',
              fileKey: ready ? `videos/${key}.mp4` : null,
              url: ready ? `/media/video/${key}.mp4` : null,
              receivedShards: [...(service.held.get(key) ?? [])].sort((a, b) => a - b),
              ...(ready ? { duration: 90, width: 1920, height: 1080, coverUrl: '/media/img/0x0/c.jpg' } : {}),
            }),
          0,
        );
        return;
      }
      case FILESERVICE_PATHS.upload:
        service.deletes.push(key);
        service.held.delete(key);
        setTimeout(() => reply(null), 0);
        return;
      default:
        setTimeout(() => reply(null), 0);
    }
  }
}

let resets = 0;
beforeEach(() => {
  service.reset();
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/content/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }),
    '/api/video/get_upload_video_secret': () => ({ token: 'tok', expiresAt: '2099-01-02T00:00:00Z' }),
    '/api/small_video/get_duration_permission': () => ({ maxDurationSeconds: 60 }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  document.cookie = `${USERID_COOKIE}=7`;
});
afterEach(async () => {
  // Another "author" empties the tab's store, so no test sees another's uploads.
  await uploadStore.restore(`reset-${++resets}`);
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh-CN'));
});

async function chooseFile(file: File) {
  // the first page of a run loads its lazy chunk cold: slow on a busy machine
  const area = await screen.findByTestId('upload-area', {}, { timeout: 30_000 });
  await waitFor(() => expect(area.getAttribute('aria-disabled')).toBeNull());
  fireEvent.change(screen.getByTestId('video-file-input'), { target: { files: [file] } });
}

describe('an upload outlives its page', () => {
  it('goes on after the page is left, the header follows it, and the page shows it again on return', async () => {
    await act(() => setLanguage('en-US'));
    service.hold = true;
    const { router } = renderRoutes(routes, '/videos/video');
    await chooseFile(videoFile(3 * MB));
    await waitFor(() => expect(service.waiting.length).toBeGreaterThan(0));
    // On its own page the header does not repeat the upload.
    expect(screen.queryByTestId('upload-indicator')).toBeNull();
    await act(() => router.navigate('/videos'));
    const indicator = await screen.findByTestId('upload-indicator');
    expect(indicator.getAttribute('data-status')).toBe('uploading');
    expect(indicator.getAttribute('href')).toBe('/videos/video');
    expect(indicator.getAttribute('aria-label')).toMatch(/^trip\.mp4: .*Back to its publishing page$/);
    expect(uploadStore.needsPage).toBe(true);
    // The page is gone, the shards are not: they finish, the merge runs, the probe answers ready.
    act(() => service.release());
    await waitFor(() =>
      expect(screen.getByTestId('upload-indicator').getAttribute('data-status')).toBe('ready'),
    );
    expect(within(screen.getByTestId('upload-indicator')).getByText('Uploaded')).toBeTruthy();
    expect(service.deletes).toEqual([]);
    expect(uploadStore.needsPage).toBe(false);
    await act(() => router.navigate('/videos/video'));
    await waitFor(() => expect(screen.getByTestId('upload-state').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('upload-state').textContent).toContain('Video ready · 01:30 · 1920×1080');
    // Seen on its page: the header lets it go. (The form has an unsaved upload: leaving asks first.)
    await act(async () => {
      void router.navigate('/videos');
      await Promise.resolve();
    });
    const leave = await screen.findByRole('dialog');
    fireEvent.click(within(leave).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Upload your first video');
    expect(screen.queryByTestId('upload-indicator')).toBeNull();
  });

  it('cancel asks first, then stops the shards, deletes the part sent and says so', async () => {
    service.hold = true;
    renderRoutes(routes, '/videos/video');
    await chooseFile(videoFile(3 * MB));
    fireEvent.click(await screen.findByTestId('upload-cancel'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('取消上传「trip.mp4」？');
    expect(service.deletes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消上传' }));
    expect(await screen.findByText('已取消上传，已上传的部分已从服务器删除')).toBeTruthy();
    expect(service.deletes).toHaveLength(1);
    expect(uploadStore.getTasks()).toEqual([]);
  });
});

describe('after a reload', () => {
  /** What the previous page left: a remembered upload of `file` with shards 1 and 2 on the server. */
  async function remembered(file: File) {
    const key = await computeUploadKey(file);
    localStorage.setItem(
      storageKeyOf('7'),
      JSON.stringify([
        {
          target: { use: 'video', contentId: null },
          file: { name: file.name, size: file.size, lastModified: file.lastModified },
          key,
          startedAt: Date.now(),
        },
      ]),
    );
    service.held.set(key, new Set([1, 2]));
    return key;
  }

  it('offers to continue; another file with the same name is refused; the same file sends only the rest', async () => {
    const file = videoFile(4 * MB);
    await remembered(file);
    renderRoutes(routes, '/videos/video');
    const prompt = await screen.findByTestId('upload-resume');
    expect(prompt.textContent).toContain('上次的上传没有完成：trip.mp4');
    await waitFor(() => expect(prompt.textContent).toContain('服务器已保存 50%（2/4 个分片）'));
    expect(screen.getByTestId('upload-area').getAttribute('aria-label')).toBe('重新选择 trip.mp4 继续上传');
    await chooseFile(videoFile(4 * MB, 'trip.mp4', 9));
    expect((await screen.findByTestId('upload-error')).textContent).toContain('这不是「trip.mp4」（4.0 MB');
    expect(service.shardRequests).toBe(0);
    expect(uploadSlot({ use: 'video', contentId: null })).toBe('video:new');
    expect(uploadStore.getTask('video:new')?.status).toBe('paused');
    await chooseFile(videoFile(4 * MB));
    await waitFor(() => expect(screen.getByTestId('upload-state').getAttribute('data-state')).toBe('ready'));
    expect(service.shardRequests).toBe(2);
    expect(localStorage.getItem(storageKeyOf('7'))).toBeNull();
  });

  it('the header says an upload waits to be continued, on any page', async () => {
    await remembered(videoFile(2 * MB, 'road.mov'));
    renderRoutes(routes, '/videos');
    const indicator = await screen.findByTestId('upload-indicator');
    expect(indicator.getAttribute('data-status')).toBe('paused');
    expect(indicator.textContent).toContain('road.mov');
    expect(indicator.textContent).toContain('待继续上传');
  });

  it('discarding asks, deletes the part the server keeps, and forgets it', async () => {
    const key = await remembered(videoFile(2 * MB));
    renderRoutes(routes, '/videos/video');
    fireEvent.click(await screen.findByTestId('upload-discard'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('放弃「trip.mp4」的上传？');
    fireEvent.click(within(dialog).getByRole('button', { name: '放弃上传' }));
    expect(await screen.findByText('已取消上传，已上传的部分已从服务器删除')).toBeTruthy();
    expect(service.deletes).toEqual([key]);
    await waitFor(() => expect(screen.queryByTestId('upload-resume')).toBeNull());
    expect(localStorage.getItem(storageKeyOf('7'))).toBeNull();
  });
});

describe('the publishing form keeps a local copy', () => {
  it('after a reload it offers the typed fields and the merged upload back', async () => {
    const first = renderRoutes(routes, '/videos/video');
    await chooseFile(videoFile(2 * MB));
    await waitFor(() => expect(screen.getByTestId('upload-state').getAttribute('data-state')).toBe('ready'));
    fireEvent.change(screen.getByTestId('video-title'), { target: { value: '冰雪路面制动实测' } });
    await waitFor(() =>
      expect(Object.keys(localStorage).filter((k) => k.startsWith('cc.draft:7:video:new'))).toHaveLength(1),
    );
    // A reload: the page and the tab's store start empty (another owner empties it; ours comes back).
    first.unmount();
    await uploadStore.restore('a-new-tab');
    renderRoutes(routes, '/videos/video');
    const prompt = await screen.findByTestId('local-draft-prompt');
    expect(screen.getByTestId<HTMLInputElement>('video-title').value).toBe('');
    fireEvent.click(within(prompt).getByRole('button', { name: /恢\s*复/ }));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('video-title').value).toBe('冰雪路面制动实测'),
    );
    await waitFor(() => expect(screen.getByTestId('upload-state').getAttribute('data-state')).toBe('ready'));
    expect(service.shardRequests).toBe(2);
  });
});
