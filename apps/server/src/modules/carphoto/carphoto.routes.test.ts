import type { CarPhotoItem, CarPhotoUse, ImageUploadResult, ListData, OpsCarPhoto } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaImages } from '../../db/schema/index.js';
import { createImage, type TestAuthor } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';

// The car photo library (issue #15 "Car photo library"; spec §7; docs/api.md "The car photo library"): operators
// record, edit and retire official pictures per catalogue series; authors search them by brand, series, keyword and
// tag, and take their own copies with the credit line.
const t = useTestApp();

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
type Fields = { fields: { path: string; message: string; code: string }[] };

const BMW_3 = 58003; // 宝马 3系 / BMW 3 Series
const BMW_X5 = 58013; // 宝马 X5
const TESLA_3 = 71001; // 特斯拉 Model 3
const BYD_HAN = 1001; // 比亚迪 汉 / BYD Han

let seq = 0;
/** A distinct picture (a new colour each time, so no two uploads are the same image) uploaded by `a`. */
async function upload(a: TestAuthor, w = 400, h = 300): Promise<ImageUploadResult> {
  seq += 1;
  const bytes = await sharp({
    create: { width: w, height: h, channels: 3, background: { r: seq % 256, g: (seq * 7) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  return createImage(t, a, bytes, { filename: 'car.jpg' });
}

const entry = (url: string, over: Record<string, unknown> = {}) => ({
  url,
  seriesId: BMW_3,
  tag: 'exterior',
  caption: { 'zh-CN': '宝马3系 前脸', 'en-US': 'BMW 3 Series, front' },
  credit: { 'zh-CN': '宝马官方', 'en-US': 'BMW official' },
  source: 'https://www.press.bmwgroup.com',
  ...over,
});

/** An operator records a picture (uploaded now unless `url` is given); the saved entry. */
async function record(op: TestAuthor, over: Record<string, unknown> = {}): Promise<OpsCarPhoto> {
  const url = (over.url as string | undefined) ?? (await upload(op)).url;
  const env = await t.post<OpsCarPhoto>('/api/ops/carphoto/save', entry(url, over), op, {
    json: true,
    headers: EN,
  });
  expect(env.status, env.message).toBe(1);
  return env.data;
}

const search = (a: TestAuthor, param: Record<string, unknown>, headers = EN) =>
  t.get<ListData<CarPhotoItem>>('/api/carphoto/search', { pageSize: 100, ...param }, a, { headers });

const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('operators record pictures (POST /api/ops/carphoto/save)', () => {
  it('records a picture: pixels from the upload, names from the catalogue, both languages kept', async () => {
    const op = await t.signIn({ role: 'operator' });
    const img = await upload(op, 640, 480);
    const env = await t.post<OpsCarPhoto>('/api/ops/carphoto/save', entry(img.url), op, {
      json: true,
      headers: ZH,
    });
    expect(env.status, env.message).toBe(1);
    expect(env.data).toMatchObject({
      key: img.key,
      width: 640,
      height: 480,
      seriesId: BMW_3,
      brandName: '宝马',
      seriesName: '3系',
      tag: 'exterior',
      credit: { 'zh-CN': '宝马官方', 'en-US': 'BMW official' },
      retired: false,
      uses: 0,
      users: 0,
    });
  });

  it('is for operators only: an author gets 10005 and nothing is written', async () => {
    const a = await t.signIn();
    const img = await upload(a);
    for (const [url, param] of [
      ['/api/ops/carphoto/save', entry(img.url)],
      ['/api/ops/carphoto/retire', { id: 1, retired: true }],
    ] as const) {
      const env = await t.post(url, param, a, { json: true, headers: EN });
      expect(env.status).toBe(10005);
      expect(env.message).toBe('operators only');
    }
    const list = await t.get('/api/ops/carphoto/list', {}, a, { headers: ZH });
    expect(list.status).toBe(10005);
    expect(list.message).toBe('仅运营人员可以操作');
    const op = await t.signIn({ role: 'operator' });
    const all = await t.get<ListData<OpsCarPhoto>>('/api/ops/carphoto/list', { pageSize: 100 }, op);
    expect(all.data.list.some((p) => p.key === img.key)).toBe(false);
  });

  it('refuses a foreign URL, an unknown series, a bad tag and a duplicate, in both languages', async () => {
    const op = await t.signIn({ role: 'operator' });
    const img = await upload(op);
    const cases: [Record<string, unknown>, string, string, string, string][] = [
      [
        { url: 'https://www.bmw.com.cn/a.jpg' },
        'url',
        'CARPHOTO_URL_NOT_OURS',
        '只能使用本站上传的图片（/media/ 地址），请先上传',
        'only pictures uploaded here (a /media/ address) can be used; upload it first',
      ],
      [
        { seriesId: 999999 },
        'seriesId',
        'CARPHOTO_SERIES_UNKNOWN',
        '车系 999999 不在车型库中',
        'series 999999 is not in the car catalogue',
      ],
      [
        { tag: 'wheels' },
        'tag',
        'CARPHOTO_TAG_UNKNOWN',
        '类别只能是外观、内饰或细节',
        'the kind must be exterior, interior or detail',
      ],
    ];
    for (const [over, path, code, zh, en] of cases) {
      for (const [headers, text] of [
        [ZH, zh],
        [EN, en],
      ] as const) {
        const env = await t.post<Fields>('/api/ops/carphoto/save', entry(img.url, over), op, {
          json: true,
          headers,
        });
        expect(env.status, code).toBe(10007);
        expect(env.data.fields[0]).toMatchObject({ path, code, message: text });
      }
    }
    // another person's upload is not the operator's
    const a = await t.signIn();
    const theirs = await upload(a);
    const env = await t.post<Fields>('/api/ops/carphoto/save', entry(theirs.url), op, {
      json: true,
      headers: EN,
    });
    expect(env.data.fields[0]).toMatchObject({ path: 'url', code: 'CARPHOTO_URL_NOT_UPLOADED' });
    // the same image twice (any rendition size of the same key)
    const first = await record(op, { url: img.url });
    const again = img.url.replace('/0x0/', '/200x0/');
    for (const [headers, text] of [
      [ZH, `这张图片已在图库中（id ${first.id}）`],
      [EN, `this picture is already in the library (id ${first.id})`],
    ] as const) {
      const dup = await t.post<Fields>('/api/ops/carphoto/save', entry(again), op, { json: true, headers });
      expect(dup.status).toBe(10007);
      expect(dup.data.fields[0]).toMatchObject({ path: 'url', code: 'CARPHOTO_DUPLICATE', message: text });
    }
    // missing texts
    const empty = await t.post<Fields>(
      '/api/ops/carphoto/save',
      entry((await upload(op)).url, { credit: { 'zh-CN': ' ', 'en-US': 'x' } }),
      op,
      { json: true, headers: EN },
    );
    expect(empty.status).toBe(10007);
    expect(empty.data.fields[0]).toMatchObject({ path: 'credit.zh-CN', code: 'FIELD_REQUIRED' });
  });

  it('edits an entry (texts, series, tag) and refuses an unknown id with 10006', async () => {
    const op = await t.signIn({ role: 'operator' });
    const saved = await record(op);
    const env = await t.post<OpsCarPhoto>(
      '/api/ops/carphoto/save',
      entry(saved.url, { id: saved.id, seriesId: BMW_X5, tag: 'interior', source: 'press kit 2026' }),
      op,
      { json: true },
    );
    expect(env.status, env.message).toBe(1);
    expect(env.data).toMatchObject({ id: saved.id, seriesId: BMW_X5, seriesName: 'X5', tag: 'interior' });
    // another operator may edit it too (the image is unchanged, so it need not be theirs)
    const op2 = await t.signIn({ role: 'operator' });
    const byOther = await t.post<OpsCarPhoto>(
      '/api/ops/carphoto/save',
      entry(saved.url, { id: saved.id }),
      op2,
      {
        json: true,
      },
    );
    expect(byOther.status, byOther.message).toBe(1);
    const missing = await t.post('/api/ops/carphoto/save', entry(saved.url, { id: 99999999 }), op, {
      json: true,
      headers: EN,
    });
    expect(missing.status).toBe(10006);
    expect(missing.message).toBe('no such picture in the library (id 99999999), or it has been retired');
  });
});

describe('authors search the library (GET /api/carphoto/search)', () => {
  it('finds pictures by brand, series and keyword in Chinese or English, filters by tag, in the page language', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const bmw3 = await record(op, { seriesId: BMW_3, tag: 'exterior' });
    const bmwX5 = await record(op, { seriesId: BMW_X5, tag: 'interior' });
    const tesla = await record(op, {
      seriesId: TESLA_3,
      tag: 'detail',
      credit: { 'zh-CN': '特斯拉官方', 'en-US': 'Tesla official' },
    });
    const cases: [Record<string, unknown>, number[], number[]][] = [
      [{ keyword: '宝马' }, [bmw3.id, bmwX5.id], [tesla.id]],
      [{ keyword: 'BMW' }, [bmw3.id, bmwX5.id], [tesla.id]],
      [{ keyword: 'bmw 3' }, [bmw3.id], [bmwX5.id, tesla.id]],
      [{ keyword: '宝马3系' }, [bmw3.id], [bmwX5.id]],
      [{ keyword: '3 series' }, [bmw3.id], [tesla.id]],
      [{ keyword: 'model 3' }, [tesla.id], [bmw3.id]],
      [{ keyword: '特斯拉' }, [tesla.id], [bmw3.id]],
      [{ seriesId: BMW_X5 }, [bmwX5.id], [bmw3.id]],
      [{ keyword: 'bmw', tag: 'interior' }, [bmwX5.id], [bmw3.id]],
      [{ keyword: 'bmw', seriesId: TESLA_3 }, [], [tesla.id, bmw3.id]],
      [{ keyword: '比亚迪' }, [], [bmw3.id, bmwX5.id, tesla.id]],
    ];
    for (const [param, have, notHave] of cases) {
      const env = await search(a, param);
      expect(env.status, JSON.stringify(param)).toBe(1);
      for (const id of have) expect(ids(env.data.list), JSON.stringify(param)).toContain(id);
      for (const id of notHave) expect(ids(env.data.list), JSON.stringify(param)).not.toContain(id);
    }
    const zh = (await search(a, { seriesId: TESLA_3 }, ZH)).data.list.find((p) => p.id === tesla.id);
    expect(zh).toMatchObject({
      brandName: '特斯拉',
      seriesName: 'Model 3',
      attribution: '图片来源：特斯拉官方',
    });
    const en = (await search(a, { seriesId: BMW_3 }, EN)).data.list.find((p) => p.id === bmw3.id);
    expect(en).toMatchObject({
      brandName: 'BMW',
      seriesName: '3 Series',
      caption: 'BMW 3 Series, front',
      attribution: 'Photo: BMW official',
    });
  });

  it('refuses a bad tag in both languages', async () => {
    const a = await t.signIn();
    const zh = await t.get<Fields>('/api/carphoto/search', { tag: 'roof' }, a, { headers: ZH });
    expect(zh.status).toBe(10007);
    expect(zh.data.fields[0]).toMatchObject({ path: 'tag', message: '类别只能是外观、内饰或细节' });
    const en = await t.get<Fields>('/api/carphoto/search', { tag: 'roof' }, a, { headers: EN });
    expect(en.data.fields[0]).toMatchObject({
      path: 'tag',
      message: 'the kind must be exterior, interior or detail',
    });
  });

  it('pages newest first', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await record(op, { seriesId: BYD_HAN, tag: 'detail' })).id);
    const p1 = await search(a, { seriesId: BYD_HAN, tag: 'detail', page: 1, pageSize: 2 });
    const p3 = await search(a, { seriesId: BYD_HAN, tag: 'detail', page: 3, pageSize: 2 });
    expect(p1.data.total).toBeGreaterThanOrEqual(5);
    expect(ids(p1.data.list)).toEqual([made[4], made[3]]);
    expect(p1.data).toMatchObject({ page: 1, pageSize: 2 });
    expect(p3.data.list.length).toBeGreaterThanOrEqual(1);
    expect(ids(p3.data.list)).not.toContain(made[4]);
  });

  it('hides retired pictures from authors (search and use) and shows them to operators; bringing back restores', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const photo = await record(op, { seriesId: BMW_X5 });
    const taken = await t.post<CarPhotoUse>('/api/carphoto/use', { ids: [photo.id] }, a, { json: true });
    expect(taken.status, taken.message).toBe(1);
    const retired = await t.post<OpsCarPhoto>(
      '/api/ops/carphoto/retire',
      { id: photo.id, retired: true },
      op,
      {
        json: true,
      },
    );
    expect(retired.data).toMatchObject({ retired: true, uses: 1, users: 1 });
    expect(ids((await search(a, { seriesId: BMW_X5 })).data.list)).not.toContain(photo.id);
    for (const [headers, text] of [
      [ZH, `图库中没有这张图片（id ${photo.id}），或已下线`],
      [EN, `no such picture in the library (id ${photo.id}), or it has been retired`],
    ] as const) {
      const refused = await t.post('/api/carphoto/use', { ids: [photo.id] }, a, { json: true, headers });
      expect(refused.status).toBe(10006);
      expect(refused.message).toBe(text);
    }
    // the author's copy stays theirs
    const copy = taken.data.list[0]!.url.replace('/media/img/0x0/', '');
    expect(await t.db.select().from(mediaImages).where(eq(mediaImages.key, copy))).toHaveLength(1);
    const opsList = await t.get<ListData<OpsCarPhoto>>(
      '/api/ops/carphoto/list',
      { retired: true, pageSize: 100 },
      op,
    );
    expect(ids(opsList.data.list)).toContain(photo.id);
    await t.post('/api/ops/carphoto/retire', { id: photo.id, retired: false }, op, { json: true });
    expect(ids((await search(a, { seriesId: BMW_X5 })).data.list)).toContain(photo.id);
  });
});

