import {
  type ContentListItem,
  type LiveDetail,
  type LiveResetKeyResult,
  type ListData,
  type SaveLiveResult,
  Status,
} from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { contents, lives, messages } from '../../db/schema/index.js';
import {
  createArticle,
  createImage,
  createUpload,
  createVideo,
  type TestAuthor,
} from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { sendLiveReminders } from './live.service.js';

// Live shows (issue #10 "Live shows", API.md §13, docs/api.md "Live shows").
const t = useTestApp();

// English answers (Accept-Language, issue #9), so the rules read in the API's wording.
const EN = { 'accept-language': 'en-US' };
const GOOD_TITLE = '新车发布会直播预告';
const MIN = 60_000;
const DAY = 86_400_000;
const inMs = (ms: number, from = Date.now()) => new Date(from + ms).toISOString();

const png = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: '#2468f2' } })
    .png()
    .toBuffer();
/** An image the author uploaded (API.md §8): what a cover must be. */
const coverOf = async (a: TestSession) => (await createImage(t, a, await png())).url;

type Fields = { fields: { path: string; message: string; code: string }[] };

const post = (
  s: TestSession,
  url: string,
  param: Record<string, unknown>,
  headers: Record<string, string> = EN,
) => signedPost(t.app, url, param, { session: s, json: true, headers });
const save = (s: TestSession, param: Record<string, unknown>, headers: Record<string, string> = EN) =>
  post(s, '/api/live/save', { title: GOOD_TITLE, startAt: inMs(DAY), ...param }, headers);
const setState = (s: TestSession, param: Record<string, unknown>) => post(s, '/api/live/state', param);
const detail = async (s: TestSession, id: number) =>
  body<LiveDetail>(await signedGet(t.app, '/api/live/detail', { id }, { session: s, headers: EN }));

/** A new author's new show (reviewed and published); its id, key and cover. */
async function newShow(a?: TestAuthor, param: Record<string, unknown> = {}) {
  const author = a ?? (await t.signIn());
  const coverUrl = await coverOf(author);
  const env = body<SaveLiveResult>(await save(author, { coverUrl, ...param }));
  expect(env.status, env.message).toBe(1);
  return { author, coverUrl, ...env.data };
}

const fieldsOf = (res: Awaited<ReturnType<typeof post>>) =>
  body<Fields>(res).data.fields.map(({ path, code }) => ({ path, code }));

async function messagesOf(userId: number, kind: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}

