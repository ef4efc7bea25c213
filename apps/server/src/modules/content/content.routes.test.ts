import { type ContentDetail, type ContentListItem, type ListData, MsgGroup } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages } from '../../db/schema/index.js';
import { createArticle } from '../../test/factories.js';
import { body, signedGet, signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Article publishing and content management (API.md §9, issue #2) on the server.
const t = useTestApp();

const COVER = ['/media/img/400x300/covers/a.jpg'];
const GOOD_TITLE = '一篇关于新能源汽车的文章';
const GOOD_BODY = '<p>这是一段正文，长度足够十个字。</p>';

const publish = (s: TestSession, param: Record<string, unknown>) =>
  signedPost(
    t.app,
    '/api/article/publish',
    { coverUrls: COVER, title: GOOD_TITLE, content: GOOD_BODY, publishType: 1, ...param },
    { session: s },
  );

function fieldsOf(res: Awaited<ReturnType<typeof publish>>) {
  return body<{ fields: { path: string; message: string }[] }>(res).data.fields;
}

describe('article rules (the same schema as the client)', () => {
  it('title: 5.5 weighted refused, 6 accepted, 30 accepted, 30.5 refused (mixed CJK/ASCII)', async () => {
    const a = await t.signIn();
    const t55 = await publish(a, { title: '车评abcdefg' }); // 2 + 7×½ = 5.5
    expect(body(t55).status).toBe(10007);
    expect(fieldsOf(t55)).toEqual([{ path: 'title', message: 'title must be 6-30 characters' }]);
    expect(body(await publish(a, { title: '车评abcdefgh' })).status).toBe(1); // 6
    const thirty = '汽'.repeat(25) + 'abcdefghij'; // 25 + 5
    expect(body(await publish(a, { title: thirty })).status).toBe(1);
    const thirtyHalf = '汽'.repeat(25) + 'abcdefghijk'; // 25 + 5.5
    expect(fieldsOf(await publish(a, { title: thirtyHalf }))).toEqual([
      { path: 'title', message: 'title must be 6-30 characters' },
    ]);
  });

  it('title: emoji refused', async () => {
    const a = await t.signIn();
    expect(fieldsOf(await publish(a, { title: '今天试驾了这台车🚗很好' }))).toEqual([
      { path: 'title', message: 'title cannot contain emoji' },
    ]);
  });

  it('body: 9 characters refused, 10 accepted, 100000 accepted, 100001 refused', async () => {
    const a = await t.signIn();
    expect(fieldsOf(await publish(a, { content: `<p>${'字'.repeat(9)}</p>` }))).toEqual([
      { path: 'content', message: 'body must be 10-100000 characters' },
    ]);
    expect(body(await publish(a, { content: `<p>${'字'.repeat(10)}</p>` })).status).toBe(1);
    expect(body(await publish(a, { content: `<p>${'字'.repeat(100_000)}</p>` }))).toMatchObject({
      status: 1,
      data: { status: 'published' },
    });
    expect(fieldsOf(await publish(a, { content: `<p>${'字'.repeat(100_001)}</p>` }))).toEqual([
      { path: 'content', message: 'body must be 10-100000 characters' },
    ]);
  });

  it('a draft needs only a title', async () => {
    const a = await t.signIn();
    const res = await publish(a, { publishType: 0, title: '草稿', content: '', coverUrls: [] });
    expect(body(res)).toMatchObject({ status: 1, data: { status: 'draft' } });
  });
});

describe('publish and review', () => {
  it('publishes, stores sanitized HTML and sends a group-8 message', async () => {
    const a = await t.signIn();
    const res = await publish(a, {
      content:
        '<p onclick="x()">正文内容足够长了吗是的<script>alert(1)</script><img src="/media/img/0x0/a.png" onerror="x"></p><a href="javascript:alert(1)">link</a>',
    });
    const env = body<{ id: number; status: string }>(res);
    expect(env).toMatchObject({ status: 1, data: { status: 'published' } });
    const [row] = await t.db.select().from(contents).where(eq(contents.id, env.data.id));
    expect(row!.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(row!.content).toContain('<img src="/media/img/0x0/a.png">');
    expect(row!.publishedAt).not.toBeNull();
    const msgs = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_published')));
    expect(
      msgs.some((m) => (m.params as { id: number }).id === env.data.id && m.msgGroup === MsgGroup.SYSTEM),
    ).toBe(true);
  });

  it('rejects a sensitive word with the reason naming it, and messages the author', async () => {
    const a = await t.signIn();
    const res = await publish(a, { content: '<p>这台车的价格就像赌博一样难以预测</p>' });
    const env = body<{ id: number; status: string }>(res);
    expect(env.data.status).toBe('rejected');
    const detail = body<ContentDetail>(
      await signedGet(t.app, '/api/content/detail', { id: env.data.id }, { session: a }),
    ).data;
    expect(detail).toMatchObject({
      status: 'rejected',
      rejectReason: 'contains a prohibited word: 赌博 (gambling)',
      publishedAt: null,
    });
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.userId), eq(messages.kind, 'article_rejected')));
    expect(msg).toMatchObject({
      msgGroup: 8,
      isRead: false,
      params: { id: env.data.id, reason: 'contains a prohibited word: 赌博 (gambling)', word: '赌博' },
    });
    expect(msg!.body).toContain('赌博');
  });

  it('re-reviews when a published article is published again, and a fixed one is published', async () => {
    const a = await t.signIn();
    const first = body<{ id: number }>(await publish(a, {})).data;
    const again = body<{ id: number; status: string }>(
      await publish(a, { id: first.id, title: '这篇文章提到了刷单的问题' }),
    ).data;
    expect(again).toEqual({ id: first.id, status: 'rejected' });
    const fixed = body<{ id: number; status: string }>(await publish(a, { id: first.id })).data;
    expect(fixed).toEqual({ id: first.id, status: 'published' });
  });

  it('a deleted article cannot be edited (10008)', async () => {
    const a = await t.signIn();
    const row = await createArticle(t.db, a.userId, { status: 'deleted' });
    const res = await publish(a, { id: row.id });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ status: 10008, ercd: 'CONFLICT' });
  });
});

