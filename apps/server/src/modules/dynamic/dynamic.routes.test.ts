import {
  type CarSeriesItem,
  type ContentListItem,
  type DynamicDetail,
  type DynamicList,
  type ImageUploadResult,
  type ListData,
  MsgGroup,
  publishDynamicParamSchema,
  type TopicItem,
} from '@cc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contents, dynamics, messages, workDaily } from '../../db/schema/index.js';
import { sweepDueSchedules } from '../../jobs/schedule-sweep.js';
import { createArticle, createImage, createVideo, type TestAuthor } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { listDynamics, publishDynamic, publishScheduledDynamic } from './dynamic.service.js';

// Dynamics (posts; issue #10 "Dynamics", API.md §13, docs/api.md "Dynamics").
const t = useTestApp();

const TEXT = '今天去试驾了新款电动SUV，续航表现比预期好，冬天掉电也不多。';
const EN = { 'accept-language': 'en-US' };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A new author allowed dynamics (`dynamicShow` 1, spec §3/§6). */
const author = () => t.signIn({ dynamicShow: 1 });

const png = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#2468f2' } })
    .png()
    .toBuffer();

/** `n` images uploaded by `a` through `POST /fileservice/image` (API.md §8); their URLs. */
async function upload(a: TestAuthor, n: number): Promise<string[]> {
  const bytes = await png();
  const out: ImageUploadResult[] = [];
  for (let i = 0; i < n; i++) out.push(await createImage(t, a, bytes));
  return out.map((r) => r.url);
}

type Result = { id: number; status: string };
type Fields = { fields: { path: string; message: string; code: string }[] };

const publish = (a: TestAuthor, param: Record<string, unknown>, headers: Record<string, string> = EN) =>
  t.post<Result>('/api/dynamic/publish', { text: TEXT, publishType: 1, ...param }, a, {
    json: true,
    headers,
  });

/** The field errors of a 10007 as `path:code`. */
async function fieldsOf(res: ReturnType<typeof publish>): Promise<string[]> {
  const env = await res;
  expect(env.status).toBe(10007);
  return (env.data as unknown as Fields).fields.map((f) => `${f.path}:${f.code}`);
}

const detail = (a: TestAuthor, id: number, headers?: Record<string, string>) =>
  t.get<DynamicDetail>('/api/dynamic/detail', { id }, a, { headers });
const list = (a: TestAuthor, view: string, extra: Record<string, unknown> = {}) =>
  t.get<DynamicList>('/api/dynamic/list', { view, ...extra }, a);

const rowOf = async (id: number) => (await t.db.select().from(contents).where(eq(contents.id, id)))[0];
const dynamicOf = async (id: number) =>
  (await t.db.select().from(dynamics).where(eq(dynamics.contentId, id)))[0];
const rowsOf = (userId: number) => t.db.select().from(contents).where(eq(contents.userId, userId));

async function messagesOf(userId: number) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.msgGroup, MsgGroup.SYSTEM)))
    .orderBy(sql`${messages.id}`);
}
const workMessages = async (userId: number) =>
  (await messagesOf(userId)).filter((m) => m.kind.startsWith('work_'));
const lastMessage = async (userId: number) => (await messagesOf(userId)).at(-1);