describe('POST /api/live/save', () => {
  it('schedules a show: upcoming, reviewed and published, with a push address and a random stream key', async () => {
    const a = await t.signIn();
    const coverUrl = await coverOf(a);
    const startAt = inMs(2 * DAY);
    const res = await save(a, { coverUrl, startAt, description: '  带你看新车的每一处细节  ' });
    expect(body(res)).toMatchObject({
      status: 1,
      data: { state: 'upcoming', pushUrl: 'rtmp://localhost/live' },
    });
    const { id, streamKey } = body<SaveLiveResult>(res).data;
    expect(streamKey).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const d = await detail(a, id);
    expect(d.data).toMatchObject({
      id,
      title: GOOD_TITLE,
      coverUrl,
      startAt,
      description: '带你看新车的每一处细节',
      state: 'upcoming',
      status: 'published',
      rejectReason: null,
      pushUrl: 'rtmp://localhost/live',
      streamKey,
      replay: null,
      startedAt: null,
      endedAt: null,
      remindedAt: null,
    });
    const list = body<ListData<ContentListItem>>(
      await signedGet(t.app, '/api/content/list', { type: 'live' }, { session: a }),
    ).data;
    expect(list.list.map((i) => [i.id, i.type, i.status, i.coverUrl])).toEqual([
      [id, 'live', 'published', coverUrl],
    ]);
    const [msg] = await messagesOf(a.userId, 'work_published');
    expect(msg).toMatchObject({ link: '/liveShow' });
    expect(msg?.params).toMatchObject({ type: 'live', id, title: GOOD_TITLE });
    // two shows never share a key
    expect((await newShow(a)).streamKey).not.toBe(streamKey);
  });

  it('the push address uses the host the author reached us at, or LIVE_PUSH_HOST', async () => {
    const a = await t.signIn();
    const coverUrl = await coverOf(a);
    const res = await save(a, { coverUrl }, { ...EN, host: 'studio.example.com:8443' });
    expect(body<SaveLiveResult>(res).data.pushUrl).toBe('rtmp://studio.example.com/live');
    expect(loadConfig({ LIVE_PUSH_HOST: 'live.example.com:1935' }).livePushHost).toBe(
      'live.example.com:1935',
    );
    expect(loadConfig({}).livePushHost).toBeUndefined();
    expect(() => loadConfig({ LIVE_PUSH_HOST: 'rtmp://x/live' })).toThrow(/LIVE_PUSH_HOST/);
  });

  it('edits an upcoming show in place: same key, new fields, reviewed again', async () => {
    const show = await newShow();
    const startAt = inMs(3 * DAY);
    const res = await save(show.author, {
      id: show.id,
      coverUrl: show.coverUrl,
      title: '改过时间的新车发布会',
      startAt,
      description: '时间改到周末',
    });
    expect(body(res)).toMatchObject({
      status: 1,
      data: { id: show.id, state: 'upcoming', streamKey: show.streamKey },
    });
    expect((await detail(show.author, show.id)).data).toMatchObject({
      title: '改过时间的新车发布会',
      startAt,
      description: '时间改到周末',
      status: 'published',
    });
    expect(await messagesOf(show.author.userId, 'work_published')).toHaveLength(2);
  });

  it('the start time must be ahead and at most 30 days away (10007 on startAt)', async () => {
    const a = await t.signIn();
    const coverUrl = await coverOf(a);
    const past = await save(a, { coverUrl, startAt: inMs(-MIN) });
    expect(body(past)).toMatchObject({
      status: Status.VALIDATION_FAILED,
      message: 'the start time must be in the future',
    });
    expect(fieldsOf(past)).toEqual([{ path: 'startAt', code: 'LIVE_START_PAST' }]);
    const far = await save(a, { coverUrl, startAt: inMs(30 * DAY + MIN) });
    expect(body(far).message).toBe('the start time can be at most 30 days ahead');
    expect(fieldsOf(far)).toEqual([{ path: 'startAt', code: 'LIVE_START_TOO_FAR' }]);
    expect(fieldsOf(await save(a, { coverUrl, startAt: 'next friday' }))).toEqual([
      { path: 'startAt', code: 'LIVE_START_INVALID' },
    ]);
    expect(body(await save(a, { coverUrl, startAt: inMs(30 * DAY - MIN) })).status).toBe(1);
    // in zh-CN too (the default language)
    expect(body(await save(a, { coverUrl, startAt: inMs(-MIN) }, {})).message).toBe('开播时间必须晚于现在');
    // nothing was half-saved
    const rows = await t.db.select().from(contents).where(eq(contents.userId, a.userId));
    expect(rows).toHaveLength(1);
  });

  it('the cover must be an image the author uploaded (10007 on coverUrl)', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const theirs = await coverOf(b);
    expect(fieldsOf(await save(a, { coverUrl: theirs }))).toEqual([
      { path: 'coverUrl', code: 'IMAGE_NOT_YOURS' },
    ]);
    expect(fieldsOf(await save(a, { coverUrl: '/media/img/0x0/images/never-uploaded.png' }))).toEqual([
      { path: 'coverUrl', code: 'IMAGE_NOT_YOURS' },
    ]);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toHaveLength(0);
  });

  it("another author's show answers 10006 on every call and stays as it was", async () => {
    const show = await newShow();
    const b = await t.signIn();
    const bCover = await coverOf(b);
    const calls = [
      await save(b, { id: show.id, coverUrl: bCover, title: '抢来的直播间标题' }),
      await setState(b, { id: show.id, state: 'live' }),
      await post(b, '/api/live/reset_key', { id: show.id }),
      await signedGet(t.app, '/api/live/detail', { id: show.id }, { session: b }),
    ];
    for (const res of calls) expect(body(res)).toMatchObject({ status: Status.NOT_FOUND });
    expect((await detail(show.author, show.id)).data).toMatchObject({
      title: GOOD_TITLE,
      state: 'upcoming',
      streamKey: show.streamKey,
    });
    // an article's id is not a live show either
    const article = await createArticle(t.db, show.author.userId);
    expect(body(await setState(show.author, { id: article.id, state: 'live' })).status).toBe(
      Status.NOT_FOUND,
    );
  });

  it('a prohibited word in the title or description rejects the show, with the reason and a message', async () => {
    const show = await newShow(undefined, { title: '直播带你玩赌博游戏' });
    const d = await detail(show.author, show.id);
    expect(d.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'contains a prohibited word: 赌博 (gambling)',
    });
    const [msg] = await messagesOf(show.author.userId, 'work_rejected');
    expect(msg).toMatchObject({ link: `/liveShow?id=${show.id}` });
    expect(msg?.params).toMatchObject({ rule: 'SENSITIVE_WORD', word: '赌博' });
    // a rejected show cannot go live …
    const res = await setState(show.author, { id: show.id, state: 'live' });
    expect(body(res)).toMatchObject({
      status: Status.CONFLICT,
      message: 'the live show did not pass review and cannot go live; edit it and save it again',
    });
    // … until it is edited and passes
    expect(body(await save(show.author, { id: show.id, coverUrl: show.coverUrl })).status).toBe(1);
    expect((await detail(show.author, show.id)).data.status).toBe('published');
    expect(body(await setState(show.author, { id: show.id, state: 'live' })).data).toMatchObject({
      state: 'live',
    });

    const held = await newShow(undefined, { description: '想看的朋友加微信' });
    expect((await detail(held.author, held.id)).data.status).toBe('reviewing');
    expect(body(await setState(held.author, { id: held.id, state: 'live' }))).toMatchObject({
      status: Status.CONFLICT,
      message: 'the live show is waiting for a reviewer; it can go live once approved',
    });
  });

  it('a create repeated with its requestId answers the first show and writes nothing', async () => {
    const a = await t.signIn();
    const coverUrl = await coverOf(a);
    const first = body<SaveLiveResult>(await save(a, { coverUrl, requestId: 'live-create-0001' })).data;
    const again = body<SaveLiveResult>(await save(a, { coverUrl, requestId: 'live-create-0001' })).data;
    expect(again).toEqual(first);
    expect(await t.db.select().from(contents).where(eq(contents.userId, a.userId))).toHaveLength(1);
  });
});