describe('ownership: another author gets 10006', () => {
  it('B can neither read, update nor delete A\u2019s article; A can', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const row = await createArticle(t.db, a.userId, { title: 'A 的私有文章标题', status: 'published' });
    const read = await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: b });
    expect(read.statusCode).toBe(404);
    expect(body(read)).toMatchObject({ status: 10006, data: null });
    expect(body(await publish(b, { id: row.id, title: 'B 想改掉这篇文章' })).status).toBe(10006);
    expect(body(await signedPost(t.app, '/api/content/delete', { id: row.id }, { session: b })).status).toBe(
      10006,
    );
    // Nothing changed.
    const [still] = await t.db.select().from(contents).where(eq(contents.id, row.id));
    expect(still).toMatchObject({ title: 'A 的私有文章标题', status: 'published', userId: a.userId });
    // A can.
    expect(
      body<ContentDetail>(await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: a })).data
        .title,
    ).toBe('A 的私有文章标题');
    expect(body(await publish(a, { id: row.id })).status).toBe(1);
    expect(body(await signedPost(t.app, '/api/content/delete', { id: row.id }, { session: a }))).toEqual({
      status: 1,
      message: 'success',
      data: null,
    });
    expect(body(await signedGet(t.app, '/api/content/detail', { id: row.id }, { session: a })).status).toBe(
      10006,
    );
  });

  it('a missing id is the same 10006', async () => {
    const a = await t.signIn();
    expect(body(await signedGet(t.app, '/api/content/detail', { id: 999_999 }, { session: a })).status).toBe(
      10006,
    );
  });
});

describe('content list', () => {
  it('filters by type, status and keyword, newest update first, without deleted items, paginated', async () => {
    const s = await t.signIn();
    const base = Date.now();
    const at = (m: number) => new Date(base - m * 60_000);
    await createArticle(t.db, s.userId, {
      title: '宝马三系长测',
      status: 'published',
      updatedAt: at(3),
      views: 10,
    });
    await createArticle(t.db, s.userId, { title: '奔驰C级对比', status: 'draft', updatedAt: at(2) });
    await createArticle(t.db, s.userId, { title: '宝马X3试驾', status: 'published', updatedAt: at(1) });
    await createArticle(t.db, s.userId, { title: '已删除的宝马', status: 'deleted', updatedAt: at(0) });
    await createArticle(t.db, s.userId, {
      type: 'video',
      title: '宝马视频',
      status: 'published',
      updatedAt: at(5),
    });
    const list = async (param: Record<string, unknown>) =>
      body<ListData<ContentListItem>>(await signedGet(t.app, '/api/content/list', param, { session: s }))
        .data;

    const all = await list({});
    expect(all.total).toBe(4);
    expect(all.list.map((i) => i.title)).toEqual(['宝马X3试驾', '奔驰C级对比', '宝马三系长测', '宝马视频']);
    expect((await list({ type: 'article', status: 'published' })).list.map((i) => i.title)).toEqual([
      '宝马X3试驾',
      '宝马三系长测',
    ]);
    expect((await list({ keyword: '宝马' })).total).toBe(3);
    expect((await list({ keyword: '%' })).total).toBe(0);
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.list.map((i) => i.title)).toEqual(['宝马视频']);
    expect(all.list[2]).toMatchObject({
      coverUrl: '/media/img/400x300/covers/a.jpg',
      stats: { views: 10, likes: 0, comments: 0, shares: 0 },
      rejectReason: null,
    });
    expect(body(await signedGet(t.app, '/api/content/list', { pageSize: 101 }, { session: s })).status).toBe(
      10007,
    );
  });
});
