import type {
  BarrageItem,
  BatchResult,
  CommentCounts,
  CommentItem,
  CommentSettings,
  CommentWorkItem,
  Envelope,
  ListData,
  OpenThread,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import { messages, videos, workDaily } from '../../db/schema/index.js';
import { and, eq, sql } from 'drizzle-orm';
import { createArticle, createUpload, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// API.md §10 (`/open/comments`, `/open/barrage`) and §12 (the author's side), issue #13. A second app on the same
// database runs on a clock the tests set, so `at` windows and the rollup's REPORT_TZ day are exact.
const t = useTestApp();
const now = new Date('2026-11-20T04:00:00Z'); // 12:00 in Shanghai
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => now });
  await app.ready();
});
afterAll(() => app.close());

let seq = 0;
const vid = (prefix = 'c') => `${prefix}-${process.pid}-${++seq}-xxxxxxxx`;
const EN = 'en-US';
const AT = '2026-11-20T03:00:00Z';

async function open<T>(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  lang = EN,
  key = DEV_OPEN_SITE_KEY,
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      'x-site-key': key,
      'accept-language': lang,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  return { http: res.statusCode, env: JSON.parse(res.body) as Envelope<T> };
}

const comment = (p: Record<string, unknown>, lang = EN) =>
  open<{ commentId: string; state: string }>(
    'POST',
    '/open/comments',
    { commentId: vid(), readerId: 'reader-1', readerName: '读者甲', text: '写得好', at: AT, ...p },
    lang,
  );
const barrage = (p: Record<string, unknown>) =>
  open<{ barrageId: string; state: string }>('POST', '/open/barrage', {
    barrageId: vid('b'),
    readerId: 'reader-1',
    text: '前方高能',
    positionMs: 1000,
    at: AT,
    ...p,
  });

async function get<T>(url: string, param: unknown, a: TestAuthor, lang = EN) {
  return body<T>(await signedGet(app, url, param, { session: a, headers: { 'accept-language': lang } }));
}
async function post<T>(url: string, param: unknown, a: TestAuthor, lang = EN) {
  return body<T>(
    await signedPost(app, url, param, { session: a, json: true, headers: { 'accept-language': lang } }),
  );
}
const inbox = (a: TestAuthor, param: Record<string, unknown> = {}) =>
  get<ListData<CommentItem>>('/api/comment/list', { page: 1, pageSize: 100, ...param }, a);

/** A published work of `userId`; a video of `duration` seconds when `type` is video. */
async function work(userId: number, type: 'article' | 'video' | 'dynamic' = 'article', duration = 100) {
  const row = await createArticle(t.db, userId, {
    type,
    status: 'published',
    publishedAt: new Date('2026-11-01T00:00:00Z'),
    title: `${type} 评论测试 ${++seq}`,
  });
  if (type === 'video') {
    const key = await createUpload(t.db, userId, { duration });
    await t.db.insert(videos).values({ contentId: row.id, use: 'video', uploadKey: key });
  }
  return row.id;
}

