import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTOSAVE_INTERVAL_MS, type AlbumDetail, type ContentListItem } from '@cc/contracts';
import { localDraftStorageKey } from '../../../lib/local-draft';
import { mockApi, renderAt } from '../../../test/render';
import { contentItem, fieldRefusal } from '../../../test/fixtures';
import { AlbumForm } from './album-form';
import { AlbumList } from './album-list';

const url = (n: number) => `/media/img/0x0/images/u1/202601/${n}.png`;

const album: AlbumDetail = {
  id: 7,
  title: '冬季自驾川西的一组风景',
  status: 'draft',
  rejectReason: null,
  images: [
    { url: url(1), caption: '雪山' },
    { url: url(2), caption: '' },
    { url: url(3), caption: '湖边' },
  ],
  coverUrl: url(2),
  carSeriesIds: [12001],
  carSeries: [{ id: 12001, brand: '比亚迪', series: '汉' }],
  topicId: null,
  scheduledAt: null,
  publishedAt: null,
  updatedAt: '2026-01-02T03:04:05.000Z',
};

const topics = () => [{ id: 3, name: '自驾游', description: '路上的风景', myWorkCount: 0 }];

// antd's form and table render slowly in jsdom on a shared 2-core machine
describe('AlbumForm (issue #10 "Image collections")', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens an album with its cards, captions, cover and car series; publishing sends them in order', async () => {
    const api = mockApi({
      '/api/topic/list': topics,
      '/api/album/publish': () => ({ id: 7, status: 'published' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const onDone = vi.fn();
    renderAt(<AlbumForm initial={album} onIdChange={() => {}} onDone={onDone} />);
    const cards = await screen.findAllByTestId('album-card');
    expect(cards.map((c) => c.getAttribute('data-url'))).toEqual([url(1), url(2), url(3)]);
    expect(screen.getAllByTestId('album-caption').map((c) => (c as HTMLTextAreaElement).value)).toEqual([
      '雪山',
      '',
      '湖边',
    ]);
    // the second image is the cover (a checked radio on its card)
    expect(within(cards[1]!).getByRole('radio')).toHaveProperty('checked', true);
    expect(screen.getByText('比亚迪 汉')).toBeTruthy();
    // make the third image the cover, caption the second, publish
    fireEvent.click(within(cards[2]!).getByRole('radio'));
    fireEvent.change(screen.getAllByTestId('album-caption')[1]!, { target: { value: '  隧道口 ' } });
    fireEvent.click(screen.getByTestId('album-publish'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(7, 'published'));
    const sent = api.calls.find((c) => c.path === '/api/album/publish')!.param;
    expect(sent).toEqual({
      id: 7,
      title: '冬季自驾川西的一组风景',
      images: [
        { url: url(1), caption: '雪山' },
        { url: url(2), caption: '隧道口' },
        { url: url(3), caption: '湖边' },
      ],
      coverUrl: url(3),
      carSeriesIds: [12001],
      publishType: 1,
    });
  });

  it('adds pictures from the car photo library as cards whose description is the credit (issue #15)', async () => {
    const library = [1, 2].map((id) => ({
      id,
      url: `/media/img/0x0/images/u9/202611/lib-${id}.jpg`,
      width: 1600,
      height: 1200,
      seriesId: 58003,
      brandName: '宝马',
      seriesName: '3系',
      tag: 'exterior' as const,
      caption: `前脸 ${id}`,
      attribution: '图片来源：宝马官方',
    }));
    const api = mockApi({
      '/api/topic/list': topics,
      '/api/carphoto/search': (p) => ({ list: library, total: 2, page: 1, pageSize: Number(p.pageSize) }),
      '/api/carphoto/use': (p) => ({
        list: (p.ids as number[]).map((id) => ({ ...library[id - 1]!, url: url(100 + id) })),
      }),
      '/api/album/publish': () => ({ id: 7, status: 'published' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm initial={album} onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.click(await screen.findByTestId('album-carphoto'));
    fireEvent.click(await screen.findByTestId('carphoto-card-1'));
    fireEvent.click(screen.getByTestId('carphoto-card-2'));
    fireEvent.click(screen.getByTestId('carphoto-insert'));
    await waitFor(() => expect(screen.getAllByTestId('album-card')).toHaveLength(5));
    expect(screen.getAllByTestId('album-card').map((c) => c.getAttribute('data-url'))).toEqual([
      url(1),
      url(2),
      url(3),
      url(101),
      url(102),
    ]);
    expect(
      screen
        .getAllByTestId('album-caption')
        .slice(3)
        .map((c) => (c as HTMLTextAreaElement).value),
    ).toEqual(['图片来源：宝马官方', '图片来源：宝马官方']);
    expect(api.calls.find((c) => c.path === '/api/carphoto/use')?.param).toEqual({ ids: [1, 2] });
  });

  it('shows the server’s field errors beside their fields: images.1.url on the second card', async () => {
    const api = mockApi({
      '/api/topic/list': topics,
      '/api/album/publish': () => ({
        __envelope: {
          status: 10007,
          message: '图片不存在或不是你上传的',
          data: {
            fields: [
              { path: 'images.1.url', message: '图片不存在或不是你上传的', code: 'IMAGE_NOT_YOURS' },
              { path: 'carSeriesIds.0', message: '车库中没有这个车系', code: 'CAR_SERIES_UNKNOWN' },
            ],
          },
          ercd: 'VALIDATION_FAILED',
        },
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm initial={album} onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.click(await screen.findByTestId('album-publish'));
    const cards = screen.getAllByTestId('album-card');
    await waitFor(() =>
      expect(within(cards[1]!).getByRole('alert').textContent).toBe('图片不存在或不是你上传的'),
    );
    expect(within(cards[0]!).queryByRole('alert')).toBeNull();
    expect(screen.getByText('车库中没有这个车系')).toBeTruthy();
    // editing that card's caption clears its error
    fireEvent.change(within(cards[1]!).getByTestId('album-caption'), { target: { value: '换一张' } });
    await waitFor(() => expect(within(cards[1]!).queryByRole('alert')).toBeNull());
  });

  it('links each refusal to the rule it applies: the title rule live, a server field error by its ruleRef (issue #11)', async () => {
    const api = mockApi({
      '/api/topic/list': topics,
      '/api/album/publish': () => ({
        __envelope: fieldRefusal('title', '标题包含违禁词：赌博', { withDataRef: true }),
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm initial={album} onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.click(await screen.findByTestId('album-publish'));
    const error = (await screen.findByText('标题包含违禁词：赌博')).closest('.ant-form-item-explain')!;
    expect(
      within(error as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#prohibited-words');
    // the title rule the form checks itself links to its section too
    fireEvent.change(screen.getByTestId('album-title'), { target: { value: '短标题' } });
    const rule = (await screen.findByText(/标题需为 6–30 个字/)).closest('.ant-form-item-explain')!;
    expect(
      within(rule as HTMLElement)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-titles#length');
  });

  it('checks the rules before sending: the title rule live, no image → nothing is sent', async () => {
    const api = mockApi({ '/api/topic/list': topics });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByTestId('album-title'), { target: { value: '短标题' } });
    expect(await screen.findByText(/标题需为 6–30 个字/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('album-publish'));
    expect(await screen.findByText('请至少上传 1 张图片')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/album/publish')).toBe(false);
  });

  it('keeps a local copy and offers it back (restore), as every editor (issue #9)', async () => {
    // copies older than 30 days are never offered: the server's version is a minute old, the copy newer
    const updatedAt = new Date(Date.now() - 60_000).toISOString();
    localStorage.setItem(
      localDraftStorageKey('album:7'),
      JSON.stringify({
        format: 1,
        version: 1,
        savedAt: Date.now(),
        base: Date.parse(updatedAt),
        value: {
          title: '冬季自驾川西的一组风景（未保存）',
          images: [{ url: url(3), caption: '换到第一张' }],
          coverUrl: null,
          carSeries: [],
          topicId: null,
          mode: 'now',
          scheduledAt: null,
        },
      }),
    );
    const api = mockApi({ '/api/topic/list': topics });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm initial={{ ...album, updatedAt }} onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /恢\s?复/ }));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('album-title').value).toBe(
        '冬季自驾川西的一组风景（未保存）',
      ),
    );
    expect(screen.getAllByTestId('album-card').map((c) => c.getAttribute('data-url'))).toEqual([url(3)]);
  });
});

describe('AlbumForm autosave (issue #10 "autosaves to the server")', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  /** Renders the form over `status`, changes the title, lets 30 s pass; resolves to a reader of the publish calls made. */
  async function editAndWait(status: AlbumDetail['status']) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      '/api/topic/list': topics,
      '/api/album/publish': () => ({ id: 7, status: 'draft' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumForm initial={{ ...album, status }} onIdChange={() => {}} onDone={() => {}} />);
    fireEvent.change(await screen.findByTestId('album-title'), {
      target: { value: '冬季自驾川西的一组风景（改）' },
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS + 10));
    return () => api.calls.filter((c) => c.path === '/api/album/publish');
  }

  it('a draft with changes is saved as a draft every 30 s', async () => {
    const calls = await editAndWait('draft');
    await waitFor(() => expect(calls().length).toBeGreaterThan(0));
    expect(calls()[0]!.param).toMatchObject({ id: 7, publishType: 0, title: '冬季自驾川西的一组风景（改）' });
  });

  it.each(['published', 'scheduled', 'reviewing'] as const)(
    'a %s album is never turned into a draft behind the author’s back',
    async (status) => {
      const calls = await editAndWait(status);
      await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_INTERVAL_MS));
      expect(calls()).toEqual([]);
    },
  );
});

describe('AlbumList (imageCollection)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists albums by status tab; a rejected one shows its reason beside its edit button', async () => {
    const items: ContentListItem[] = [
      contentItem({ id: 7, type: 'album', title: '冬季自驾川西的一组风景', coverUrl: url(1) }),
      contentItem({
        id: 8,
        type: 'album',
        title: '被拒绝的一组图片',
        status: 'rejected',
        publishedAt: null,
        rejectReason: '第 3 张图片尺寸为 199×600，图集图片至少 200×200 像素',
      }),
    ];
    const api = mockApi({
      '/api/content/list': (p) => ({
        list: items.filter((i) => !p.status || i.status === p.status),
        total: items.length,
        page: 1,
        pageSize: 10,
      }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const onChange = vi.fn();
    renderAt(<AlbumList status="all" page={1} onChange={onChange} />);
    const row = (await screen.findByText('被拒绝的一组图片')).closest('tr')!;
    expect(within(row).getByTestId('album-reject-reason').textContent).toContain('199×600');
    // the rule the rejection applies (issue #11): no rejectRuleRef from the server → the review rule
    expect(
      within(row)
        .getByRole('link', { name: /查看规则/ })
        .getAttribute('href'),
    ).toBe('/authoringService/ruleCenter/publish?rule=publish-prohibited#manual-review');
    expect(within(row).getByTestId('album-edit').getAttribute('href')).toBe('/releaseImages?id=8');
    expect(api.calls.find((c) => c.path === '/api/content/list')?.param).toMatchObject({ type: 'album' });
    fireEvent.click(screen.getByRole('tab', { name: '未通过' }));
    expect(onChange).toHaveBeenCalledWith({ status: 'rejected', page: 1 });
  });

  it('an author without albums gets the next step', async () => {
    const api = mockApi({ '/api/content/list': () => ({ list: [], total: 0, page: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderAt(<AlbumList status="all" page={1} onChange={() => {}} />);
    expect((await screen.findByTestId('album-empty-publish')).getAttribute('href')).toBe('/releaseImages');
  });
});
