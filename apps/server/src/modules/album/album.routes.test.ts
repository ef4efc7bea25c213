import {
  ALBUM_IMAGE_MIN_SIDE,
  type AlbumDetail,
  type CarSeriesItem,
  type ContentListItem,
  type ImageUploadResult,
  type ListData,
  MsgGroup,
  publishAlbumParamSchema,
  type TopicItem,
} from '@cc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { albums, contents, messages } from '../../db/schema/index.js';
import { sweepDueSchedules } from '../../jobs/schedule-sweep.js';
import { createImage, type TestAuthor } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { publishAlbum, publishScheduledAlbum } from './album.service.js';

// Image collections (issue #10 "Image collections", API.md §13, docs/api.md "Image collections").
const t = useTestApp();

const TITLE = '冬季自驾川西的一组风景';
const EN = { 'accept-language': 'en-US' };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2468f2' } })
    .png()
    .toBuffer();

/** `n` images uploaded by `a` through `POST /fileservice/image` (API.md §8), `w` × `h` pixels each. */
async function upload(a: TestAuthor, n: number, w = 320, h = 240): Promise<ImageUploadResult[]> {
  const bytes = await png(w, h);
  const out: ImageUploadResult[] = [];
  for (let i = 0; i < n; i++) out.push(await createImage(t, a, bytes));
  return out;
}

type Result = { id: number; status: string };
type Fields = { fields: { path: string; message: string; code: string }[] };

const publish = (a: TestAuthor, param: Record<string, unknown>, headers: Record<string, string> = EN) =>
  t.post<Result>('/api/album/publish', { title: TITLE, publishType: 1, ...param }, a, {
    json: true,
    headers,
  });

/** The album's images param: each image of `list` with caption `说明 <i>` (1-based). */
const withCaptions = (list: { url: string }[]) =>
  list.map((img, i) => ({ url: img.url, caption: `说明 ${i + 1}` }));

/** The field errors of a 10007 as `path:code`. */
async function fieldsOf(res: Promise<Awaited<ReturnType<typeof publish>>>): Promise<string[]> {
  const env = await res;
  expect(env.status).toBe(10007);
  return (env.data as unknown as Fields).fields.map((f) => `${f.path}:${f.code}`);
}

const detail = (a: TestAuthor, id: number, headers?: Record<string, string>) =>
  t.get<AlbumDetail>('/api/album/detail', { id }, a, { headers });

const rowOf = async (id: number) => (await t.db.select().from(contents).where(eq(contents.id, id)))[0];
const albumOf = async (id: number) => (await t.db.select().from(albums).where(eq(albums.contentId, id)))[0];

async function messagesOf(userId: number) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.msgGroup, MsgGroup.SYSTEM)))
    .orderBy(sql`${messages.id}`);
}
const lastMessage = async (userId: number) => (await messagesOf(userId)).at(-1);