describe('authors take pictures (POST /api/carphoto/use)', () => {
  it('gives the author their own copy with the credit, reuses it on the next take, counts every take', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const b = await t.signIn();
    const one = await record(op, { seriesId: BMW_3 });
    const two = await record(op, {
      seriesId: TESLA_3,
      credit: { 'zh-CN': '特斯拉官方', 'en-US': 'Tesla official' },
    });
    const env = await t.post<CarPhotoUse>('/api/carphoto/use', { ids: [two.id, one.id] }, a, {
      json: true,
      headers: ZH,
    });
    expect(env.status, env.message).toBe(1);
    expect(ids(env.data.list)).toEqual([two.id, one.id]);
    expect(env.data.list[0]).toMatchObject({ attribution: '图片来源：特斯拉官方', width: 400, height: 300 });
    const url = env.data.list[1]!.url;
    expect(url).toMatch(new RegExp(`^/media/img/0x0/images/u${a.userId}/`));
    expect(url).not.toBe(one.url);
    // the copy is the author's upload: the works' rule "images must be the author's" accepts it
    const mine = await t.get<ListData<{ url: string }>>('/api/media/my_images', {}, a);
    expect(mine.data.list.map((i) => i.url)).toContain(url);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    // again: the same copy
    const again = await t.post<CarPhotoUse>('/api/carphoto/use', { ids: [one.id] }, a, { json: true });
    expect(again.data.list[0]!.url).toBe(url);
    await t.post('/api/carphoto/use', { ids: [one.id] }, b, { json: true });
    const opsList = await t.get<ListData<OpsCarPhoto>>(
      '/api/ops/carphoto/list',
      { seriesId: BMW_3, pageSize: 100 },
      op,
    );
    expect(opsList.data.list.find((p) => p.id === one.id)).toMatchObject({ uses: 3, users: 2 });
  });

  it('takes nothing when one id is unknown, and bounds the list', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const one = await record(op);
    const env = await t.post('/api/carphoto/use', { ids: [one.id, 99999999] }, a, {
      json: true,
      headers: EN,
    });
    expect(env.status).toBe(10006);
    const opsList = await t.get<ListData<OpsCarPhoto>>(
      '/api/ops/carphoto/list',
      { seriesId: BMW_3, pageSize: 100 },
      op,
    );
    expect(opsList.data.list.find((p) => p.id === one.id)).toMatchObject({ uses: 0 });
    const none = await t.post('/api/carphoto/use', { ids: [] }, a, { json: true });
    expect(none.status).toBe(10007);
    const many = await t.post('/api/carphoto/use', { ids: Array.from({ length: 21 }, (_, i) => i + 1) }, a, {
      json: true,
    });
    expect(many.status).toBe(10007);
  });
});