describe('POST /open/comments: arrival, moderation, idempotency', () => {
  it('publishes a clean comment, counts it in the rollups and messages the author with the thread link', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const res = await comment({ contentId: w });
    expect(res.env.status).toBe(1);
    expect(res.env.data.state).toBe('published');
    const [day] = await t.db.select().from(workDaily).where(eq(workDaily.contentId, w));
    expect(day).toMatchObject({ day: '2026-11-20', comments: 1 });
    const msgs = await t.db.select().from(messages).where(eq(messages.userId, a.userId));
    const msg = msgs.find((m) => m.kind === 'comment');
    expect(msg?.msgGroup).toBe(1);
    expect(msg?.createdAt.toISOString()).toBe(now.toISOString());
    const list = await inbox(a);
    expect(msg?.link).toBe(`/manage/commentManage/commentlist?thread=${list.data.list[0]!.id}`);
    expect(list.data.list[0]).toMatchObject({
      state: 'published',
      unread: true,
      isAuthor: false,
      contentId: w,
    });
  });

  it('is idempotent by commentId: a repeat answers the first verdict, stores and counts nothing more', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const commentId = vid();
    const first = await comment({ contentId: w, commentId, text: '加我微信有优惠' });
    const again = await comment({ contentId: w, commentId, text: 'something else entirely' });
    expect(first.env.data).toEqual({ commentId, state: 'held' });
    expect(again.env.data).toEqual({ commentId, state: 'held' });
    expect((await inbox(a)).data.total).toBe(1);
    const [day] = await t.db.select().from(workDaily).where(eq(workDaily.contentId, w));
    expect(day?.comments).toBe(1);
  });

  it.each([
    ['a platform prohibited word', '这里有 赌博 网站', 'platformWord', /gambling/],
    ['a prohibited word spread apart', '加 我 微 信 返 现', 'platformWord', /加我微信/],
    ['a full-width, traditional evasion', '辦假證找我', 'platformWord', /办假证/],
    ['a word for review (contact details)', '加-微-信 聊聊', 'reviewWord', /contact/],
  ])('holds %s with the reason', async (_name, text, code, reason) => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const res = await comment({ contentId: w, text });
    expect(res.env.data.state).toBe('held');
    const [item] = (await inbox(a, { state: 'held' })).data.list;
    expect(item?.holdCode).toBe(code);
    expect(item?.holdReason).toMatch(reason);
  });

  it("holds the author's blocked words (normalised), blocked readers and everything under hold-all", async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const saved = await post<CommentSettings>(
      '/api/comment/settings',
      { blockedWords: ['二手车商', ' 二 手 车 商 ', '油耗造假'], holdAll: false },
      a,
    );
    expect(saved.data).toEqual({ blockedWords: ['二手车商', '油耗造假'], holdAll: false });
    expect((await comment({ contentId: w, text: '你是 二-手-车-商 吧' })).env.data.state).toBe('held');
    expect((await comment({ contentId: w, text: '油耗造假!' })).env.data.state).toBe('held');
    expect((await comment({ contentId: w, text: '挺好' })).env.data.state).toBe('published');
    expect((await post('/api/reader/block', { readerId: 'troll-1' }, a)).status).toBe(1);
    expect((await comment({ contentId: w, text: '挺好', readerId: 'troll-1' })).env.data.state).toBe('held');
    await post('/api/comment/settings', { blockedWords: [], holdAll: true }, a);
    expect((await comment({ contentId: w, text: '挺好' })).env.data.state).toBe('held');
    const heldMessages = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'comment_held')));
    expect(heldMessages).toHaveLength(4);
    expect(heldMessages.every((m) => m.msgGroup === 1 && m.body.includes('暂缓显示'))).toBe(true);
    const held = (await inbox(a, { state: 'held' })).data.list.map((c) => c.holdCode);
    expect(held.sort()).toEqual(['authorWord', 'authorWord', 'holdAll', 'reader']);
    const reasons = await get<ListData<CommentItem>>('/api/comment/list', { state: 'held' }, a, 'zh-CN');
    expect(reasons.data.list.map((c) => c.holdReason).join()).toMatch(/屏蔽词：二手车商/);
  });

  it('stores HTML as text and refuses bad input with specific messages in both languages', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    await comment({ contentId: w, text: '<script>alert(1)</script><b>x</b>' });
    expect((await inbox(a)).data.list[0]!.text).toBe('<script>alert(1)</script><b>x</b>');
    const tooLong = await comment({ contentId: w, text: 'x'.repeat(1001) });
    expect(tooLong.env.status).toBe(10007);
    expect(tooLong.env.message).toMatch(/1000/);
    expect((await comment({ contentId: w, text: '   ' })).env.status).toBe(10007);
    const badId = await comment({ contentId: w, commentId: 'short' });
    expect(badId.env.status).toBe(10007);
    const old = await comment({ contentId: w, at: '2026-11-10T00:00:00Z' }, 'zh-CN');
    expect(old.env.status).toBe(10007);
    expect(old.env.message).toMatch(/7 天/);
    const ahead = await comment({ contentId: w, at: '2026-11-20T04:06:00Z' });
    expect(ahead.env.message).toMatch(/5 minutes/);
    const unknown = await comment({ contentId: 999_999_999 });
    expect([unknown.http, unknown.env.status]).toEqual([404, 10006]);
    const draft = await createArticle(t.db, a.userId, { status: 'draft' });
    expect((await comment({ contentId: draft.id })).env.status).toBe(10006);
    const wrongKey = await open('POST', '/open/comments', { commentId: vid() }, EN, 'nope');
    expect([wrongKey.http, wrongKey.env.status]).toEqual([401, 10002]);
    expect((await inbox(a)).data.total).toBe(1);
  });

  it('threads replies under their top-level comment and refuses replies to hidden ones or across works', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const other = await work(a.userId);
    const top = vid();
    await comment({ contentId: w, commentId: top });
    const reply = await comment({ contentId: w, parentId: top, readerId: 'reader-2', readerName: '乙' });
    expect(reply.env.data.state).toBe('published');
    const list = (await inbox(a)).data.list;
    const root = list.find((c) => c.parentId === undefined)!;
    const child = list.find((c) => c.parentId !== undefined)!;
    expect(child).toMatchObject({ parentId: root.id, rootId: root.id, parentReaderName: '读者甲' });
    expect(root.replyCount).toBe(1);
    expect((await comment({ contentId: other, parentId: top })).env.status).toBe(0);
    expect((await comment({ contentId: w, parentId: 'no-such-parent-x' })).env.status).toBe(10006);
    await post('/api/comment/batch', { ids: [root.id], action: 'hide' }, a);
    const refused = await comment({ contentId: w, parentId: top });
    expect(refused.env.status).toBe(10008);
    expect(refused.env.message).toMatch(/hidden/);
  });

  it('refuses comments on a work whose comments are off, and barrage when barrage is off', async () => {
    const a = await t.signIn();
    const w = await work(a.userId, 'video');
    const set = await post('/api/comment/work_settings', { contentId: w, commentsOff: true }, a);
    expect(set.data).toEqual({ contentId: w, commentsOff: true, barrageOff: false });
    const closed = await comment({ contentId: w });
    expect([closed.env.status, closed.env.message]).toEqual([10008, 'comments are turned off on this work']);
    expect((await barrage({ contentId: w })).env.status).toBe(1);
    await post('/api/comment/work_settings', { contentId: w, barrageOff: true, commentsOff: false }, a);
    expect((await barrage({ contentId: w })).env.status).toBe(10008);
    expect((await comment({ contentId: w })).env.status).toBe(1);
  });
});

