import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  carPhotoSearchParamSchema,
  carPhotoUseParamSchema,
  opsCarPhotoListParamSchema,
  retireCarPhotoParamSchema,
  type CarPhotoItem,
  type ListData,
  type OpsCarPhoto,
} from '@cc/contracts';
import type { z } from 'zod';
import { routes } from './router';
import { type MockHandlers, mockApi, renderAt, renderRoutes } from '../test/render';
import { shellHandlers } from '../test/fixtures';
import { resetPublicConfig } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import zhCN from '../lib/i18n/locales/zh-CN';
import { CarPhotoPicker, type PickedCarPhoto } from '../features/carphoto';

// Issue #15 "Car photo library": the operators' tab on /ops/review?tab=photos (empty state, list, retire) and the
// picker every editor uses (search by brand/series, filter by kind, pick several or one, insert = the author's own
// copies with their credit), with the API stubbed by the contract's types and every call's param checked.
vi.setConfig({ testTimeout: 30_000 });

const C = zhCN.carphoto;
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

const PARAM_SCHEMAS: Record<string, z.ZodType> = {
  '/api/carphoto/search': carPhotoSearchParamSchema,
  '/api/carphoto/use': carPhotoUseParamSchema,
  '/api/ops/carphoto/list': opsCarPhotoListParamSchema,
  '/api/ops/carphoto/retire': retireCarPhotoParamSchema,
};

function photo(over: Partial<CarPhotoItem> = {}): CarPhotoItem {
  return {
    id: 1,
    url: '/media/img/0x0/images/u9/202611/a.jpg',
    width: 1600,
    height: 1200,
    seriesId: 58003,
    brandName: '宝马',
    seriesName: '3系',
    tag: 'exterior',
    caption: '宝马3系 前脸',
    attribution: '图片来源：宝马官方',
    ...over,
  };
}

const LIBRARY = [
  photo(),
  photo({ id: 2, tag: 'interior', caption: '宝马3系 座舱', url: '/media/img/0x0/images/u9/202611/b.jpg' }),
  photo({
    id: 3,
    seriesId: 71001,
    brandName: '特斯拉',
    seriesName: 'Model 3',
    tag: 'detail',
    caption: '轮毂',
    attribution: '图片来源：特斯拉官方',
    url: '/media/img/0x0/images/u9/202611/c.jpg',
  }),
];

function opsPhoto(over: Partial<OpsCarPhoto> = {}): OpsCarPhoto {
  return {
    id: 1,
    url: '/media/img/0x0/images/u9/202611/a.jpg',
    key: 'images/u9/202611/a.jpg',
    width: 1600,
    height: 1200,
    seriesId: 58003,
    brandName: '宝马',
    seriesName: '3系',
    tag: 'exterior',
    caption: { 'zh-CN': '宝马3系 前脸', 'en-US': 'BMW 3 Series, front' },
    credit: { 'zh-CN': '宝马官方', 'en-US': 'BMW official' },
    source: 'https://www.press.bmwgroup.com',
    retired: false,
    uses: 4,
    users: 3,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...over,
  };
}

const page = <T,>(list: T[], p: Record<string, unknown>): ListData<T> => ({
  list,
  total: list.length,
  page: Number(p.page ?? 1),
  pageSize: Number(p.pageSize ?? 20),
});

/** The library's search as the server answers it: keyword on brand/series names, tag. */
function searchHandler(p: Record<string, unknown>) {
  const k = typeof p.keyword === 'string' ? p.keyword.toLowerCase() : '';
  return page(
    LIBRARY.filter(
      (x) => (!k || `${x.brandName}${x.seriesName}`.toLowerCase().includes(k)) && (!p.tag || x.tag === p.tag),
    ),
    p,
  );
}

