import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { VideoDetail } from '@cc/contracts';
import { localDraftStorageKey } from '../../../lib/local-draft';
import { mockApi, renderAt } from '../../../test/render';
import { DotsEditor } from './dots-editor';

const video: VideoDetail = {
  id: 41,
  use: 'video',
  title: 'Winter test',
  description: '',
  status: 'published',
  rejectReason: null,
  coverUrl: null,
  customCoverUrl: '',
  isOriginal: true,
  isFirstPublish: false,
  isCommercial: false,
  scheduledAt: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  fileUploadId: 'k',
  uploadState: 'ready',
  videoUrl: '/media/video/k.mp4',
  duration: 120,
  width: 1280,
  height: 720,
  dots: [{ time: 5, title: 'Start' }],
};

// antd's table renders slowly in jsdom on a shared 2-core machine
describe('DotsEditor local copy (issue #9: every editor keeps unsaved work)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers unsaved dots after a reload, restores them, and forgets them once saved', async () => {
    const unsaved = [
      { time: 5, title: 'Start' },
      { time: 42, title: 'Cold start test' },
    ];
    localStorage.setItem(
      localDraftStorageKey('videodot:41'),
      JSON.stringify({ format: 1, version: 1, savedAt: Date.now(), base: null, value: unsaved }),
    );
    const api = mockApi({ '/api/video/save_dots': (p) => ({ dots: p.dots as VideoDetail['dots'] }) });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<DotsEditor video={video} />);
    fireEvent.click(await screen.findByRole('button', { name: /恢\s?复/ }));
    await waitFor(() => expect(screen.getByDisplayValue('Cold start test')).toBeTruthy());
    fireEvent.click(screen.getByTestId('dots-save'));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/video/save_dots'));
    await screen.findByText('打点已保存');
    await waitFor(() => expect(localStorage.getItem(localDraftStorageKey('videodot:41'))).toBeNull());
  });
});