describe('GET /open/comments and /open/barrage: what readers see', () => {
  it('shows published comments only, pinned first, with the author reply, never held, hidden or deleted', async () => {
    const a = await t.signIn({ mediaName: '车评人小王' });
    const w = await work(a.userId);
    const ids = { a: vid(), b: vid(), c: vid(), d: vid() };
    await comment({ contentId: w, commentId: ids.a, text: '第一条', at: '2026-11-20T01:00:00Z' });
    await comment({ contentId: w, commentId: ids.b, text: '第二条', at: '2026-11-20T02:00:00Z' });
    await comment({ contentId: w, commentId: ids.c, text: '加我微信返现' });
    await comment({ contentId: w, commentId: ids.d, text: '要删的', at: '2026-11-20T02:30:00Z' });
    const list = (await inbox(a)).data.list;
    const byText = (s: string) => list.find((c) => c.text === s)!;
    await post('/api/comment/batch', { ids: [byText('要删的').id], action: 'delete' }, a);
    await post('/api/comment/batch', { ids: [byText('第一条').id], action: 'pin' }, a);
    const reply = await post<{ id: number }>(
      '/api/comment/reply',
      { commentId: byText('第二条').id, text: '谢谢！' },
      a,
    );
    expect(reply.status).toBe(1);
    const read = await open<ListData<OpenThread>>('GET', `/open/comments?contentId=${w}&page=1`);
    expect(read.env.data.total).toBe(2);
    expect(read.env.data.list.map((c) => c.text)).toEqual(['第一条', '第二条']);
    expect(read.env.data.list[0]!.pinned).toBe(true);
    const second = read.env.data.list[1]!;
    expect(second.replyCount).toBe(1);
    expect(second.replies[0]).toMatchObject({
      commentId: `author:${reply.data.id}`,
      parentId: ids.b,
      isAuthor: true,
      readerName: '车评人小王',
      text: '谢谢！',
    });
    // a reader answers the author's reply: the author is told in the comments group
    const back = await comment({ contentId: w, parentId: `author:${reply.data.id}`, text: '不客气' });
    expect(back.env.data.state).toBe('published');
    const replies = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'comment_reply')));
    expect(replies).toHaveLength(1);
    // unknown or unpublished works are 10006 on the reader side too
    expect((await open('GET', '/open/comments?contentId=999999999')).env.status).toBe(10006);
  });

  it('lets readers like a comment once (a toggle) and the likes sort the inbox', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const liked = vid();
    await comment({ contentId: w, commentId: liked, text: '被赞的', at: '2026-11-20T01:00:00Z' });
    await comment({ contentId: w, text: '新的' });
    const like = (readerId: string, on = true) =>
      open<{ likes: number }>('POST', '/open/comments/like', { commentId: liked, readerId, liked: on });
    expect((await like('r1')).env.data.likes).toBe(1);
    expect((await like('r1')).env.data.likes).toBe(1);
    expect((await like('r2')).env.data.likes).toBe(2);
    expect((await like('r2', false)).env.data.likes).toBe(1);
    expect((await inbox(a, { sort: 'likes' })).data.list.map((c) => c.text)).toEqual(['被赞的', '新的']);
    expect((await inbox(a, { sort: 'time' })).data.list.map((c) => c.text)).toEqual(['新的', '被赞的']);
  });

  it('shows published and protected barrage by position, never held or deleted; positions past the end refused', async () => {
    const a = await t.signIn();
    const w = await work(a.userId, 'video', 60);
    await barrage({ contentId: w, text: '后', positionMs: 30_000 });
    await barrage({ contentId: w, text: '前', positionMs: 5000, mode: 'top', color: '#ff0000' });
    await barrage({ contentId: w, text: '赌博网站', positionMs: 1000 });
    const past = await barrage({ contentId: w, positionMs: 61_000 });
    expect(past.env.status).toBe(10007);
    expect(past.env.message).toMatch(/60 s/);
    const article = await work(a.userId);
    expect((await barrage({ contentId: article })).env.status).toBe(0);
    const read = await open<{ text: string; mode: string; color: string }[]>(
      'GET',
      `/open/barrage?contentId=${w}`,
    );
    expect(read.env.data.map((b) => b.text)).toEqual(['前', '后']);
    expect(read.env.data[0]).toMatchObject({ mode: 'top', color: '#FF0000' });
    const [day] = await t.db.select().from(workDaily).where(eq(workDaily.contentId, w));
    expect(day?.barrages).toBe(3);
  });
});