describe('POST /api/album/publish', () => {
  it('saves a draft: images and captions in order, the first image the cover, no message', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 3);
    const env = await publish(a, { images: withCaptions(imgs), publishType: 0 });
    expect(env).toMatchObject({ status: 1, data: { status: 'draft' } });
    const id = env.data.id;
    const d = (await detail(a, id)).data;
    expect(d).toMatchObject({
      id,
      title: TITLE,
      status: 'draft',
      rejectReason: null,
      images: [
        { url: imgs[0]!.url, caption: '说明 1' },
        { url: imgs[1]!.url, caption: '说明 2' },
        { url: imgs[2]!.url, caption: '说明 3' },
      ],
      coverUrl: imgs[0]!.url,
      carSeriesIds: [],
      carSeries: [],
      topicId: null,
      scheduledAt: null,
      publishedAt: null,
    });
    // the captions are the work's reader-visible text (search, the operators' queue)
    expect((await rowOf(id))?.content).toBe('说明 1\n说明 2\n说明 3');
    expect((await messagesOf(a.userId)).filter((m) => m.kind.startsWith('work_'))).toEqual([]);
  });

  it('publishes: the review passes, a work_published message links to the list; content/list shows it as an album', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 2);
    const env = await publish(a, { images: withCaptions(imgs), coverUrl: imgs[1]!.url });
    expect(env).toMatchObject({ status: 1, data: { status: 'published' } });
    const id = env.data.id;
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_published', title: '图集审核通过', link: '/imageCollection' });
    expect(msg?.params).toMatchObject({ type: 'album', id, title: TITLE });
    const list = await t.get<ListData<ContentListItem>>('/api/content/list', { type: 'album' }, a);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id,
        type: 'album',
        status: 'published',
        title: TITLE,
        coverUrl: imgs[1]!.url,
      }),
    ]);
    expect(list.data.list[0]?.publishedAt).not.toBeNull();
  });

  it('edits its own album: new order, captions, cover and car series replace the old ones', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 3);
    const id = (await publish(a, { images: withCaptions(imgs), publishType: 0 })).data.id;
    const series = (await t.get<CarSeriesItem[]>('/api/car/series_search', { keyword: '比亚迪汉' }, a))
      .data[0]!;
    const env = await publish(a, {
      id,
      title: '冬季自驾川西的一组风景（修订）',
      images: [
        { url: imgs[2]!.url, caption: '换到第一张' },
        { url: imgs[0]!.url, caption: '' },
      ],
      coverUrl: imgs[0]!.url,
      carSeriesIds: [series.id],
    });
    expect(env).toMatchObject({ status: 1, data: { id, status: 'published' } });
    const d = (await detail(a, id)).data;
    expect(d.images).toEqual([
      { url: imgs[2]!.url, caption: '换到第一张' },
      { url: imgs[0]!.url, caption: '' },
    ]);
    expect(d).toMatchObject({
      title: '冬季自驾川西的一组风景（修订）',
      coverUrl: imgs[0]!.url,
      carSeriesIds: [series.id],
      carSeries: [series],
    });
    expect((await albumOf(id))?.images).toHaveLength(2);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toHaveLength(1);
  });

  it('another author’s album is 10006 on publish and detail, and stays as it was', async () => {
    const owner = await t.signIn();
    const intruder = await t.signIn();
    const id = (await publish(owner, { images: withCaptions(await upload(owner, 1)), publishType: 0 })).data
      .id;
    const own = await upload(intruder, 1);
    const env = await publish(intruder, { id, images: withCaptions(own) });
    expect(env).toMatchObject({ status: 10006, message: 'no such image collection' });
    expect((await detail(intruder, id)).status).toBe(10006);
    expect((await rowOf(id))?.status).toBe('draft');
    expect((await albumOf(id))?.images[0]?.url).not.toBe(own[0]!.url);
    // an id of another type is no album either
    const [article] = await t.db
      .insert(contents)
      .values({ userId: owner.userId, type: 'article', title: '一篇文章的标题', status: 'draft' })
      .returning();
    expect((await detail(owner, article!.id)).status).toBe(10006);
  });

  it('a deleted album cannot be edited (10008) and has no detail (10006)', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 1);
    const id = (await publish(a, { images: withCaptions(imgs) })).data.id;
    expect((await t.post('/api/content/delete', { id }, a)).status).toBe(1);
    const env = await publish(a, { id, images: withCaptions(imgs) });
    expect(env).toMatchObject({ status: 10008, message: 'a deleted image collection cannot be edited' });
    expect((await detail(a, id)).status).toBe(10006);
  });

  it('1–50 images: none or 51 → 10007 on `images`', async () => {
    const a = await t.signIn();
    expect(await fieldsOf(publish(a, { images: [] }))).toEqual(['images:ALBUM_IMAGES_REQUIRED']);
    const [img] = await upload(a, 1);
    const many = Array.from({ length: 51 }, () => ({ url: img!.url }));
    const env = await publish(a, { images: many });
    expect((env.data as unknown as Fields).fields).toEqual([
      {
        path: 'images',
        code: 'ALBUM_IMAGES_TOO_MANY',
        message: 'at most 50 images',
        ruleRef: 'publish-works#images',
      },
    ]);
    // 50 is allowed
    expect((await publish(a, { images: many.slice(0, 50), publishType: 0 })).data.status).toBe('draft');
  });

  it('every image must be the author’s upload: another author’s or an unknown key → IMAGE_NOT_YOURS on its path', async () => {
    const a = await t.signIn();
    const other = await t.signIn();
    const [mine] = await upload(a, 1);
    const [theirs] = await upload(other, 1);
    const env = await publish(a, {
      images: [{ url: mine!.url }, { url: theirs!.url }, { url: '/media/img/0x0/images/u1/nothing.png' }],
    });
    expect((env.data as unknown as Fields).fields).toEqual([
      {
        path: 'images.1.url',
        code: 'IMAGE_NOT_YOURS',
        message: 'the image does not exist or was not uploaded by you',
        ruleRef: 'publish-works#images',
      },
      {
        path: 'images.2.url',
        code: 'IMAGE_NOT_YOURS',
        message: 'the image does not exist or was not uploaded by you',
        ruleRef: 'publish-works#images',
      },
    ]);
    // an image of another site is refused by the schema
    expect(await fieldsOf(publish(a, { images: [{ url: 'https://example.com/a.png' }] }))).toEqual([
      'images.0.url:IMAGE_URL_NOT_OURS',
    ]);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toEqual([]);
  });

  it('the cover must be one of the images; captions at most 200 characters', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 2);
    expect(
      await fieldsOf(publish(a, { images: withCaptions(imgs.slice(0, 1)), coverUrl: imgs[1]!.url })),
    ).toEqual(['coverUrl:ALBUM_COVER_NOT_IN_IMAGES']);
    expect(
      await fieldsOf(publish(a, { images: [{ url: imgs[0]!.url, caption: '字'.repeat(201) }] })),
    ).toEqual(['images.0.caption:CAPTION_LENGTH']);
    expect(
      (await publish(a, { images: [{ url: imgs[0]!.url, caption: '字'.repeat(200) }], publishType: 0 }))
        .status,
    ).toBe(1);
  });

  it('the title rule to publish (6–30), a title to save a draft', async () => {
    const a = await t.signIn();
    const imgs = withCaptions(await upload(a, 1));
    expect(await fieldsOf(publish(a, { images: imgs, title: '短标题' }))).toEqual(['title:TITLE_LENGTH']);
    expect(await fieldsOf(publish(a, { images: imgs, title: '  ', publishType: 0 }))).toEqual([
      'title:TITLE_REQUIRED',
    ]);
    expect((await publish(a, { images: imgs, title: '短标题', publishType: 0 })).data.status).toBe('draft');
  });

  it('car series must be in the catalogue (10007 on carSeriesIds.<i>); a topic must exist', async () => {
    const a = await t.signIn();
    const imgs = withCaptions(await upload(a, 1));
    const series = (await t.get<CarSeriesItem[]>('/api/car/series_search', { keyword: '特斯拉' }, a)).data;
    expect(await fieldsOf(publish(a, { images: imgs, carSeriesIds: [series[0]!.id, 999_999_999] }))).toEqual([
      'carSeriesIds.1:CAR_SERIES_UNKNOWN',
    ]);
    expect(await fieldsOf(publish(a, { images: imgs, topicId: 999_999 }))).toEqual([
      'topicId:TOPIC_NOT_FOUND',
    ]);
    const [topic] = (await t.get<TopicItem[]>('/api/topic/list', {}, a)).data;
    const id = (await publish(a, { images: imgs, topicId: topic!.id })).data.id;
    expect((await detail(a, id)).data.topicId).toBe(topic!.id);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toHaveLength(1);
  });

  it('schedules 5 minutes to 30 days ahead: the past, 3 minutes ahead and 31 days → 10007 on scheduledAt', async () => {
    const a = await t.signIn();
    const imgs = withCaptions(await upload(a, 1));
    const at = (scheduledAt: string) => publish(a, { images: imgs, publishType: 2, scheduledAt });
    expect(await fieldsOf(at(inMinutes(-60)))).toEqual(['scheduledAt:SCHEDULE_PAST']);
    expect(await fieldsOf(at(inMinutes(3)))).toEqual(['scheduledAt:SCHEDULE_TOO_SOON']);
    expect(await fieldsOf(at(inMinutes(31 * 24 * 60)))).toEqual(['scheduledAt:SCHEDULE_TOO_FAR']);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toEqual([]);
    const ok = await at(inMinutes(10));
    expect(ok.data.status).toBe('scheduled');
  });

  it('a scheduled album is published by the sweep at its time, with its message; not before', async () => {
    const a = await t.signIn();
    const scheduledAt = inMinutes(60);
    const id = (await publish(a, { images: withCaptions(await upload(a, 2)), publishType: 2, scheduledAt }))
      .data.id;
    expect((await detail(a, id)).data).toMatchObject({ status: 'scheduled', scheduledAt });
    expect((await messagesOf(a.userId)).filter((m) => m.kind.startsWith('work_'))).toEqual([]);
    // not due yet: nothing happens
    expect(await publishScheduledAlbum(t.db, id, undefined, new Date(Date.now() + 30 * 60_000))).toBeNull();
    const due = new Date(new Date(scheduledAt).getTime() + 1000);
    expect(await sweepDueSchedules(t.db, due)).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'published', scheduledAt: null });
    expect(row?.publishedAt?.toISOString()).toBe(scheduledAt);
    expect(await lastMessage(a.userId)).toMatchObject({ kind: 'work_published', link: '/imageCollection' });
    // a late job or a second sweep changes nothing
    expect(await publishScheduledAlbum(t.db, id, undefined, due)).toBeNull();
  });

  it('a scheduled album that breaks a rule at its time is rejected by the sweep, with a message naming it', async () => {
    const a = await t.signIn();
    const scheduledAt = inMinutes(60);
    const small = await upload(a, 1, 150, 120);
    const id = (
      await publish(a, {
        images: withCaptions([...(await upload(a, 1)), ...small]),
        publishType: 2,
        scheduledAt,
      })
    ).data.id;
    expect(
      await publishScheduledAlbum(t.db, id, undefined, new Date(new Date(scheduledAt).getTime() + 1)),
    ).toBe('rejected');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_rejected', link: `/releaseImages?id=${id}` });
    expect(msg?.params).toMatchObject({ id, rule: 'ALBUM_IMAGE_TOO_SMALL' });
    expect(msg?.body).toContain('第 2 张图片尺寸为 150×120，图集图片至少 200×200 像素');
  });

  it(`an image under ${ALBUM_IMAGE_MIN_SIDE}×${ALBUM_IMAGE_MIN_SIDE} pixels is rejected, the reason naming the image`, async () => {
    const a = await t.signIn();
    const big = await upload(a, 2, 800, 600);
    const [narrow] = await upload(a, 1, 199, 600);
    const env = await publish(a, { images: withCaptions([big[0]!, big[1]!, narrow!]) });
    expect(env.data.status).toBe('rejected');
    const id = env.data.id;
    expect((await detail(a, id, EN)).data.rejectReason).toBe(
      'image 3 is 199×600; images of a collection must be at least 200×200 pixels',
    );
    expect((await detail(a, id)).data.rejectReason).toBe(
      '第 3 张图片尺寸为 199×600，图集图片至少 200×200 像素',
    );
    expect((await lastMessage(a.userId))?.params).toMatchObject({ rule: 'ALBUM_IMAGE_TOO_SMALL' });
    // exactly 200 × 200 passes; fixing the album and publishing again publishes it
    const [edge] = await upload(a, 1, 200, 200);
    const again = await publish(a, { id, images: withCaptions([big[0]!, edge!]) });
    expect(again.data).toMatchObject({ id, status: 'published' });
    expect((await detail(a, id)).data.rejectReason).toBeNull();
  });

  it('a prohibited word in a caption rejects it; the message names the rule and the word', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 2);
    const env = await publish(a, {
      images: [
        { url: imgs[0]!.url, caption: '雪山下的公路' },
        { url: imgs[1]!.url, caption: '路边有人在 赌 博' },
      ],
    });
    expect(env.data.status).toBe('rejected');
    expect((await detail(a, env.data.id, EN)).data.rejectReason).toBe(
      'contains a prohibited word: 赌博 (gambling)',
    );
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_rejected', link: `/releaseImages?id=${env.data.id}` });
    expect(msg?.params).toMatchObject({ rule: 'SENSITIVE_WORD', word: '赌博' });
    expect(msg?.body).toContain('包含违禁词：赌博（赌博）');
  });

  it('a word an operator must judge ("加微信", spaced too) holds it as reviewing, with a work_held message', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 1);
    const env = await publish(a, { images: [{ url: imgs[0]!.url, caption: '想要原图的加 微 信' }] });
    expect(env.data.status).toBe('reviewing');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_held', link: '/imageCollection' });
    expect((await rowOf(env.data.id))?.holdMessage).toMatchObject({ code: 'REVIEW_HELD_WORD' });
  });

  it('a create repeated with the same requestId answers the first and writes nothing more', async () => {
    const a = await t.signIn();
    const imgs = withCaptions(await upload(a, 2));
    const first = await publish(a, { images: imgs, requestId: 'album-create-0001' });
    const again = await publish(a, { images: imgs.slice(0, 1), requestId: 'album-create-0001' });
    expect(again.data).toEqual(first.data);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toHaveLength(1);
    expect((await albumOf(first.data.id))?.images).toHaveLength(2);
    expect((await messagesOf(a.userId)).filter((m) => m.kind === 'work_published')).toHaveLength(1);
  });

  it('nothing is half-saved: when the message step fails there is no contents row and no albums row', async () => {
    const a = await t.signIn();
    const imgs = await upload(a, 2);
    const param = publishAlbumParamSchema.parse({ title: TITLE, images: withCaptions(imgs), publishType: 1 });
    const failing = {
      sendMessage: () => Promise.reject(new Error('message store down')),
    };
    await expect(publishAlbum(t.db, a.userId, param, failing)).rejects.toThrow('message store down');
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toEqual([]);
    const all = await t.db.select({ id: albums.contentId }).from(albums);
    const mine = await t.db.select({ id: contents.id }).from(contents).where(eq(contents.userId, a.userId));
    expect(all.filter((r) => mine.some((m) => m.id === r.id))).toEqual([]);
    // an update that fails leaves the album as it was
    const id = (await publishAlbum(t.db, a.userId, { ...param, publishType: 0 })).id;
    await expect(
      publishAlbum(t.db, a.userId, { ...param, id, images: param.images.slice(0, 1) }, failing),
    ).rejects.toThrow();
    expect((await rowOf(id))?.status).toBe('draft');
    expect((await albumOf(id))?.images).toHaveLength(2);
  });
});

describe('GET /api/album/detail', () => {
  it('answers the album in the request’s language; a missing id is 10006', async () => {
    const a = await t.signIn();
    const env = await detail(a, 999_999, EN);
    expect(env).toMatchObject({ status: 10006, message: 'no such image collection' });
    expect((await detail(a, 999_999)).message).toBe('图集不存在');
  });
});