describe('POST /api/live/state: upcoming → live → ended, nothing else', () => {
  const conflict = (from: string, to: string) => ({
    status: Status.CONFLICT,
    message: `a live show cannot go from ${from} to ${to}: only upcoming → live → ended`,
  });

  it('goes live, then ends, with their times; every other move is 10008 naming both states', async () => {
    const show = await newShow();
    const s = show.author;
    expect(body(await setState(s, { id: show.id, state: 'ended' }))).toMatchObject(
      conflict('upcoming', 'ended'),
    );

    const live = await setState(s, { id: show.id, state: 'live' });
    expect(body(live)).toMatchObject({ status: 1, data: { id: show.id, state: 'live' } });
    expect((await detail(s, show.id)).data.startedAt).not.toBeNull();
    expect(body(await setState(s, { id: show.id, state: 'live' }))).toMatchObject(conflict('live', 'live'));
    // a live show is not edited any more
    expect(body(await save(s, { id: show.id, coverUrl: show.coverUrl }))).toMatchObject({
      status: Status.CONFLICT,
      message: 'only an upcoming live show can be edited (this one is live)',
    });

    expect(body(await setState(s, { id: show.id, state: 'ended' })).data).toMatchObject({ state: 'ended' });
    const ended = (await detail(s, show.id)).data;
    expect(ended.endedAt).not.toBeNull();
    expect(body(await setState(s, { id: show.id, state: 'live' }))).toMatchObject(conflict('ended', 'live'));
    expect(body(await setState(s, { id: show.id, state: 'ended' }))).toMatchObject(
      conflict('ended', 'ended'),
    );
    expect(body(await save(s, { id: show.id, coverUrl: show.coverUrl }))).toMatchObject({
      status: Status.CONFLICT,
      message: 'only an upcoming live show can be edited (this one is ended)',
    });
    // in zh-CN the states are named in Chinese
    const zh = await signedPost(
      t.app,
      '/api/live/state',
      { id: show.id, state: 'live' },
      { session: s, json: true },
    );
    expect(body(zh).message).toBe('直播状态不能从“已结束”变为“直播中”：只能 未开始 → 直播中 → 已结束');
    expect((await detail(s, show.id)).data).toMatchObject({ state: 'ended', endedAt: ended.endedAt });
  });

  it('a state outside live/ended is refused by the schema (10007)', async () => {
    const show = await newShow();
    const res = await setState(show.author, { id: show.id, state: 'upcoming' });
    expect(body(res).status).toBe(Status.VALIDATION_FAILED);
    expect(body<Fields>(res).data.fields[0]?.path).toBe('state');
  });

  it('a deleted show answers 10008 WORK_DELETED on state, save and reset, 10006 on detail', async () => {
    const show = await newShow();
    const s = show.author;
    expect(body(await post(s, '/api/content/delete', { id: show.id })).status).toBe(1);
    for (const res of [
      await setState(s, { id: show.id, state: 'live' }),
      await save(s, { id: show.id, coverUrl: show.coverUrl }),
      await post(s, '/api/live/reset_key', { id: show.id }),
    ])
      expect(body(res)).toMatchObject({
        status: Status.CONFLICT,
        message: 'a deleted live show cannot be edited',
      });
    expect((await detail(s, show.id)).status).toBe(Status.NOT_FOUND);
  });

  it('a replay is one of the author’s own ready videos, attached when ending or later, and replaceable', async () => {
    const show = await newShow();
    const s = show.author;
    const video = await createVideo(t, s);
    const other = await createVideo(t, s, {}, { title: '另一段完整的直播回放' });
    // not while going live
    expect(fieldsOf(await setState(s, { id: show.id, state: 'live', replayVideoId: video.id }))).toEqual([
      { path: 'replayVideoId', code: 'LIVE_REPLAY_NOT_ENDED' },
    ]);
    expect(body(await setState(s, { id: show.id, state: 'live' })).status).toBe(1);

    const b = await t.signIn();
    const theirs = await createVideo(t, b);
    const processingKey = await createUpload(t.db, s.userId, { state: 'processing', duration: null });
    const processing = body<{ id: number }>(
      await post(s, '/api/video/publish', {
        use: 'video',
        title: '还在处理中的视频回放',
        fileUploadId: processingKey,
        publishType: 0,
      }),
    ).data.id;
    const article = await createArticle(t.db, s.userId, { status: 'published' });
    for (const bad of [theirs.id, processing, article.id, 999_999]) {
      const res = await setState(s, { id: show.id, state: 'ended', replayVideoId: bad });
      expect(body(res)).toMatchObject({
        status: Status.VALIDATION_FAILED,
        message: 'the replay must be one of your own videos whose upload is complete',
      });
      expect(fieldsOf(res)).toEqual([{ path: 'replayVideoId', code: 'LIVE_REPLAY_INVALID' }]);
    }
    // a refused replay ended nothing
    expect((await detail(s, show.id)).data.state).toBe('live');

    expect(
      body(await setState(s, { id: show.id, state: 'ended', replayVideoId: video.id })).data,
    ).toMatchObject({
      state: 'ended',
    });
    expect((await detail(s, show.id)).data.replay).toEqual({ id: video.id, title: '冰雪路面制动实测视频' });
    // replaced later, on the ended show
    expect(body(await setState(s, { id: show.id, state: 'ended', replayVideoId: other.id })).status).toBe(1);
    expect((await detail(s, show.id)).data.replay).toEqual({ id: other.id, title: '另一段完整的直播回放' });
    // a replay deleted since is not shown
    await post(s, '/api/content/delete', { id: other.id });
    expect((await detail(s, show.id)).data.replay).toBeNull();
  });
});