describe('POST /api/dynamic/publish', () => {
  it('saves a draft: text, images in order, topic and car series; title = the text’s start; no message', async () => {
    const a = await author();
    const imgs = await upload(a, 3);
    const [topic] = (await t.get<TopicItem[]>('/api/topic/list', {}, a)).data;
    const series = (await t.get<CarSeriesItem[]>('/api/car/series_search', { keyword: '比亚迪汉' }, a))
      .data[0]!;
    const env = await publish(a, {
      text: `  ${TEXT}\n第二行  `,
      images: imgs,
      topicId: topic!.id,
      carSeriesIds: [series.id],
      publishType: 0,
    });
    expect(env).toMatchObject({ status: 1, data: { status: 'draft' } });
    const id = env.data.id;
    expect((await detail(a, id)).data).toEqual({
      id,
      text: `${TEXT}\n第二行`,
      status: 'draft',
      rejectReason: null,
      rejectRuleRef: null,
      images: imgs,
      videoId: null,
      video: null,
      topicId: topic!.id,
      carSeriesIds: [series.id],
      carSeries: [series],
      scheduledAt: null,
      publishedAt: null,
      updatedAt: expect.any(String) as string,
      stats: { views: 0, likes: 0, comments: 0, shares: 0 },
    });
    const row = await rowOf(id);
    // the title is the first 30 code points of the text on one line; the cover its first image
    expect(row).toMatchObject({
      type: 'dynamic',
      title: [...TEXT].slice(0, 30).join(''),
      coverUrls: [imgs[0]],
    });
    expect(await workMessages(a.userId)).toEqual([]);
  });

  it('publishes: the review passes, a work_published message links to the dynamic list; content/list shows it', async () => {
    const a = await author();
    const env = await publish(a, { images: await upload(a, 1) });
    expect(env).toMatchObject({ status: 1, data: { status: 'published' } });
    const id = env.data.id;
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({
      kind: 'work_published',
      title: '动态审核通过',
      link: '/detailManage/dynamic',
    });
    expect(msg?.params).toMatchObject({ type: 'dynamic', id });
    const listed = await t.get<ListData<ContentListItem>>('/api/content/list', { type: 'dynamic' }, a);
    expect(listed.data.list).toEqual([expect.objectContaining({ id, type: 'dynamic', status: 'published' })]);
    expect((await detail(a, id)).data.publishedAt).not.toBeNull();
  });

  it('has no title rule: a two-character post publishes; emoji count once (2000 of them pass)', async () => {
    const a = await author();
    expect((await publish(a, { text: '好车' })).data.status).toBe('published');
    const emoji = '🚗'.repeat(2000);
    const env = await publish(a, { text: emoji });
    expect(env.data.status).toBe('published');
    expect((await rowOf(env.data.id))?.title).toBe('🚗'.repeat(30));
  });

  it('edits its own dynamic: new text, images in the new order, a video; the row is updated, not duplicated', async () => {
    const a = await author();
    const imgs = await upload(a, 3);
    const id = (await publish(a, { images: imgs, publishType: 0 })).data.id;
    const video = await createVideo(t, a);
    const env = await publish(a, {
      id,
      text: '修改后的动态内容，配上一段视频',
      images: [imgs[2], imgs[0]],
      videoId: video.id,
    });
    expect(env.data).toEqual({ id, status: 'published' });
    const d = (await detail(a, id)).data;
    expect(d).toMatchObject({
      text: '修改后的动态内容，配上一段视频',
      images: [imgs[2], imgs[0]],
      videoId: video.id,
      video: {
        id: video.id,
        title: '冰雪路面制动实测视频',
        coverUrl: `/media/img/0x0/covers/${video.key}.jpg`,
        duration: 125.5,
      },
    });
    expect((await rowOf(id))?.coverUrls).toEqual([imgs[2]]);
    expect((await rowsOf(a.userId)).filter((r) => r.type === 'dynamic')).toHaveLength(1);
    // without images the cover is the video's
    await publish(a, { id, images: [], videoId: video.id });
    expect((await rowOf(id))?.coverUrls).toEqual([`/media/img/0x0/covers/${video.key}.jpg`]);
  });

  it('text 1–2000 characters: 2001 or only spaces → 10007 on `text`', async () => {
    const a = await author();
    expect(await fieldsOf(publish(a, { text: '字'.repeat(2001) }))).toEqual(['text:DYNAMIC_TEXT_LENGTH']);
    expect(await fieldsOf(publish(a, { text: '   ', publishType: 0 }))).toEqual(['text:DYNAMIC_TEXT_LENGTH']);
    const env = await publish(a, { text: '字'.repeat(2001) });
    expect(env.message).toBe('a post must be 1-2000 characters');
    expect((await publish(a, { text: '字'.repeat(2000) })).data.status).toBe('published');
  });

  it('at most 9 images: 10 → 10007 on `images`', async () => {
    const a = await author();
    const imgs = await upload(a, 10);
    expect(await fieldsOf(publish(a, { images: imgs }))).toEqual(['images:DYNAMIC_IMAGES_TOO_MANY']);
    expect(await rowsOf(a.userId)).toEqual([]);
    expect((await publish(a, { images: imgs.slice(0, 9) })).data.status).toBe('published');
  });

  it('every image must be the author’s upload: another author’s or an unknown one → IMAGE_NOT_YOURS on its path', async () => {
    const a = await author();
    const b = await author();
    const [mine] = await upload(a, 1);
    const [theirs] = await upload(b, 1);
    expect(await fieldsOf(publish(a, { images: [mine, theirs] }))).toEqual(['images.1:IMAGE_NOT_YOURS']);
    expect(
      await fieldsOf(publish(a, { images: ['/media/img/0x0/images/u1/none.png', mine], publishType: 0 })),
    ).toEqual(['images.0:IMAGE_NOT_YOURS']);
    // another site's image is refused by the schema
    expect(await fieldsOf(publish(a, { images: ['https://example.com/a.png'] }))).toEqual([
      'images.0:IMAGE_URL_NOT_OURS',
    ]);
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it('videoId must be the author’s own video or short video, not deleted: others answer as a missing one', async () => {
    const a = await author();
    const b = await author();
    const theirs = await createVideo(t, b);
    const article = await createArticle(t.db, a.userId);
    const deleted = await createVideo(t, a);
    expect((await t.post('/api/content/delete', { id: deleted.id }, a)).status).toBe(1);
    const refusals = [];
    for (const videoId of [theirs.id, 999_999, article.id, deleted.id]) {
      const env = await publish(a, { videoId });
      refusals.push([env.status, env.message, (env.data as unknown as Fields).fields[0]?.path]);
    }
    // another author's video answers exactly as an id that does not exist: nothing leaks
    expect(new Set(refusals.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify([10007, 'no such video of yours', 'videoId'])]),
    );
    expect((await rowsOf(a.userId)).filter((r) => r.type === 'dynamic')).toEqual([]);
    const small = await createVideo(t, a, { width: 720, height: 1280, duration: 30 }, { use: 'smallVideo' });
    expect((await publish(a, { videoId: small.id })).data.status).toBe('published');
  });

  it('another author’s dynamic is 10006 on publish and detail, and stays as it was', async () => {
    const a = await author();
    const b = await author();
    const id = (await publish(a, { publishType: 0 })).data.id;
    const before = await rowOf(id);
    const env = await publish(b, { id, text: '改成别人的内容' });
    expect(env).toMatchObject({ status: 10006, message: 'no such post' });
    expect((await detail(b, id)).status).toBe(10006);
    expect(await rowOf(id)).toEqual(before);
    expect(await rowsOf(b.userId)).toEqual([]);
  });

  it('an author not allowed dynamics (dynamicShow 0) is refused with 10005, nothing written', async () => {
    const a = await t.signIn({ dynamicShow: 0 });
    const env = await publish(a, { publishType: 0 });
    expect(env).toMatchObject({ status: 10005, message: 'you are not allowed to publish posts' });
    expect((await publish(a, {}, {})).message).toBe('你还没有发布动态的权限');
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it('a prohibited word rejects it with the rule and the word named, in the request’s language', async () => {
    const a = await author();
    const env = await publish(a, { text: '周末组织飙车，顺便 赌 博，有兴趣的来' });
    expect(env.data.status).toBe('rejected');
    const id = env.data.id;
    expect((await detail(a, id, EN)).data.rejectReason).toBe('contains a prohibited word: 赌博 (gambling)');
    expect((await detail(a, id)).data.rejectReason).toBe('包含违禁词：赌博（赌博）');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_rejected', link: `/dynamic/dynamic?id=${id}` });
    expect(msg?.params).toMatchObject({ rule: 'SENSITIVE_WORD', word: '赌博' });
    // edited and resubmitted, it publishes
    expect((await publish(a, { id, text: TEXT })).data).toEqual({ id, status: 'published' });
    expect((await detail(a, id)).data.rejectReason).toBeNull();
  });

  it('a word an operator must judge, spread apart ("加 微 信"), holds it as reviewing with a work_held message', async () => {
    const a = await author();
    const env = await publish(a, { text: '想要这台车的详细参数，可以加 微 信 聊' });
    expect(env.data.status).toBe('reviewing');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_held', link: '/detailManage/dynamic' });
    expect((await rowOf(env.data.id))?.holdMessage).toMatchObject({ code: 'REVIEW_HELD_WORD' });
  });

  it('car series must be in the catalogue; a topic must exist (10007 on the field)', async () => {
    const a = await author();
    expect(await fieldsOf(publish(a, { carSeriesIds: [999_999_999] }))).toEqual([
      'carSeriesIds.0:CAR_SERIES_UNKNOWN',
    ]);
    expect(await fieldsOf(publish(a, { topicId: 999_999 }))).toEqual(['topicId:TOPIC_NOT_FOUND']);
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it('a create repeated with the same requestId answers the first and writes nothing more', async () => {
    const a = await author();
    const imgs = await upload(a, 2);
    const first = await publish(a, { images: imgs, requestId: 'dynamic-create-0001' });
    const again = await publish(a, { images: imgs.slice(0, 1), requestId: 'dynamic-create-0001' });
    expect(again.data).toEqual(first.data);
    expect(await rowsOf(a.userId)).toHaveLength(1);
    expect((await dynamicOf(first.data.id))?.images).toEqual(imgs);
    expect((await workMessages(a.userId)).filter((m) => m.kind === 'work_published')).toHaveLength(1);
  });

  it('nothing is half-saved: when the message step fails there is no contents row and no dynamics row', async () => {
    const a = await author();
    const imgs = await upload(a, 2);
    const param = publishDynamicParamSchema.parse({ text: TEXT, images: imgs, publishType: 1 });
    const failing = { sendMessage: () => Promise.reject(new Error('message store down')) };
    await expect(publishDynamic(t.db, a.userId, param, failing)).rejects.toThrow('message store down');
    expect(await rowsOf(a.userId)).toEqual([]);
    const all = await t.db.select({ id: dynamics.contentId }).from(dynamics);
    const ids = new Set((await t.db.select({ id: contents.id }).from(contents)).map((r) => r.id));
    expect(all.filter((r) => !ids.has(r.id))).toEqual([]);
  });
});

describe('scheduled dynamics', () => {
  it('schedules 5 minutes to 30 days ahead: the past, 3 minutes ahead and 31 days → 10007 on scheduledAt', async () => {
    const a = await author();
    for (const scheduledAt of [inMinutes(-5), inMinutes(3), inMinutes(31 * 24 * 60)])
      expect(await fieldsOf(publish(a, { publishType: 2, scheduledAt }))).toEqual([
        expect.stringMatching(/^scheduledAt:SCHEDULE_/) as string,
      ]);
    expect(await fieldsOf(publish(a, { publishType: 2 }))).toEqual(['scheduledAt:SCHEDULE_INVALID']);
    expect(await rowsOf(a.userId)).toEqual([]);
  });

  it('the sweep publishes a due schedule at its time, with its message; not before, and only once', async () => {
    const a = await author();
    const scheduledAt = inMinutes(60);
    const id = (await publish(a, { images: await upload(a, 1), publishType: 2, scheduledAt })).data.id;
    expect((await detail(a, id)).data).toMatchObject({ status: 'scheduled', scheduledAt, publishedAt: null });
    expect(await workMessages(a.userId)).toEqual([]);
    expect(await publishScheduledDynamic(t.db, id, undefined, new Date(Date.now() + 30 * 60_000))).toBeNull();
    expect((await rowOf(id))?.status).toBe('scheduled');
    const due = new Date(new Date(scheduledAt).getTime() + 1000);
    expect(await sweepDueSchedules(t.db, due)).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'published', scheduledAt: null });
    expect(row?.publishedAt?.toISOString()).toBe(scheduledAt);
    expect(await lastMessage(a.userId)).toMatchObject({
      kind: 'work_published',
      link: '/detailManage/dynamic',
    });
    expect(await publishScheduledDynamic(t.db, id, undefined, due)).toBeNull();
    expect((await workMessages(a.userId)).filter((m) => m.kind === 'work_published')).toHaveLength(1);
  });

  it('saving a scheduled dynamic as a draft cancels the schedule; the sweep leaves it alone', async () => {
    const a = await author();
    const scheduledAt = inMinutes(10);
    const id = (await publish(a, { publishType: 2, scheduledAt })).data.id;
    expect((await publish(a, { id, publishType: 0 })).data.status).toBe('draft');
    await sweepDueSchedules(t.db, new Date(Date.now() + 20 * 60_000));
    expect(await rowOf(id)).toMatchObject({ status: 'draft', scheduledAt: null, publishedAt: null });
  });

  it('a schedule whose video was deleted meanwhile is rejected at its time, the message naming why', async () => {
    const a = await author();
    const video = await createVideo(t, a);
    const scheduledAt = inMinutes(60);
    const id = (await publish(a, { videoId: video.id, publishType: 2, scheduledAt })).data.id;
    expect((await t.post('/api/content/delete', { id: video.id }, a)).status).toBe(1);
    expect(
      await publishScheduledDynamic(t.db, id, undefined, new Date(new Date(scheduledAt).getTime() + 1)),
    ).toBe('rejected');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'work_rejected', link: `/dynamic/dynamic?id=${id}` });
    expect(msg?.params).toMatchObject({ id, rule: 'MEDIA_MISSING' });
    expect(msg?.body).toContain('动态中的视频已被删除');
    expect((await detail(a, id, EN)).data).toMatchObject({
      status: 'rejected',
      rejectReason: 'the video of the post was deleted',
      videoId: video.id,
      video: null,
    });
  });

  it('a schedule of an author whose permission was withdrawn meanwhile is rejected at its time', async () => {
    const a = await author();
    const scheduledAt = inMinutes(60);
    const id = (await publish(a, { publishType: 2, scheduledAt })).data.id;
    await t.db.execute(sql`update users set dynamic_show = 0 where id = ${a.userId}`);
    await sweepDueSchedules(t.db, new Date(new Date(scheduledAt).getTime() + 1));
    expect((await rowOf(id))?.status).toBe('rejected');
    expect((await lastMessage(a.userId))?.params).toMatchObject({ rule: 'DYNAMIC_PERMISSION' });
  });
});

describe('GET /api/dynamic/detail', () => {
  it('a missing, deleted or non-dynamic id is 10006', async () => {
    const a = await author();
    const article = await createArticle(t.db, a.userId);
    const id = (await publish(a, { publishType: 0 })).data.id;
    expect((await t.post('/api/content/delete', { id }, a)).status).toBe(1);
    for (const x of [999_999, article.id, id])
      expect(await detail(a, x, EN)).toMatchObject({ status: 10006, message: 'no such post' });
  });
});

describe('GET /api/dynamic/list', () => {
  it('community: my published dynamics, newest first, with engagement and video; drafts and others’ left out', async () => {
    const a = await author();
    const b = await author();
    const video = await createVideo(t, a);
    const imgs = await upload(a, 2);
    const first = (await publish(a, { text: '第一条动态', images: imgs })).data.id;
    const second = (await publish(a, { text: '第二条动态，带视频', videoId: video.id })).data.id;
    await publish(a, { text: '还没发的草稿', publishType: 0 });
    await publish(a, { text: '违规内容 赌博', publishType: 1 });
    await publish(b, { text: '别人的动态' });
    // the audience rollup of the work (issue #12: the list's numbers come from reader events)
    await t.db.insert(workDaily).values({
      contentId: first,
      day: '2026-11-01',
      authorId: a.userId,
      contentType: 'dynamic',
      views: 12_345,
      likes: 67,
      comments: 8,
      shares: 9,
    });
    const env = await list(a, 'community');
    expect(env.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(env.data.list.map((d) => d.id)).toEqual([second, first]);
    expect(env.data.list[1]).toMatchObject({
      text: '第一条动态',
      images: imgs,
      video: null,
      status: 'published',
      stats: { views: 12_345, likes: 67, comments: 8, shares: 9 },
    });
    expect(env.data.list[0]?.video).toMatchObject({ id: video.id, duration: 125.5 });
    // paging
    const paged = await list(a, 'community', { page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.list.map((d) => d.id)).toEqual([first]);
  });

  it(`old: published more than 30 days ago; smallVideo: those whose video still exists`, async () => {
    const a = await author();
    const video = await createVideo(t, a);
    const gone = await createVideo(t, a);
    const recent = (await publish(a, { text: '最近的动态' })).data.id;
    const old = (await publish(a, { text: '一个多月前的动态', videoId: video.id })).data.id;
    const edge = (await publish(a, { text: '二十九天前的动态' })).data.id;
    const orphan = (await publish(a, { text: '视频被删掉的动态', videoId: gone.id })).data.id;
    const now = Date.now();
    await t.db
      .update(contents)
      .set({ publishedAt: new Date(now - 31 * DAY_MS) })
      .where(eq(contents.id, old));
    await t.db
      .update(contents)
      .set({ publishedAt: new Date(now - 29 * DAY_MS) })
      .where(eq(contents.id, edge));
    expect((await list(a, 'old')).data.list.map((d) => d.id)).toEqual([old]);
    expect((await list(a, 'community')).data.list.map((d) => d.id)).toEqual([orphan, recent, edge, old]);
    expect((await t.post('/api/content/delete', { id: gone.id }, a)).status).toBe(1);
    expect((await list(a, 'smallVideo')).data.list.map((d) => d.id)).toEqual([old]);
    // the rule is relative to now: two days on, the 29-day-old one is old too
    const later = await listDynamics(
      t.db,
      a.userId,
      { view: 'old', page: 1, pageSize: 20 },
      new Date(now + 2 * DAY_MS),
    );
    expect(later.list.map((d) => d.id)).toEqual([edge, old]);
    expect(later.list.every((d) => d.id !== recent)).toBe(true);
  });

  it('an unknown view is 10007', async () => {
    const a = await author();
    expect((await list(a, 'trending')).status).toBe(10007);
  });
});
