import {
  type ContentListItem,
  type ListData,
  MsgGroup,
  publishVideoParamSchema,
  SMALL_VIDEO_MAX_SECONDS_BASE,
  SMALL_VIDEO_MAX_SECONDS_GRADED,
  type VideoDetail,
} from '@cc/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages, uploads } from '../../db/schema/index.js';
import { createUpload, createVideo } from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { scopedUploadKey, videoFileKey } from '../fileservice/fileservice.service.js';
import { DRAFT_QUOTA } from '../content/content.service.js';
import { sendSystemMessage } from '../message/message.service.js';
import { publishScheduledVideo, publishVideo } from './video.service.js';

// Video and short-video publishing (issue #3 "Pages", docs/api.md "Video publishing").
const t = useTestApp();

const GOOD_TITLE = '冰雪路面制动实测视频';
const COVER = '/media/img/0x0/covers/custom.jpg';

/** A ready upload of `userId` (see `createUpload`); resolves to the client's key. */
const makeUpload = (userId: number, fields: Parameters<typeof createUpload>[2] = {}) =>
  createUpload(t.db, userId, fields);

/** The URL of the merged video of `userId`'s upload `key`: named by `videoFileKey` from the row's `createdAt`. */
async function videoUrlOf(userId: number, key: string): Promise<string> {
  const id = scopedUploadKey(userId, key);
  const [row] = await t.db.select({ createdAt: uploads.createdAt }).from(uploads).where(eq(uploads.key, id));
  return `/media/video/${videoFileKey(id, 'mp4', row!.createdAt).slice('videos/'.length)}`;
}

// This file's calls ask for English (Accept-Language, issue #9), so the rules read in the API's own wording;
// the zh-CN default is checked where the issue names it (a short video that is not vertical).
const EN = { 'accept-language': 'en-US' };

const publish = (s: TestSession, param: Record<string, unknown>, headers: Record<string, string> = EN) =>
  signedPost(
    t.app,
    '/api/video/publish',
    { use: 'video', title: GOOD_TITLE, description: '一段视频简介', publishType: 1, ...param },
    { session: s, json: true, headers },
  );

/** The field errors of a 10007 as `{ path, message }` (their `code` is checked where it matters). */
const fieldsOf = (res: Awaited<ReturnType<typeof publish>>) =>
  body<{ fields: { path: string; message: string }[] }>(res).data.fields.map(({ path, message }) => ({
    path,
    message,
  }));

const detail = async (s: TestSession, id: number, headers?: Record<string, string>) =>
  signedGet(t.app, '/api/video/detail', { id }, { session: s, headers });

async function lastMessage(userId: number) {
  const [m] = await t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.msgGroup, MsgGroup.SYSTEM)))
    .orderBy(sql`${messages.id} desc`)
    .limit(1);
  return m;
}