describe('the inbox (API.md §12)', () => {
  it('filters by type, work, state, keyword, date and unread, and counts unread per type', async () => {
    const a = await t.signIn();
    const art = await work(a.userId);
    const video = await work(a.userId, 'video');
    await comment({ contentId: art, text: '文章评论 关键词', at: '2026-11-18T20:00:00Z' }); // 19th in Shanghai
    await comment({ contentId: video, text: '视频评论', at: '2026-11-20T03:00:00Z' });
    await comment({ contentId: video, text: '赌博' });
    expect((await inbox(a, { type: 'video' })).data.total).toBe(2);
    expect((await inbox(a, { contentId: art })).data.list[0]!.contentType).toBe('article');
    expect((await inbox(a, { state: 'held' })).data.total).toBe(1);
    expect((await inbox(a, { keyword: '关键' })).data.total).toBe(1);
    expect((await inbox(a, { keyword: '%' })).data.total).toBe(0);
    expect((await inbox(a, { keyword: '读者甲' })).data.total).toBe(3);
    expect((await inbox(a, { from: '2026-11-19', to: '2026-11-19' })).data.list.map((c) => c.text)).toEqual([
      '文章评论 关键词',
    ]);
    const counts = await get<CommentCounts>('/api/comment/counts', {}, a);
    expect(counts.data).toMatchObject({ unread: 3, held: 1 });
    expect(counts.data.unreadByType).toMatchObject({ article: 1, video: 2, dynamic: 0 });
    const first = (await inbox(a, { type: 'article' })).data.list[0]!;
    expect((await post('/api/comment/read', { ids: [first.id] }, a)).data).toEqual({ done: 1 });
    expect((await inbox(a, { unread: true })).data.total).toBe(2);
    expect((await post('/api/comment/read', {}, a)).data).toEqual({ done: 2 });
    expect((await get<CommentCounts>('/api/comment/counts', {}, a)).data.unread).toBe(0);
    const works = await get<ListData<CommentWorkItem>>('/api/comment/work_list', { type: 'video' }, a);
    expect(works.data.list).toEqual([
      expect.objectContaining({ contentId: video, comments: 2, held: 1, unread: 0, duration: 100 }),
    ]);
  });

  it('another author sees nothing of it and gets 10006 for its ids, with nothing done', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const w = await work(a.userId);
    await comment({ contentId: w });
    const mine = (await inbox(a)).data.list[0]!;
    expect((await inbox(b)).data.total).toBe(0);
    const bw = await work(b.userId);
    await comment({ contentId: bw });
    const theirs = (await inbox(b)).data.list[0]!;
    for (const action of ['hide', 'delete', 'pin', 'like', 'publish']) {
      const res = await post('/api/comment/batch', { ids: [theirs.id, mine.id], action }, a);
      expect(res.status).toBe(10006);
    }
    expect((await post('/api/comment/reply', { commentId: theirs.id, text: 'hi' }, a)).status).toBe(10006);
    expect((await post('/api/comment/work_settings', { contentId: bw, commentsOff: true }, a)).status).toBe(
      10006,
    );
    expect((await post('/api/comment/read', { ids: [theirs.id] }, a)).data).toEqual({ done: 0 });
    expect((await inbox(b)).data.list[0]).toMatchObject({
      state: 'published',
      pinned: false,
      authorLiked: false,
      unread: true,
    });
    expect((await inbox(a)).data.list[0]!.state).toBe('published');
  });

  it('acts in bulk on 1–1000 ids in one transaction: repeats skipped, over 1000 refused', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    for (let i = 0; i < 5; i += 1) await comment({ contentId: w, text: `评论${i}` });
    await comment({ contentId: w, text: '赌博' });
    const ids = (await inbox(a)).data.list.map((c) => c.id);
    const hide = await post<BatchResult>('/api/comment/batch', { ids: [...ids, ids[0]], action: 'hide' }, a);
    expect(hide.data).toEqual({ done: 6, skipped: 0 });
    const again = await post<BatchResult>('/api/comment/batch', { ids, action: 'hide' }, a);
    expect(again.data).toEqual({ done: 0, skipped: 6 });
    const publish = await post<BatchResult>('/api/comment/batch', { ids, action: 'publish' }, a);
    expect(publish.data).toEqual({ done: 6, skipped: 0 });
    const tooMany = await post(
      '/api/comment/batch',
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'hide' },
      a,
    );
    expect([tooMany.status, tooMany.message]).toEqual([10007, 'at most 1000 at once']);
    expect((await post('/api/comment/batch', { ids: [], action: 'hide' }, a)).status).toBe(10007);
    expect((await post('/api/comment/batch', { ids, action: 'explode' }, a)).status).toBe(10007);
  });

  it('keeps a comment with a platform prohibited word held, approves the rest, and deletes for good', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    await comment({ contentId: w, text: '赌博网站' });
    await comment({ contentId: w, text: '加微信' });
    const held = (await inbox(a, { state: 'held' })).data.list;
    const gambling = held.find((c) => c.holdCode === 'platformWord')!;
    const contact = held.find((c) => c.holdCode === 'reviewWord')!;
    const refused = await post('/api/comment/batch', { ids: [gambling.id], action: 'publish' }, a, 'zh-CN');
    expect(refused.status).toBe(10008);
    expect(refused.message).toMatch(/违禁词.*赌博/);
    const both = await post<BatchResult>(
      '/api/comment/batch',
      { ids: [gambling.id, contact.id], action: 'publish' },
      a,
    );
    expect(both.data).toEqual({ done: 1, skipped: 1 });
    await post('/api/comment/batch', { ids: [contact.id], action: 'delete' }, a);
    const back = await post('/api/comment/batch', { ids: [contact.id], action: 'publish' }, a);
    expect([back.status, back.message]).toEqual([10008, 'the selection is deleted and cannot be published']);
    expect((await inbox(a)).data.total).toBe(1);
    expect((await inbox(a, { state: 'deleted' })).data.total).toBe(1);
  });

  it('pins one comment per work, likes as the author, and replies (approving a held comment)', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    await comment({ contentId: w, text: '一' });
    await comment({ contentId: w, text: '二' });
    await post('/api/comment/settings', { blockedWords: ['三'], holdAll: false }, a);
    await comment({ contentId: w, text: '三' });
    const list = (await inbox(a)).data.list;
    const [one, two, three] = ['一', '二', '三'].map((s) => list.find((c) => c.text === s)!);
    expect((await post('/api/comment/batch', { ids: [one!.id, two!.id], action: 'pin' }, a)).status).toBe(
      10008,
    );
    await post('/api/comment/batch', { ids: [one!.id], action: 'pin' }, a);
    await post('/api/comment/batch', { ids: [two!.id], action: 'pin' }, a);
    const pinned = (await inbox(a)).data.list.filter((c) => c.pinned).map((c) => c.text);
    expect(pinned).toEqual(['二']);
    const liked = await post<BatchResult>('/api/comment/batch', { ids: [one!.id], action: 'like' }, a);
    expect(liked.data.done).toBe(1);
    expect((await inbox(a)).data.list.find((c) => c.id === one!.id)).toMatchObject({
      likes: 1,
      authorLiked: true,
    });
    const reply = await post<{ id: number }>(
      '/api/comment/reply',
      { commentId: three!.id, text: '已收到' },
      a,
    );
    expect(reply.status).toBe(1);
    expect((await inbox(a)).data.list.find((c) => c.id === three!.id)!.state).toBe('published');
    const thread = await inbox(a, { rootId: three!.id });
    expect(thread.data.list.map((c) => [c.text, c.isAuthor])).toEqual([
      ['三', false],
      ['已收到', true],
    ]);
    const bad = await post('/api/comment/reply', { commentId: one!.id, text: '来 赌 博' }, a);
    expect(bad.status).toBe(10007);
    expect((await post('/api/comment/reply', { commentId: one!.id, text: '' }, a)).status).toBe(10007);
    const pinReply = await post('/api/comment/batch', { ids: [reply.data.id], action: 'pin' }, a);
    expect(pinReply.status).toBe(10008);
  });

  it('blocks a reader across works, hiding what they wrote, and unblocks', async () => {
    const a = await t.signIn();
    const w1 = await work(a.userId);
    const w2 = await work(a.userId, 'video');
    await comment({ contentId: w1, readerId: 'spammer', readerName: '广告号' });
    await comment({ contentId: w2, readerId: 'spammer', readerName: '广告号' });
    await comment({ contentId: w1, readerId: 'good-reader' });
    await barrage({ contentId: w2, readerId: 'spammer' });
    expect((await post('/api/reader/block', { readerId: 'spammer', hideExisting: true }, a)).data).toBeNull();
    const list = (await inbox(a)).data.list;
    expect(list.filter((c) => c.readerId === 'spammer').map((c) => [c.state, c.readerBlocked])).toEqual([
      ['hidden', true],
      ['hidden', true],
    ]);
    expect(list.find((c) => c.readerId === 'good-reader')!.state).toBe('published');
    const bl = await get<ListData<BarrageItem>>('/api/barrage/list', { contentId: w2 }, a);
    expect(bl.data.list[0]).toMatchObject({ state: 'held', holdCode: 'reader', readerBlocked: true });
    const blocked = await get<ListData<{ readerId: string; readerName: string }>>(
      '/api/reader/blocked_list',
      {},
      a,
    );
    expect(blocked.data.list).toEqual([
      expect.objectContaining({ readerId: 'spammer', readerName: '广告号' }),
    ]);
    await post('/api/reader/block', { readerId: 'spammer', unblock: true }, a);
    expect((await comment({ contentId: w1, readerId: 'spammer' })).env.data.state).toBe('published');
    expect((await get<ListData<unknown>>('/api/reader/blocked_list', {}, a)).data.total).toBe(0);
  });

  it('validates settings: empty-after-normalising words and more than 1000 words are refused', async () => {
    const a = await t.signIn();
    const empty = await post('/api/comment/settings', { blockedWords: ['ok', '!!!'], holdAll: false }, a);
    expect(empty.status).toBe(10007);
    expect(empty.message).toMatch(/!!!/);
    const many = Array.from({ length: 1001 }, (_, i) => `词${i}`);
    expect((await post('/api/comment/settings', { blockedWords: many, holdAll: false }, a)).status).toBe(
      10007,
    );
    expect(
      (await post('/api/comment/settings', { blockedWords: ['x'.repeat(31)], holdAll: false }, a)).status,
    ).toBe(10007);
    expect((await get<CommentSettings>('/api/comment/settings', {}, a)).data).toEqual({
      blockedWords: [],
      holdAll: false,
    });
  });
});