function start(extra: MockHandlers = {}, role: 'author' | 'operator' = 'author') {
  resetPublicConfig();
  const api = mockApi({
    ...shellHandlers(),
    '/api/user_center/get_my_info_by_id': () => ({
      authStatus: 2,
      avator: '/media/img/{0}x{0}/a.png',
      mediaName: 'Demo Garage',
      id: 1,
      userIdentityList: [],
      role,
    }),
    '/api/carphoto/search': searchHandler,
    '/api/carphoto/use': (p) => ({
      list: (p.ids as number[]).map((id) => ({
        ...LIBRARY.find((x) => x.id === id)!,
        url: `/media/img/0x0/images/u1/202611/copy-${id}.jpg`,
      })),
    }),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return api;
}

function expectValidParams(api: ReturnType<typeof mockApi>) {
  for (const c of api.calls) {
    const schema = PARAM_SCHEMAS[c.path];
    if (schema) expect(schema.safeParse(c.param).success, `${c.path} ${JSON.stringify(c.param)}`).toBe(true);
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('/ops/review?tab=photos (operators)', () => {
  it('starts empty, saying what belongs in the library', async () => {
    const api = start({ '/api/ops/carphoto/list': (p) => page([], p) }, 'operator');
    renderRoutes(routes, '/ops/review?tab=photos');
    expect(await screen.findByText(C.ops.empty)).toBeTruthy();
    expect(screen.getByText(C.ops.emptyHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(C.ops.new) })).toBeTruthy();
    expectValidParams(api);
  });

  it('lists pictures with both languages, credit, source and usage; retire sends the id', async () => {
    const api = start(
      {
        '/api/ops/carphoto/list': (p) =>
          page([opsPhoto(), opsPhoto({ id: 2, retired: true, uses: 0, users: 0 })], p),
        '/api/ops/carphoto/retire': (p) => opsPhoto({ retired: Boolean(p.retired) }),
      },
      'operator',
    );
    renderRoutes(routes, '/ops/review?tab=photos');
    const table = await screen.findByTestId('ops-carphoto-table');
    expect(within(table).getAllByText('BMW 3 Series, front').length).toBe(2);
    expect(within(table).getByText('使用 4 次 · 3 位作者')).toBeTruthy();
    expect(within(table).getAllByText('https://www.press.bmwgroup.com').length).toBe(2);
    expect(within(table).getByTestId('carphoto-toggle-2').textContent).toMatch(spaced(C.ops.restore));
    fireEvent.click(within(table).getByTestId('carphoto-toggle-1'));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/ops/carphoto/retire')?.param).toEqual({
        id: 1,
        retired: true,
      }),
    );
    // the state filter asks for retired ones only
    fireEvent.click(within(screen.getByTestId('carphoto-status')).getByText(C.ops.statusRetired));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/ops/carphoto/list' && c.param.retired === true)).toBe(
        true,
      ),
    );
    expectValidParams(api);
  });
});

describe('CarPhotoPicker', () => {
  it('searches by brand or series, filters by kind, picks several and inserts the author’s copies with the credit', async () => {
    const api = start();
    const onPick = vi.fn<(p: PickedCarPhoto[]) => void>();
    const onClose = vi.fn();
    renderAt(<CarPhotoPicker open multiple onPick={onPick} onClose={onClose} />);
    const results = await screen.findByTestId('carphoto-results');
    expect(within(results).getAllByRole('button').length).toBe(3);
    expect(within(results).getByText('图片来源：特斯拉官方')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(C.picker.searchLabel), { target: { value: '宝马' } });
    await waitFor(() =>
      expect(within(screen.getByTestId('carphoto-results')).getAllByRole('button').length).toBe(2),
    );
    expect(api.calls.some((c) => c.path === '/api/carphoto/search' && c.param.keyword === '宝马')).toBe(true);
    fireEvent.click(screen.getByText(C.tags.interior));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/carphoto/search' && c.param.tag === 'interior')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('carphoto-results')).getAllByRole('button').length).toBe(1),
    );
    fireEvent.click(screen.getByTestId('carphoto-card-2'));
    fireEvent.click(screen.getByText(C.allTags));
    await waitFor(() => expect(screen.getByTestId('carphoto-card-1')).toBeTruthy());
    fireEvent.click(screen.getByTestId('carphoto-card-1'));
    expect(screen.getByTestId('carphoto-card-1').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('carphoto-picked-count').textContent).toContain('已选 2 张');
    fireEvent.click(screen.getByTestId('carphoto-insert'));
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.path === '/api/carphoto/use')?.param).toEqual({ ids: [2, 1] });
    const picked = onPick.mock.calls[0]![0];
    expect(picked.map((p) => p.id)).toEqual([2, 1]);
    expect(picked[0]).toMatchObject({
      url: '/media/img/0x0/images/u1/202611/copy-2.jpg',
      attribution: '图片来源：宝马官方',
      brandName: '宝马',
      seriesName: '3系',
      tag: 'interior',
      width: 1600,
      height: 1200,
    });
    expect(onClose).toHaveBeenCalled();
    expectValidParams(api);
  });

  it('takes one picture for the poster editor: a second pick replaces the first', async () => {
    const api = start();
    const onPick = vi.fn<(p: PickedCarPhoto[]) => void>();
    renderAt(<CarPhotoPicker open onPick={onPick} onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('carphoto-card-1'));
    fireEvent.click(screen.getByTestId('carphoto-card-3'));
    expect(screen.getByTestId('carphoto-card-1').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('carphoto-insert'));
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.path === '/api/carphoto/use')?.param).toEqual({ ids: [3] });
    expect(onPick.mock.calls[0]![0]).toHaveLength(1);
    expect(onPick.mock.calls[0]![0][0]!.attribution).toBe('图片来源：特斯拉官方');
  });

  it('shows the empty state when nothing matches, in English too', async () => {
    await setLanguage('en-US');
    start({ '/api/carphoto/search': (p) => page([], p) });
    renderAt(<CarPhotoPicker open multiple onPick={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText('No official pictures match')).toBeTruthy();
    expect(screen.getByTestId('carphoto-insert')).toHaveProperty('disabled', true);
  });
});