describe('POST /api/video/publish', () => {
  it('publishes a ready upload: review passes, group-8 message, listed as a video with duration and plays', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const res = await publish(a, { fileUploadId: key, coverUrl: COVER, isOriginal: true });
    expect(body(res)).toMatchObject({ status: 1, data: { status: 'published' } });
    const id = body<{ id: number }>(res).data.id;
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'video_published', title: '视频审核通过', link: '/videos' });
    expect(msg?.params).toMatchObject({ id, title: GOOD_TITLE, use: 'video' });

    const list = body<ListData<ContentListItem>>(
      await signedGet(t.app, '/api/content/list', { type: 'video' }, { session: a }),
    ).data;
    const item = list.list.find((i) => i.id === id);
    expect(item).toMatchObject({ type: 'video', status: 'published', coverUrl: COVER });
    expect(item?.stats).toMatchObject({ plays: 0, duration: 125.5 });
    const cd = body<{ stats: { duration: number } }>(
      await signedGet(t.app, '/api/content/detail', { id }, { session: a }),
    );
    expect(cd.data.stats.duration).toBe(125.5);

    const d = body<VideoDetail>(await detail(a, id)).data;
    expect(d).toMatchObject({
      id,
      use: 'video',
      title: GOOD_TITLE,
      description: '一段视频简介',
      videoUrl: await videoUrlOf(a.userId, key),
      coverUrl: COVER,
      duration: 125.5,
      width: 1920,
      height: 1080,
      isOriginal: true,
      isFirstPublish: false,
      dots: [],
    });
  });

  it('the same automatic review as articles: a prohibited word in the description rejects, with the message', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const res = await publish(a, { fileUploadId: key, description: '这里有赌博内容' });
    expect(body(res).data).toMatchObject({ status: 'rejected' });
    const id = body<{ id: number }>(res).data.id;
    const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
    expect(row?.rejectReason).toBe('包含违禁词：赌博（赌博）');
    expect(body<VideoDetail>(await detail(a, id, EN)).data.rejectReason).toBe(
      'contains a prohibited word: 赌博 (gambling)',
    );
    expect(body<VideoDetail>(await detail(a, id)).data.rejectReason).toBe('包含违禁词：赌博（赌博）');
    const msg = await lastMessage(a.userId);
    expect(msg).toMatchObject({ kind: 'video_rejected', link: `/videos/video?id=${id}` });
    expect(msg?.params).toMatchObject({ rule: 'SENSITIVE_WORD', word: '赌博' });
  });

  it('without a chosen cover the upload frame is the cover', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const res = await publish(a, { fileUploadId: key });
    const d = body<VideoDetail>(await detail(a, body<{ id: number }>(res).data.id)).data;
    expect(d.coverUrl).toBe(`/media/img/0x0/covers/${key}.jpg`);
    expect(d.customCoverUrl).toBe('');
  });

  it('title rules as articles; description at most 2000 characters', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    expect(fieldsOf(await publish(a, { fileUploadId: key, title: '车评abcdefg' }))).toEqual([
      { path: 'title', message: 'title must be 6-30 characters' },
    ]);
    expect(fieldsOf(await publish(a, { fileUploadId: key, title: '今天试驾了这台车🚗很好' }))).toEqual([
      { path: 'title', message: 'title cannot contain emoji' },
    ]);
    expect(fieldsOf(await publish(a, { fileUploadId: key, description: '字'.repeat(2001) }))).toEqual([
      { path: 'description', message: 'description can be at most 2000 characters' },
    ]);
    expect(body(await publish(a, { fileUploadId: key, description: '字'.repeat(2000) })).status).toBe(1);
  });

  it('a draft needs only a title and may be saved while the upload is still processing; publishing it then is 10008', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId, {
      state: 'processing',
      duration: null,
      width: null,
      height: null,
      cover: null,
    });
    expect(fieldsOf(await publish(a, { fileUploadId: key, publishType: 0, title: '  ' }))).toEqual([
      { path: 'title', message: 'title is required' },
    ]);
    const draft = await publish(a, { fileUploadId: key, publishType: 0, title: '短' });
    expect(body(draft)).toMatchObject({ status: 1, data: { status: 'draft' } });
    const id = body<{ id: number }>(draft).data.id;
    const res = await publish(a, { id, fileUploadId: key, publishType: 1 });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ status: 10008 });
    expect(body(res).message).toMatch(/not ready yet \(upload state: processing\)/);
    expect(body(await publish(a, { id, fileUploadId: key, publishType: 1 }, {})).message).toMatch(
      /视频尚未就绪（上传状态：处理中）/,
    );
    // once probed, the same draft publishes
    await t.db
      .update(uploads)
      .set({ state: 'ready', duration: 10, width: 640, height: 360, cover: 'covers/x.jpg' })
      .where(eq(uploads.key, scopedUploadKey(a.userId, key)));
    expect(body(await publish(a, { id, fileUploadId: key })).data).toMatchObject({ id, status: 'published' });
  });

  it('a new video draft beyond the draft quota is refused like an article draft (QUOTA_EXCEEDED)', async () => {
    const a = await t.signIn();
    await t.db.insert(contents).values(
      Array.from({ length: DRAFT_QUOTA }, (_, i) => ({
        userId: a.userId,
        type: 'article' as const,
        title: `草稿${i}`,
        status: 'draft' as const,
      })),
    );
    const key = await makeUpload(a.userId);
    expect(body(await publish(a, { fileUploadId: key, publishType: 0 }))).toMatchObject({
      status: 0,
      ercd: 'QUOTA_EXCEEDED',
    });
  });

  it('a failed upload is refused (10008) even for a draft', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId, {
      state: 'failed',
      error: 'the file is not a video (no video stream found)',
      errorMessage: { code: 'VIDEO_NO_STREAM' },
    });
    const res = await publish(a, { fileUploadId: key, publishType: 0 });
    expect(body(res)).toMatchObject({ status: 10008 });
    expect(body(res).message).toBe(
      'the upload failed (the file is not a video (no video stream found)); please upload again',
    );
    expect(body(await publish(a, { fileUploadId: key, publishType: 0 }, {})).message).toBe(
      '视频上传失败（该文件不是视频（没有视频流）），请重新上传',
    );
  });

  it("another author's upload or video answers 10006 and changes nothing", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const bKey = await makeUpload(b.userId);
    expect(body(await publish(a, { fileUploadId: bKey }))).toMatchObject({
      status: 10006,
      message: 'no such upload',
    });
    const mine = await makeUpload(b.userId);
    const bVideo = body<{ id: number }>(await publish(b, { fileUploadId: mine })).data.id;
    const aKey = await makeUpload(a.userId);
    expect(body(await publish(a, { id: bVideo, fileUploadId: aKey, title: '改别人的视频标题' })).status).toBe(
      10006,
    );
    expect(body(await detail(a, bVideo)).status).toBe(10006);
    const [row] = await t.db.select().from(contents).where(eq(contents.id, bVideo));
    expect(row?.title).toBe(GOOD_TITLE);
  });

  it('an upload already used by another live video is refused (10008)', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    expect(body(await publish(a, { fileUploadId: key })).status).toBe(1);
    expect(body(await publish(a, { fileUploadId: key }))).toMatchObject({ status: 10008 });
  });

  it('an unknown id or a content of another type answers 10006', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    expect(body(await publish(a, { id: 999_999, fileUploadId: key })).status).toBe(10006);
    const first = body<{ id: number }>(await publish(a, { fileUploadId: key })).data.id;
    const asShort = await publish(a, { id: first, use: 'smallVideo', fileUploadId: key });
    expect(body(asShort).status).toBe(10006);
  });
});

