import { CAR_KEYWORD_MAX, CAR_SEARCH_LIMIT, type CarSeriesItem } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support.js';
import { CAR_CATALOGUE } from './car-catalogue.data.js';
import { searchCarSeries, unknownCarSeriesIds } from './car.service.js';

// Issue #10 "Car catalogue", API.md §13 `GET /api/car/series_search { keyword }` → [{ id, brand, series }].
const t = useTestApp();
const pair = (item: CarSeriesItem | undefined) => (item ? `${item.brand}/${item.series}` : null);

describe('GET /api/car/series_search', () => {
  it('finds a series by its Chinese name, best match first, for a signed-in author', async () => {
    const author = await t.signIn();
    const res = await t.get<CarSeriesItem[]>('/api/car/series_search', { keyword: '凯美瑞' }, author);
    expect(res.status).toBe(1);
    expect(pair(res.data[0])).toBe('丰田/凯美瑞');
    expect(Object.keys(res.data[0]!).sort()).toEqual(['brand', 'id', 'series']);
  });

  it('refuses a signed-out caller (10002) and a missing, blank or over-long keyword (10007 naming keyword)', async () => {
    expect((await t.get('/api/car/series_search', { keyword: '汉' })).status).toBe(10002);
    const author = await t.signIn();
    for (const keyword of [undefined, '   ', 'x'.repeat(CAR_KEYWORD_MAX + 1)]) {
      const res = await t.get<{ fields: { path: string }[] }>('/api/car/series_search', { keyword }, author);
      expect(res.status, String(keyword)).toBe(10007);
      expect(res.data.fields.map((e) => e.path)).toEqual(['keyword']);
    }
    const zh = await t.get('/api/car/series_search', { keyword: '' }, author);
    const en = await t.get('/api/car/series_search', { keyword: '' }, author, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(zh.message).not.toBe(en.message);
  });
});

describe('searchCarSeries', () => {
  it.each([
    ['汉', '比亚迪/汉'],
    ['Han', '比亚迪/汉'],
    ['比亚迪 汉', '比亚迪/汉'],
    ['BYD han', '比亚迪/汉'],
    ['ｂｙｄ　ＨＡＮ', '比亚迪/汉'],
    ['宝马3系', '宝马/3系'],
    ['寶馬 3系', '宝马/3系'],
    ['bmw 3 series', '宝马/3系'],
    ['model 3', '特斯拉/Model 3'],
    ['SU7', '小米/SU7'],
  ])('%s → %s first', (keyword, expected) => {
    expect(pair(searchCarSeries(keyword)[0])).toBe(expected);
  });

  it('a brand alone lists its series in catalogue order', () => {
    const tesla = CAR_CATALOGUE.find((b) => b.name === '特斯拉')!;
    const found = searchCarSeries('特斯拉');
    expect(found.map((f) => f.id)).toEqual(tesla.series.slice(0, CAR_SEARCH_LIMIT).map((s) => s.id));
    expect(searchCarSeries('tesla').map((f) => f.id)).toEqual(found.map((f) => f.id));
  });

  it('answers at most the limit, nothing for a keyword of punctuation or unknown words', () => {
    expect(searchCarSeries('a').length).toBe(CAR_SEARCH_LIMIT);
    expect(searchCarSeries('!!!')).toEqual([]);
    expect(searchCarSeries('不存在的车型名称')).toEqual([]);
  });

  it('every series of the catalogue is found by its own full name', () => {
    for (const brand of CAR_CATALOGUE)
      for (const series of brand.series)
        expect(
          searchCarSeries(`${brand.name} ${series.name}`).some((f) => f.id === series.id),
          `${brand.name} ${series.name}`,
        ).toBe(true);
  });
});

describe('unknownCarSeriesIds', () => {
  it('names the ids that are not catalogue series, in order', () => {
    const known = CAR_CATALOGUE[0]!.series[0]!.id;
    expect(unknownCarSeriesIds([known])).toEqual([]);
    expect(unknownCarSeriesIds([999_999, known, 1])).toEqual([999_999, 1]);
  });
});