describe('POST /api/live/reset_key', () => {
  it('makes a new key (the old one is gone), for upcoming and live shows; not once ended (10008)', async () => {
    const show = await newShow();
    const s = show.author;
    const reset = body<LiveResetKeyResult>(await post(s, '/api/live/reset_key', { id: show.id }));
    expect(reset).toMatchObject({ status: 1, data: { pushUrl: 'rtmp://localhost/live' } });
    expect(reset.data.streamKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(reset.data.streamKey).not.toBe(show.streamKey);
    expect((await detail(s, show.id)).data.streamKey).toBe(reset.data.streamKey);
    const [row] = await t.db.select().from(lives).where(eq(lives.contentId, show.id));
    expect(row?.streamKey).toBe(reset.data.streamKey);

    await setState(s, { id: show.id, state: 'live' });
    const whileLive = body<LiveResetKeyResult>(await post(s, '/api/live/reset_key', { id: show.id })).data;
    expect(whileLive.streamKey).not.toBe(reset.data.streamKey);
    await setState(s, { id: show.id, state: 'ended' });
    expect(body(await post(s, '/api/live/reset_key', { id: show.id }))).toMatchObject({
      status: Status.CONFLICT,
      message: 'the live show has ended; its stream key cannot be reset',
    });
  });
});

describe('the live reminder (job live-reminder)', () => {
  it('reminds once, 15 minutes ahead at the latest, never twice, and again after the time is moved', async () => {
    const now = Date.now();
    const show = await newShow(undefined, { startAt: inMs(40 * MIN, now) });
    const reminders = () => messagesOf(show.author.userId, 'live_reminder');
    // 30 minutes before: too early
    await sendLiveReminders(t.db, new Date(now + 10 * MIN));
    expect(await reminders()).toHaveLength(0);
    // 14.5 minutes before: reminded, "15 minutes" (rounded up), linking to the show
    await sendLiveReminders(t.db, new Date(now + 25.5 * MIN));
    const [msg, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(msg).toMatchObject({ msgGroup: 8, link: `/liveShow?id=${show.id}`, title: '直播即将开始' });
    expect(msg?.params).toEqual({ id: show.id, title: GOOD_TITLE, minutes: 15 });
    expect(msg?.body).toBe(`你的直播《${GOOD_TITLE}》将于 15 分钟后开始，请准备好推流。`);
    expect((await detail(show.author, show.id)).data.remindedAt).not.toBeNull();
    // later runs (and two at once, as two servers would) send nothing more
    await Promise.all([
      sendLiveReminders(t.db, new Date(now + 30 * MIN)),
      sendLiveReminders(t.db, new Date(now + 30 * MIN)),
    ]);
    expect(await reminders()).toHaveLength(1);
    // moved to another time: a new reminder for it
    await save(show.author, { id: show.id, coverUrl: show.coverUrl, startAt: inMs(2 * DAY, now) });
    expect((await detail(show.author, show.id)).data.remindedAt).toBeNull();
    await sendLiveReminders(t.db, new Date(now + 2 * DAY - 5 * MIN));
    expect((await reminders()).map((m) => (m.params as { minutes: number }).minutes)).toEqual([15, 5]);
  });

  it('two servers at once remind each show exactly once', async () => {
    const now = Date.now();
    const shows = await Promise.all(
      [1, 2, 3].map(() => newShow(undefined, { startAt: inMs(20 * MIN, now) })),
    );
    const at = new Date(now + 10 * MIN);
    const sent = await Promise.all([sendLiveReminders(t.db, at), sendLiveReminders(t.db, at)]);
    expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(3);
    for (const show of shows) expect(await messagesOf(show.author.userId, 'live_reminder')).toHaveLength(1);
  });

  it('no reminder for a show not approved, already live, or whose start has passed', async () => {
    const now = Date.now();
    const rejected = await newShow(undefined, { title: '直播带你玩赌博游戏', startAt: inMs(10 * MIN, now) });
    const started = await newShow(undefined, { startAt: inMs(10 * MIN, now) });
    await setState(started.author, { id: started.id, state: 'live' });
    const missed = await newShow(undefined, { startAt: inMs(2 * MIN, now) });
    await sendLiveReminders(t.db, new Date(now + 5 * MIN));
    for (const show of [rejected, started, missed])
      expect(await messagesOf(show.author.userId, 'live_reminder')).toHaveLength(0);
  });
});