describe('short videos', () => {
  it('duration permission: 60 s below grade 3, 300 s from grade 3', async () => {
    const a = await t.signIn();
    const senior = await t.signIn({ grade: 3 });
    const low = await signedGet(t.app, '/api/small_video/get_duration_permission', {}, { session: a });
    expect(body(low)).toMatchObject({
      status: 1,
      data: { maxDurationSeconds: SMALL_VIDEO_MAX_SECONDS_BASE },
    });
    expect(SMALL_VIDEO_MAX_SECONDS_BASE).toBe(60);
    const high = await signedGet(t.app, '/api/small_video/get_duration_permission', {}, { session: senior });
    expect(body(high).data).toEqual({ maxDurationSeconds: SMALL_VIDEO_MAX_SECONDS_GRADED });
    expect(SMALL_VIDEO_MAX_SECONDS_GRADED).toBe(300);
    expect(body(await signedGet(t.app, '/api/small_video/get_duration_permission', {})).status).toBe(10002);
  });

  it('must be vertical (height > width): horizontal and square are 10007', async () => {
    const a = await t.signIn();
    for (const [width, height] of [
      [1920, 1080],
      [720, 720],
    ] as const) {
      const key = await makeUpload(a.userId, { use: 'smallVideo', width, height, duration: 30 });
      const res = await publish(a, { use: 'smallVideo', fileUploadId: key });
      expect(body(res)).toMatchObject({
        status: 10007,
        messageCode: 'SMALL_VIDEO_NOT_VERTICAL',
        message: 'a short video must be vertical (height greater than width)',
        data: { rule: 'SMALL_VIDEO_NOT_VERTICAL' },
      });
      // issue #9: without Accept-Language (or with zh) the refusal reads in Chinese, field and envelope alike
      const zh = body(
        await publish(a, { use: 'smallVideo', fileUploadId: key }, { 'accept-language': 'zh-CN' }),
      );
      expect(zh).toMatchObject({
        message: '小视频必须是竖版（高大于宽）',
        data: {
          rule: 'SMALL_VIDEO_NOT_VERTICAL',
          fields: [
            {
              path: 'fileUploadId',
              code: 'SMALL_VIDEO_NOT_VERTICAL',
              message: '小视频必须是竖版（高大于宽）',
            },
          ],
        },
      });
    }
    const ok = await makeUpload(a.userId, { use: 'smallVideo', width: 720, height: 1280, duration: 30 });
    expect(body(await publish(a, { use: 'smallVideo', fileUploadId: ok })).data).toMatchObject({
      status: 'published',
    });
  });

  it("duration at most the author's limit: 60 s accepted, 60.5 s refused below grade 3; 300 s from grade 3", async () => {
    const a = await t.signIn();
    const senior = await t.signIn({ grade: 3 });
    const at = await makeUpload(a.userId, { use: 'smallVideo', width: 720, height: 1280, duration: 60 });
    expect(body(await publish(a, { use: 'smallVideo', fileUploadId: at })).status).toBe(1);
    const over = await makeUpload(a.userId, { use: 'smallVideo', width: 720, height: 1280, duration: 60.5 });
    expect(body(await publish(a, { use: 'smallVideo', fileUploadId: over }))).toMatchObject({
      status: 10007,
      message: 'a short video can be at most 60 seconds long',
    });
    const sKey = await makeUpload(senior.userId, {
      use: 'smallVideo',
      width: 720,
      height: 1280,
      duration: 300,
    });
    expect(body(await publish(senior, { use: 'smallVideo', fileUploadId: sKey })).status).toBe(1);
    const sOver = await makeUpload(senior.userId, {
      use: 'smallVideo',
      width: 720,
      height: 1280,
      duration: 301,
    });
    expect(body(await publish(senior, { use: 'smallVideo', fileUploadId: sOver })).message).toBe(
      'a short video can be at most 300 seconds long',
    );
  });

  it('a short video is listed as smallVideo and its message says so', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId, { use: 'smallVideo', width: 720, height: 1280, duration: 20 });
    const id = body<{ id: number }>(await publish(a, { use: 'smallVideo', fileUploadId: key })).data.id;
    const list = body<ListData<ContentListItem>>(
      await signedGet(t.app, '/api/content/list', { type: 'smallVideo' }, { session: a }),
    ).data;
    expect(list.list.map((i) => i.id)).toContain(id);
    expect(await lastMessage(a.userId)).toMatchObject({ title: '小视频审核通过', link: '/smallVideo' });
  });
});