describe('list totals: exact up to 10,000, a lower bound past it or for a keyword', () => {
  it('answers total 10,000 with totalCapped past 10,000 comments, exact below', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    await t.db
      .execute(sql`insert into comments (content_id, author_id, content_type, reader_id, reader_name, text,
        state, created_at)
      select ${w}, ${a.userId}, 'article', 'r' || g, '读者', '批量评论 ' || g, 'published',
        now() - g * interval '1 second'
      from generate_series(1, 10001) g`);
    const big = await inbox(a, { pageSize: 20 });
    expect(big.data).toMatchObject({ total: 10_000, totalCapped: true });
    expect(big.data.list).toHaveLength(20);
    const small = await inbox(a, { state: 'held' });
    expect(small.data).toMatchObject({ total: 0, totalCapped: false });
  });

  it('counts a keyword search up to the page and one more', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    for (let i = 0; i < 3; i += 1) await comment({ contentId: w, text: `续航问题${i}` });
    await comment({ contentId: w, text: '别的' });
    const first = await get<ListData<CommentItem> & { totalCapped: boolean }>(
      '/api/comment/list',
      { keyword: '续航', page: 1, pageSize: 2 },
      a,
    );
    expect(first.data).toMatchObject({ total: 3, totalCapped: true });
    const second = await get<ListData<CommentItem> & { totalCapped: boolean }>(
      '/api/comment/list',
      { keyword: '续航', page: 2, pageSize: 2 },
      a,
    );
    expect(second.data).toMatchObject({ total: 3, totalCapped: false });
    expect(second.data.list).toHaveLength(1);
  });

  it('keeps replyCount right when replies of several threads are deleted in one call', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const roots = [vid(), vid()];
    for (const r of roots) await comment({ contentId: w, commentId: r });
    for (const r of roots) for (let i = 0; i < 2; i += 1) await comment({ contentId: w, parentId: r });
    const replies = (await inbox(a)).data.list.filter((c) => c.parentId !== undefined);
    await post(
      '/api/comment/batch',
      { ids: [replies[0]!.id, replies[1]!.id, replies[2]!.id], action: 'delete' },
      a,
    );
    const counts = (await inbox(a)).data.list
      .filter((c) => c.parentId === undefined)
      .map((c) => c.replyCount);
    expect(counts.sort()).toEqual([0, 1]);
  });
});

