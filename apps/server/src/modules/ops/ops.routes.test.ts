import type { ListData, OpsReviewItem, OpsUser, Permissions } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents, messages } from '../../db/schema/index.js';
import type { TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Issue #10 "Review" and "Permissions", API.md §13: works the rules cannot decide wait for an operator
// (`/api/ops/review/*`, role operator, others 10005); operators set an author's permissions (spec §6).
const t = useTestApp();
const EN = { headers: { 'accept-language': 'en-US' } };
const COVER = ['/media/img/400x300/covers/a.jpg'];
const BODY = '<p>新车到店，想看实车的朋友加 微 信预约，周末可以试驾。</p>';

async function heldArticle(author: TestSession) {
  const res = await t.post<{ id: number; status: string }>(
    '/api/article/publish',
    { title: '新车到店实拍与试驾预约', content: BODY, coverUrls: COVER, publishType: 1 },
    author,
    { json: true },
  );
  expect(res.data.status).toBe('reviewing');
  return res.data.id;
}

describe('the review queue', () => {
  it('a held word ("加 微 信", spaced) sends the work to the queue with the reason, and the author a message', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const id = await heldArticle(author);
    const list = await t.get<ListData<OpsReviewItem>>('/api/ops/review/list', { pageSize: 100 }, op, EN);
    const item = list.data.list.find((i) => i.id === id);
    expect(item).toMatchObject({ type: 'article', authorId: author.userId });
    expect(item!.holdReason).toBe(
      'contains a word that needs a person to review it: 加微信 (off-platform contact details)',
    );
    expect(item!.excerpt).toContain('加 微 信预约');
    const held = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, author.userId), eq(messages.kind, 'work_held')));
    expect(held).toHaveLength(1);
  });

  it('approve publishes the work and messages the author; a second decision is 10008', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const id = await heldArticle(author);
    const res = await t.post('/api/ops/review/decide', { id, decision: 'approve' }, op, { json: true });
    expect(res).toMatchObject({ status: 1, data: { id, status: 'published' } });
    const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
    expect(row).toMatchObject({ status: 'published', holdMessage: null });
    expect(row!.publishedAt).not.toBeNull();
    const again = await t.post('/api/ops/review/decide', { id, decision: 'reject', reason: '重复' }, op, {
      json: true,
    });
    expect(again.status).toBe(10008);
    const list = await t.get<ListData<OpsReviewItem>>('/api/ops/review/list', { pageSize: 100 }, op);
    expect(list.data.list.some((i) => i.id === id)).toBe(false);
  });

  it("reject needs a reason (10007); the author sees the operator's reason in both languages", async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const id = await heldArticle(author);
    const missing = await t.post<{ fields: { path: string; code: string }[] }>(
      '/api/ops/review/decide',
      { id, decision: 'reject' },
      op,
      { json: true },
    );
    expect(missing.status).toBe(10007);
    expect(missing.data.fields.map((f) => `${f.path}:${f.code}`)).toEqual(['reason:OPS_REASON_REQUIRED']);
    const res = await t.post(
      '/api/ops/review/decide',
      { id, decision: 'reject', reason: '含站外联系方式' },
      op,
      {
        json: true,
      },
    );
    expect(res).toMatchObject({ status: 1, data: { status: 'rejected' } });
    const en = await t.get<{ rejectReason: string }>('/api/content/detail', { id }, author, EN);
    expect(en.data.rejectReason).toBe('rejected by a reviewer: 含站外联系方式');
    const zh = await t.get<{ rejectReason: string }>('/api/content/detail', { id }, author);
    expect(zh.data.rejectReason).toBe('人工审核未通过：含站外联系方式');
  });

  it('authors get 10005 on every operator call', async () => {
    const author = await t.signIn();
    const id = await heldArticle(author);
    expect((await t.get('/api/ops/review/list', {}, author)).status).toBe(10005);
    expect(
      (await t.post('/api/ops/review/decide', { id, decision: 'approve' }, author, { json: true })).status,
    ).toBe(10005);
    expect((await t.get('/api/ops/user/permissions', { account: 'x' }, author)).status).toBe(10005);
    expect(
      (await t.post('/api/ops/user/set_permissions', { account: 'x', grade: 5 }, author, { json: true }))
        .status,
    ).toBe(10005);
    const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
    expect(row!.status).toBe('reviewing');
  });

  it('a prohibited word still rejects at once, without the queue', async () => {
    const author = await t.signIn();
    const res = await t.post<{ status: string }>(
      '/api/article/publish',
      {
        title: '新车到店实拍与试驾预约',
        content: '<p>加微信，网络赌场返现，十个字以上。</p>',
        coverUrls: COVER,
        publishType: 1,
      },
      author,
      { json: true },
    );
    expect(res.data.status).toBe('rejected');
  });
});

describe('permissions (spec §6)', () => {
  it('an operator grants the dynamic area, a grade, a short-video limit and a white list; the author reads them', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const before = await t.get<Permissions>('/api/user/permissions', {}, author);
    expect(before.data).toMatchObject({
      dynamicShow: 0,
      rankResult: 0,
      smallVideoMaxSeconds: 60,
      whiteLists: [],
    });
    const account = (await t.get<OpsUser>('/api/ops/user/permissions', { account: author.account }, op)).data
      .account;
    expect(account).toBe(author.account);
    const set = await t.post<OpsUser>(
      '/api/ops/user/set_permissions',
      { account, dynamicShow: 1, smallVideoMaxSeconds: 120, whiteLists: ['program'] },
      op,
      { json: true },
    );
    expect(set.data.permissions).toMatchObject({
      dynamicShow: 1,
      rankResult: 1,
      grade: 1,
      smallVideoMaxSeconds: 120,
      smallVideoMaxSecondsSet: true,
    });
    expect((await t.get('/api/program/get_user_grade', {}, author)).data).toEqual({
      rankResult: 1,
      grade: 1,
    });
    expect((await t.get('/api/dynamic/get_dynamic_auth', {}, author)).data).toEqual({ dynamicShow: 1 });
    expect((await t.get('/api/small_video/get_duration_permission', {}, author)).data).toEqual({
      maxDurationSeconds: 120,
    });
    // 0 returns the limit to the grade rule
    const reset = await t.post<OpsUser>(
      '/api/ops/user/set_permissions',
      { account, smallVideoMaxSeconds: 0, grade: 3, whiteLists: [] },
      op,
      { json: true },
    );
    expect(reset.data.permissions).toMatchObject({
      smallVideoMaxSeconds: 300,
      smallVideoMaxSecondsSet: false,
      rankResult: 1,
    });
  });

  it('an unknown account is 10006; a limit above the cap is 10007', async () => {
    const op = await t.signIn({ role: 'operator' });
    expect((await t.get('/api/ops/user/permissions', { account: 'nobody_here' }, op)).status).toBe(10006);
    const author = await t.signIn();
    const res = await t.post(
      '/api/ops/user/set_permissions',
      { account: author.account, smallVideoMaxSeconds: 5000 },
      op,
      { json: true },
    );
    expect(res.status).toBe(10007);
  });
});