describe('scheduled publishing', () => {
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

  it('refuses a past time, a time more than 30 days ahead, and a missing time', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    expect(
      fieldsOf(await publish(a, { fileUploadId: key, publishType: 2, scheduledAt: inHours(-1) })),
    ).toEqual([{ path: 'scheduledAt', message: 'the scheduled time must be in the future' }]);
    expect(
      fieldsOf(await publish(a, { fileUploadId: key, publishType: 2, scheduledAt: inHours(30 * 24 + 1) })),
    ).toEqual([{ path: 'scheduledAt', message: 'the scheduled time can be at most 30 days ahead' }]);
    expect(fieldsOf(await publish(a, { fileUploadId: key, publishType: 2 }))).toEqual([
      { path: 'scheduledAt', message: 'a scheduled time is required (ISO 8601)' },
    ]);
  });

  it('ends `scheduled`, queues a video-publish job for the time, and the job publishes and reviews it then', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const at = inHours(2);
    const res = await publish(a, { fileUploadId: key, publishType: 2, scheduledAt: at });
    expect(body(res).data).toMatchObject({ status: 'scheduled' });
    const id = body<{ id: number }>(res).data.id;
    const jobs = await t.db.execute(
      sql`select start_after from pgboss.job where name = 'video-publish' and (data->>'id')::int = ${id}`,
    );
    const rows = (jobs as { rows: { start_after: Date | string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(Math.abs(new Date(rows[0]!.start_after).getTime() - new Date(at).getTime())).toBeLessThan(1000);
    expect((await lastMessage(a.userId))?.params).not.toMatchObject({ id });

    // Too early (a stale job): nothing happens.
    expect(await publishScheduledVideo(t.db, id, undefined, new Date(Date.now() + 3600_000))).toBeNull();
    // At the time: published, with the scheduled time as the publishing time, and the message.
    const due = new Date(new Date(at).getTime() + 1000);
    expect(await publishScheduledVideo(t.db, id, undefined, due)).toBe('published');
    const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
    expect(row?.status).toBe('published');
    expect(row?.publishedAt?.toISOString()).toBe(new Date(at).toISOString());
    expect(await lastMessage(a.userId)).toMatchObject({ kind: 'video_published' });
    // Delivered twice: harmless.
    expect(await publishScheduledVideo(t.db, id, undefined, due)).toBeNull();
  });

  it('the job reviews too: a prohibited word rejects it at the time', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const at = inHours(1);
    const id = body<{ id: number }>(
      await publish(a, { fileUploadId: key, publishType: 2, scheduledAt: at, title: '关于赌博的标题文字' }),
    ).data.id;
    expect(await publishScheduledVideo(t.db, id, undefined, new Date(new Date(at).getTime() + 10))).toBe(
      'rejected',
    );
    expect(await lastMessage(a.userId)).toMatchObject({ kind: 'video_rejected' });
  });

  it('a scheduled video saved back as a draft is not published by its old job', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const at = inHours(1);
    const id = body<{ id: number }>(await publish(a, { fileUploadId: key, publishType: 2, scheduledAt: at }))
      .data.id;
    expect(body(await publish(a, { id, fileUploadId: key, publishType: 0 })).data).toMatchObject({
      status: 'draft',
    });
    expect(
      await publishScheduledVideo(t.db, id, undefined, new Date(new Date(at).getTime() + 10)),
    ).toBeNull();
  });

  it('the real worker publishes a video whose time has come', async () => {
    const a = await t.signIn();
    const key = await makeUpload(a.userId);
    const at = new Date(Date.now() + 2500).toISOString();
    // a schedule is at least 5 minutes ahead (API.md §13): saved with a clock 6 minutes behind, the job is
    // queued for 2.5 s from now
    const param = publishVideoParamSchema.parse({
      fileUploadId: key,
      use: 'video',
      title: '一个合格的视频标题',
      publishType: 2,
      scheduledAt: at,
    });
    const { id } = await publishVideo(
      t.db,
      a.userId,
      param,
      { sendMessage: sendSystemMessage, jobs: t.app.jobs },
      new Date(Date.now() - 6 * 60_000),
    );
    let status = 'scheduled';
    for (let i = 0; i < 40 && status === 'scheduled'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
      status = row!.status;
    }
    expect(status).toBe('published');
  });
});