describe('barrage, the author side (API.md §12)', () => {
  it('lists by video and position, deletes, protects and unprotects in bulk; ownership 10006', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const w = await work(a.userId, 'video');
    await barrage({ contentId: w, text: '二', positionMs: 20_000 });
    await barrage({ contentId: w, text: '一', positionMs: 10_000 });
    await barrage({ contentId: w, text: '三', positionMs: 30_000 });
    const list = (
      await get<ListData<BarrageItem>>('/api/barrage/list', { contentId: w, sort: 'position' }, a)
    ).data;
    expect(list.list.map((x) => x.text)).toEqual(['一', '二', '三']);
    const ids = list.list.map((x) => x.id);
    expect((await post<BatchResult>('/api/barrage/batch', { ids, action: 'protect' }, a)).data).toEqual({
      done: 3,
      skipped: 0,
    });
    expect(
      (await post<BatchResult>('/api/barrage/batch', { ids: [ids[0]], action: 'unprotect' }, a)).data.done,
    ).toBe(1);
    await post('/api/barrage/batch', { ids: [ids[1]], action: 'delete' }, a);
    const protectDeleted = await post('/api/barrage/batch', { ids: [ids[1]], action: 'protect' }, a);
    expect(protectDeleted.status).toBe(10008);
    const read = await open<{ text: string }[]>('GET', `/open/barrage?contentId=${w}`);
    expect(read.env.data.map((x) => x.text)).toEqual(['一', '三']);
    const states = (
      await get<ListData<BarrageItem>>('/api/barrage/list', { contentId: w, state: 'protected' }, a)
    ).data;
    expect(states.list.map((x) => x.text)).toEqual(['三']);
    expect((await post('/api/barrage/batch', { ids, action: 'delete' }, b)).status).toBe(10006);
    expect((await get<ListData<BarrageItem>>('/api/barrage/list', {}, b)).data.total).toBe(0);
  });

  it('releases held barrage but keeps a platform prohibited word held; barrage off only on videos', async () => {
    const a = await t.signIn();
    const w = await work(a.userId, 'video');
    await barrage({ contentId: w, text: '加 微 信 聊' });
    await barrage({ contentId: w, text: '赌博网站' });
    const held = (await get<ListData<BarrageItem>>('/api/barrage/list', { state: 'held' }, a)).data.list;
    const contact = held.find((b) => b.holdCode === 'reviewWord')!;
    const gambling = held.find((b) => b.holdCode === 'platformWord')!;
    const released = await post<BatchResult>(
      '/api/barrage/batch',
      { ids: [contact.id, gambling.id], action: 'publish' },
      a,
    );
    expect(released.data).toEqual({ done: 1, skipped: 1 });
    expect((await post('/api/barrage/batch', { ids: [gambling.id], action: 'publish' }, a)).status).toBe(
      10008,
    );
    const article = await work(a.userId);
    const off = await post('/api/comment/work_settings', { contentId: article, barrageOff: true }, a);
    expect([off.status, off.message]).toEqual([0, 'barrage is for videos and short videos only']);
  });

  it('refuses a reader like of an unknown or hidden comment, and an author reply to a hidden one', async () => {
    const a = await t.signIn();
    const w = await work(a.userId);
    const commentId = vid();
    await comment({ contentId: w, commentId });
    const unknown = await open('POST', '/open/comments/like', {
      commentId: 'no-such-comment',
      readerId: 'r',
      liked: true,
    });
    expect(unknown.env.status).toBe(10006);
    const [item] = (await inbox(a)).data.list;
    await post('/api/comment/batch', { ids: [item!.id], action: 'hide' }, a);
    const hidden = await open('POST', '/open/comments/like', { commentId, readerId: 'r', liked: true });
    expect(hidden.env.status).toBe(10006);
    const reply = await post('/api/comment/reply', { commentId: item!.id, text: '回复' }, a);
    expect([reply.status, reply.message]).toEqual([
      10008,
      'the comment answered is not shown (hidden) and cannot be answered',
    ]);
  });

  it('is idempotent by barrageId', async () => {
    const a = await t.signIn();
    const w = await work(a.userId, 'video');
    const barrageId = vid('b');
    await barrage({ contentId: w, barrageId });
    const again = await barrage({ contentId: w, barrageId, text: '别的' });
    expect(again.env.data).toEqual({ barrageId, state: 'published' });
    expect((await get<ListData<BarrageItem>>('/api/barrage/list', {}, a)).data.total).toBe(1);
  });
});