describe('dots', () => {
  const save = (s: TestSession, param: Record<string, unknown>) =>
    signedPost(t.app, '/api/video/save_dots', param, { session: s, json: true, headers: EN });

  /** a signed-in author and a published 100 s video of theirs */
  async function dotted() {
    const a = await t.signIn();
    return { a, videoId: (await createVideo(t, a, { duration: 100 })).id };
  }

  it('replaces the dots, sorted by time, and the detail returns them', async () => {
    const { a, videoId } = await dotted();
    const res = await save(a, {
      id: videoId,
      dots: [
        { time: 50, title: '加速测试' },
        { time: 0, title: '开场' },
        { time: 99.5, title: '总结' },
      ],
    });
    expect(body(res)).toMatchObject({ status: 1 });
    const expected = [
      { time: 0, title: '开场' },
      { time: 50, title: '加速测试' },
      { time: 99.5, title: '总结' },
    ];
    expect(body<{ dots: unknown }>(res).data.dots).toEqual(expected);
    expect(body<VideoDetail>(await detail(a, videoId)).data.dots).toEqual(expected);
    await save(a, { id: videoId, dots: [{ time: 10, title: '只剩一个' }] });
    expect(body<VideoDetail>(await detail(a, videoId)).data.dots).toEqual([{ time: 10, title: '只剩一个' }]);
  });

  it('time must be ≥ 0 and before the end; titles 1–20 characters; times unique; at most 50', async () => {
    const { a, videoId } = await dotted();
    const fields = async (dots: unknown) => fieldsOf(await save(a, { id: videoId, dots }));
    expect(await fields([{ time: 100, title: '结尾' }])).toEqual([
      { path: 'dots.0.time', message: 'a dot must be before the end of the video (100 s)' },
    ]);
    expect(await fields([{ time: -1, title: '负数' }])).toEqual([
      { path: 'dots.0.time', message: 'a dot time cannot be negative' },
    ]);
    expect(await fields([{ time: 1, title: '  ' }])).toEqual([
      { path: 'dots.0.title', message: 'a dot title is required' },
    ]);
    expect(await fields([{ time: 1, title: '字'.repeat(21) }])).toEqual([
      { path: 'dots.0.title', message: 'a dot title can be at most 20 characters' },
    ]);
    expect(body(await save(a, { id: videoId, dots: [{ time: 1, title: '字'.repeat(20) }] })).status).toBe(1);
    expect(
      await fields([
        { time: 5, title: '一' },
        { time: 5, title: '二' },
      ]),
    ).toEqual([{ path: 'dots.1.time', message: 'two dots cannot share a time' }]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ time: i, title: `点${i}` }));
    expect(body(await save(a, { id: videoId, dots: many(50) })).status).toBe(1);
    expect(await fields(many(51))).toEqual([{ path: 'dots', message: 'at most 50 dots' }]);
  });

  it("only on the owner's published videos: another author 10006, a draft 10008", async () => {
    const { a, videoId } = await dotted();
    const b = await t.signIn();
    expect(body(await save(b, { id: videoId, dots: [] })).status).toBe(10006);
    const key = await makeUpload(a.userId);
    const draft = body<{ id: number }>(await publish(a, { fileUploadId: key, publishType: 0 })).data.id;
    expect(body(await save(a, { id: draft, dots: [{ time: 1, title: '草稿' }] }))).toMatchObject({
      status: 10008,
      message: 'dots can be saved on published videos only',
    });
  });
});
