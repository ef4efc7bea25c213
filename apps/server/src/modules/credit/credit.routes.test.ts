import type {
  CreditAppealResult,
  CreditEntry,
  CreditScore,
  ListData,
  OpsAppealItem,
  OpsDecideAppealResult,
} from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, messages } from '../../db/schema/index.js';
import { createArticle, createUpload, type TestAuthor } from '../../test/factories.js';
import type { TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { publishScheduledArticle, saveWork } from '../content/content.service.js';
import { getCreditScore } from './credit.service.js';

// Issue #14 "Credit score" (docs/api.md "Credit score"): deductions from moderation results with the work and the
// rule, the +3 bonus for a new approved upload, appeals decided by operators, the score and the ledger.
const t = useTestApp();
const EN = { headers: { 'accept-language': 'en-US' } };
const ZH = { headers: { 'accept-language': 'zh-CN' } };
const COVER = ['/media/img/400x300/covers/a.jpg'];
const CLEAN = '<p>这是一段足够长的正文内容，讲的是新车的试驾体验与油耗表现。</p>';
const GAMBLING = '<p>这是一段足够长的正文内容，里面提到了赌博网站，违反平台规则。</p>';
const HELD = '<p>新车到店，想看实车的朋友加 微 信预约，周末可以试驾。</p>';
const APPEAL_REASON = '这篇文章只是报道新闻事件，并没有宣传赌博。';

let seq = 0;
async function publish(author: TestSession, content: string, extra: Record<string, unknown> = {}) {
  const res = await t.post<{ id: number; status: string }>(
    '/api/article/publish',
    { title: `新车试驾体验与油耗实测${++seq}`, content, coverUrls: COVER, publishType: 1, ...extra },
    author,
    { json: true },
  );
  expect(res.status).toBe(1);
  return res.data;
}

const score = (a: TestAuthor) => getCreditScore(t.db, a.user.id);
const ledger = async (a: TestSession) =>
  (await t.get<ListData<CreditEntry>>('/api/credit/ledger', { pageSize: 100 }, a, EN)).data.list;
const appeal = (a: TestSession, entryId: number, reason = APPEAL_REASON, opts = EN) =>
  t.post<CreditAppealResult>('/api/credit/appeal', { entryId, reason }, a, { json: true, ...opts });
const decide = (
  op: TestSession,
  appealId: number,
  decision: 'uphold' | 'dismiss',
  note = '已复核',
  opts = EN,
) =>
  t.post<OpsDecideAppealResult>('/api/ops/credit/decide_appeal', { appealId, decision, note }, op, {
    json: true,
    ...opts,
  });
const messagesOf = (userId: number, kind: string) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));

/** An author with one deduction (a rejected article): its entry. */
async function deducted(author: TestAuthor) {
  const work = await publish(author, GAMBLING);
  expect(work.status).toBe('rejected');
  const [entry] = await ledger(author);
  expect(entry).toMatchObject({ reason: 'violation', work: { id: work.id } });
  return { work, entry: entry! };
}

describe('GET /api/credit/score', () => {
  it('a new author has 100, no restriction, and each threshold says how far away it is', async () => {
    const author = await t.signIn();
    const res = await t.get<CreditScore>('/api/credit/score', {}, author);
    expect(res).toMatchObject({ status: 1 });
    expect(res.data).toEqual({
      score: 100,
      max: 100,
      deltas: { violation: -5, cleanWeek: 1, approvedUpload: 3 },
      thresholds: [
        { key: 'promotion', line: 70, applies: false, margin: 30, violationsAway: 7 },
        { key: 'business_orders', line: 60, applies: false, margin: 40, violationsAway: 9 },
      ],
      pendingAppeals: 0,
      recent: [],
    });
    expect(await t.get('/api/credit/score', {}, null)).toMatchObject({ status: 10002 });
  });

  it('counts the appeals waiting and lists the last changes', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    await appeal(author, entry.id);
    const res = await t.get<CreditScore>('/api/credit/score', {}, author, EN);
    expect(res.data).toMatchObject({ score: 95, pendingAppeals: 1 });
    expect(res.data.recent).toHaveLength(1);
    expect(res.data.recent[0]).toMatchObject({
      delta: -5,
      appealable: false,
      appeal: { state: 'pending' },
    });
  });
});

describe('deductions from moderation results', () => {
  it('an automatic rejection for a prohibited word costs 5 points, naming the work and the rule; the author is told', async () => {
    const author = await t.signIn();
    const work = await publish(author, GAMBLING);
    expect(work.status).toBe('rejected');
    expect(await score(author)).toBe(95);
    const [entry] = await ledger(author);
    expect(entry).toMatchObject({
      delta: -5,
      scoreAfter: 95,
      reason: 'violation',
      work: { id: work.id, type: 'article', title: expect.stringContaining('新车试驾体验') },
      ruleRef: 'publish-prohibited#prohibited-words',
      detail: 'contains a prohibited word: 赌博 (gambling)',
      appeal: null,
      appealable: true,
    });
    const [msg] = await messagesOf(author.user.id, 'credit_deducted');
    expect(msg).toMatchObject({ msgGroup: 8, link: '/growUp/creditScore' });
    expect(msg!.title).toBe('信用分扣除 5 分');
    expect(msg!.body).toContain('当前 95 分');
  });

  it('reviewing the same work again for the same rule does not deduct twice; another work does', async () => {
    const author = await t.signIn();
    const work = await publish(author, GAMBLING);
    const again = await publish(author, GAMBLING, { id: work.id });
    expect(again.status).toBe('rejected');
    expect(await score(author)).toBe(95);
    await publish(author, GAMBLING);
    expect(await score(author)).toBe(90);
    expect((await ledger(author)).map((e) => e.delta)).toEqual([-5, -5]);
  });

  it('a refusal that is no violation (a scheduled article whose image vanished, a title rule) costs nothing', async () => {
    const author = await t.signIn();
    const due = new Date(Date.now() - 60_000);
    // a title of 3 characters breaks the title rule when the scheduled review runs
    const row = await createArticle(t.db, author.user.id, {
      title: '太短了',
      status: 'scheduled',
      scheduledAt: due,
    });
    expect(await publishScheduledArticle(t.db, row.id)).toBe('rejected');
    expect(await score(author)).toBe(100);
    expect(await ledger(author)).toEqual([]);
  });

  it('the scheduled review of an article with a prohibited word deducts, once', async () => {
    const author = await t.signIn();
    const row = await createArticle(t.db, author.user.id, {
      title: '新车试驾体验与油耗实测',
      content: GAMBLING,
      status: 'scheduled',
      scheduledAt: new Date(Date.now() - 60_000),
    });
    expect(await publishScheduledArticle(t.db, row.id)).toBe('rejected');
    expect(await publishScheduledArticle(t.db, row.id)).toBeNull();
    expect(await score(author)).toBe(95);
  });

  it('a video refused for a prohibited word in its description deducts', async () => {
    const author = await t.signIn();
    const key = await createUpload(t.db, author.user.id);
    const res = await t.post<{ id: number; status: string }>(
      '/api/video/publish',
      {
        use: 'video',
        fileUploadId: key,
        title: '新车试驾体验与油耗实测',
        description: '欢迎来网络赌场玩',
        publishType: 1,
      },
      author,
      { json: true },
    );
    expect(res.data.status).toBe('rejected');
    const [entry] = await ledger(author);
    expect(entry).toMatchObject({ delta: -5, work: { id: res.data.id, type: 'video' } });
  });

  it('a work of another type saved with a prohibited word (saveWork) deducts; a dynamic approved earns nothing', async () => {
    const author = await t.signIn();
    const save = (title: string, status: 'published' | 'rejected') =>
      t.db.transaction((tx) =>
        saveWork(tx, author.user.id, {
          type: 'dynamic',
          publishType: 1,
          title,
          content: title,
          coverUrls: [],
          carSeriesIds: [],
          topicId: null,
          review: () =>
            status === 'published'
              ? { status, reason: null, rule: null }
              : {
                  status,
                  reason: {
                    code: 'REVIEW_SENSITIVE_WORD',
                    params: { word: '炸街', rule: { code: 'WORD_RULE_DANGEROUS_DRIVING' } },
                  },
                  rule: 'SENSITIVE_WORD',
                },
        }),
      );
    await save('周末去炸街', 'rejected');
    const [entry] = await ledger(author);
    expect(entry).toMatchObject({
      delta: -5,
      ruleRef: 'publish-prohibited#safety',
      work: { type: 'dynamic' },
    });
    await save('周末去试驾', 'published');
    expect(await score(author)).toBe(95);
  });

  it("an operator's rejection of a held work deducts once; a second decision is refused and deducts nothing", async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const held = await publish(author, HELD);
    expect(held.status).toBe('reviewing');
    expect(await score(author)).toBe(100);
    const res = await t.post(
      '/api/ops/review/decide',
      { id: held.id, decision: 'reject', reason: '站外引流' },
      op,
      { json: true },
    );
    expect(res).toMatchObject({ status: 1, data: { status: 'rejected' } });
    const again = await t.post(
      '/api/ops/review/decide',
      { id: held.id, decision: 'reject', reason: '站外引流' },
      op,
      { json: true },
    );
    expect(again.status).toBe(10008);
    expect(await score(author)).toBe(95);
    const [entry] = await ledger(author);
    expect(entry).toMatchObject({
      reason: 'violation',
      ruleRef: 'publish-prohibited#manual-review',
      work: { id: held.id },
    });
    expect(entry!.detail).toContain('站外引流');
  });
});

describe('the bonus for a new approved upload', () => {
  it('+3 below 100, once per work and at most once per 24 hours; nothing at 100', async () => {
    const author = await t.signIn();
    await publish(author, CLEAN);
    expect(await ledger(author)).toEqual([]); // at 100 nothing is added (and no row is made)
    await publish(author, GAMBLING);
    await publish(author, GAMBLING);
    expect(await score(author)).toBe(90);
    const first = await publish(author, CLEAN);
    expect(first.status).toBe('published');
    expect(await score(author)).toBe(93);
    const [entry] = await ledger(author);
    expect(entry).toMatchObject({ delta: 3, reason: 'approved_upload', work: { id: first.id } });
    // a second approval within 24 hours, and the same work again, add nothing
    await publish(author, CLEAN);
    await publish(author, CLEAN, { id: first.id });
    expect(await score(author)).toBe(93);
    // 24 hours later a new work earns it again, the same work never
    await t.db
      .update(creditLedger)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(creditLedger.id, entry!.id));
    await publish(author, CLEAN, { id: first.id });
    expect(await score(author)).toBe(93);
    await publish(author, CLEAN);
    expect(await score(author)).toBe(96);
  });

  it("an operator's approval of a held work earns the bonus when below 100", async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    await publish(author, GAMBLING);
    const held = await publish(author, HELD);
    await t.post('/api/ops/review/decide', { id: held.id, decision: 'approve' }, op, { json: true });
    expect(await score(author)).toBe(98);
  });

  it('is capped at 100', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    const op = await t.signIn({ role: 'operator' });
    const made = await appeal(author, entry.id);
    await decide(op, made.data.id, 'uphold');
    // 95 → 100 by the appeal; then the 2 points of a +3 would pass the top: nothing recorded
    await publish(author, CLEAN);
    expect(await score(author)).toBe(100);
    expect((await ledger(author)).map((e) => e.reason)).toEqual(['appeal_upheld', 'violation']);
  });
});

describe('POST /api/credit/appeal', () => {
  it('appeals a deduction: pending, shown on the entry, no longer appealable', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    const res = await appeal(author, entry.id, `  ${APPEAL_REASON}  `);
    expect(res).toMatchObject({
      status: 1,
      data: { entryId: entry.id, state: 'pending', reason: APPEAL_REASON, note: null, decidedAt: null },
    });
    const [after] = await ledger(author);
    expect(after).toMatchObject({ appealable: false, appeal: { id: res.data.id, state: 'pending' } });
  });

  it('a second appeal of the same deduction is 10008 naming the state, in both languages', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    await appeal(author, entry.id);
    const en = await appeal(author, entry.id);
    expect(en).toMatchObject({ status: 10008, ercd: 'CONFLICT' });
    expect(en.message).toBe(
      'this deduction was already appealed (the appeal is pending); each deduction can be appealed once',
    );
    const zh = await appeal(author, entry.id, APPEAL_REASON, ZH);
    expect(zh.message).toBe('这次扣分已经申诉过（申诉待处理），每次扣分只能申诉一次');
  });

  it("another author's entry, or no such entry, is 10006", async () => {
    const owner = await t.signIn();
    const intruder = await t.signIn();
    const { entry } = await deducted(owner);
    const res = await appeal(intruder, entry.id);
    expect(res).toMatchObject({ status: 10006, message: 'no such credit score entry' });
    expect(await appeal(intruder, 2_000_000_000)).toMatchObject({ status: 10006 });
    expect(await appeal(owner, entry.id)).toMatchObject({ status: 1 });
  });

  it('only deductions can be appealed: 10008 naming what the entry is', async () => {
    const author = await t.signIn();
    await deducted(author);
    await publish(author, CLEAN);
    const [bonus] = await ledger(author);
    expect(bonus).toMatchObject({ reason: 'approved_upload', appealable: false });
    const en = await appeal(author, bonus!.id);
    expect(en).toMatchObject({ status: 10008 });
    expect(en.message).toBe(
      'only deductions for violations can be appealed; this entry is a bonus for a new approved work',
    );
    const zh = await appeal(author, bonus!.id, APPEAL_REASON, ZH);
    expect(zh.message).toBe('只能申诉违规扣分，这条记录是“新作品过审加分”');
  });

  it('the reason must be 10–500 characters (10007 naming the field, both languages)', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    const short = await appeal(author, entry.id, '九个字的申诉理由啊');
    expect(short).toMatchObject({ status: 10007 });
    expect(short.message).toBe('the reason of an appeal must be 10-500 characters');
    expect((short.data as unknown as { fields: { path: string }[] }).fields[0]!.path).toBe('reason');
    const zh = await appeal(author, entry.id, '   太短   ', ZH);
    expect(zh.message).toBe('申诉理由需要 10–500 个字');
    expect(await appeal(author, entry.id, '字'.repeat(501))).toMatchObject({ status: 10007 });
    expect(await appeal(author, entry.id, '\u0000'.repeat(20))).toMatchObject({ status: 10007 });
    // exactly 10 characters (code points, emoji included) is enough
    expect(await appeal(author, entry.id, '十个字的申诉理由啊😀')).toMatchObject({ status: 1 });
  });
});

describe('operators: the appeal queue and decisions', () => {
  it('authors are refused the operators’ calls (10005)', async () => {
    const author = await t.signIn();
    const { entry } = await deducted(author);
    const made = await appeal(author, entry.id);
    expect(await t.get('/api/ops/credit/appeal_list', {}, author, EN)).toMatchObject({ status: 10005 });
    expect(await decide(author, made.data.id, 'uphold')).toMatchObject({ status: 10005 });
    expect(await score(author)).toBe(95);
  });

  it('the queue shows pending appeals with the work, the rule, the deduction and the reason, oldest first', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const { work, entry } = await deducted(author);
    const made = await appeal(author, entry.id);
    const res = await t.get<ListData<OpsAppealItem>>(
      '/api/ops/credit/appeal_list',
      { state: 'pending', pageSize: 100 },
      op,
      EN,
    );
    const item = res.data.list.find((i) => i.id === made.data.id);
    expect(item).toMatchObject({
      state: 'pending',
      reason: APPEAL_REASON,
      author: { id: author.user.id, account: author.account },
      score: 95,
      entry: {
        id: entry.id,
        delta: -5,
        reason: 'violation',
        work: { id: work.id, type: 'article' },
        ruleRef: 'publish-prohibited#prohibited-words',
        detail: 'contains a prohibited word: 赌博 (gambling)',
      },
      operatorName: null,
    });
    const ids = res.data.list.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('uphold restores the points once, tells the author; a second decision or appeal is 10008 naming the state', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator', mediaName: '运营小王' });
    const { entry } = await deducted(author);
    const made = await appeal(author, entry.id);
    const res = await decide(op, made.data.id, 'uphold', '经复核属于新闻报道，恢复分数');
    expect(res).toMatchObject({
      status: 1,
      data: { id: made.data.id, state: 'upheld', restored: 5, score: 100 },
    });
    const list = await ledger(author);
    expect(list[0]).toMatchObject({
      delta: 5,
      scoreAfter: 100,
      reason: 'appeal_upheld',
      work: entry.work,
      ruleRef: entry.ruleRef,
    });
    expect(list[1]).toMatchObject({
      id: entry.id,
      appeal: { state: 'upheld', note: '经复核属于新闻报道，恢复分数' },
    });
    const [msg] = await messagesOf(author.user.id, 'credit_appeal_upheld');
    expect(msg).toMatchObject({ link: '/growUp/creditScore', title: '申诉成功，信用分已恢复' });
    expect(msg!.body).toContain('恢复 5 分');

    const twice = await decide(op, made.data.id, 'dismiss');
    expect(twice).toMatchObject({ status: 10008 });
    expect(twice.message).toBe(
      'this appeal is already decided (upheld, the points restored) and cannot be decided again',
    );
    const zh = await decide(op, made.data.id, 'uphold', '再来一次', ZH);
    expect(zh.message).toBe('这条申诉已处理（已通过，分数已恢复），不能再次处理');
    expect(await score(author)).toBe(100);
    const reappeal = await appeal(author, entry.id);
    expect(reappeal).toMatchObject({ status: 10008 });
    expect(reappeal.message).toContain('upheld');
    // the operator's name shows on the decided list
    const decided = await t.get<ListData<OpsAppealItem>>(
      '/api/ops/credit/appeal_list',
      { state: 'upheld', pageSize: 100 },
      op,
    );
    expect(decided.data.list.find((i) => i.id === made.data.id)?.operatorName).toBe('运营小王');
  });

  it('dismiss keeps the score and tells the author; deciding again is 10008 "dismissed"', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const { entry } = await deducted(author);
    const made = await appeal(author, entry.id);
    const res = await decide(op, made.data.id, 'dismiss', '含有赌博网站推广');
    expect(res.data).toEqual({ id: made.data.id, state: 'dismissed', restored: 0, score: 95 });
    expect(await score(author)).toBe(95);
    const [msg] = await messagesOf(author.user.id, 'credit_appeal_dismissed');
    expect(msg!.body).toContain('含有赌博网站推广');
    const again = await decide(op, made.data.id, 'uphold');
    expect(again).toMatchObject({ status: 10008 });
    expect(again.message).toContain('(dismissed)');
    expect(await score(author)).toBe(95);
    const reappeal = await appeal(author, entry.id);
    expect(reappeal.message).toBe(
      'this deduction was already appealed (the appeal is dismissed); each deduction can be appealed once',
    );
  });

  it('an unknown appeal is 10006; a missing note is 10007 (both languages)', async () => {
    const op = await t.signIn({ role: 'operator' });
    expect(await decide(op, 2_000_000_000, 'uphold')).toMatchObject({
      status: 10006,
      message: 'no such appeal',
    });
    const author = await t.signIn();
    const { entry } = await deducted(author);
    const made = await appeal(author, entry.id);
    const en = await decide(op, made.data.id, 'dismiss', '   ');
    expect(en).toMatchObject({ status: 10007, message: 'a note is required: the author will read it' });
    const zh = await decide(op, made.data.id, 'dismiss', '', ZH);
    expect(zh.message).toBe('请填写处理说明，作者会看到它');
    expect(await decide(op, made.data.id, 'dismiss', '字'.repeat(201))).toMatchObject({ status: 10007 });
    expect(await decide(op, made.data.id, 'reject' as 'dismiss')).toMatchObject({ status: 10007 });
  });

  it('an upheld appeal restores no more than the top allows', async () => {
    const author = await t.signIn();
    const op = await t.signIn({ role: 'operator' });
    const { entry } = await deducted(author); // 95
    await publish(author, CLEAN); // 98
    const made = await appeal(author, entry.id);
    const res = await decide(op, made.data.id, 'uphold');
    expect(res.data).toMatchObject({ restored: 2, score: 100 });
    const [msg] = await messagesOf(author.user.id, 'credit_appeal_upheld');
    expect(msg!.body).toContain('恢复 2 分');
  });
});

describe('GET /api/credit/ledger', () => {
  it('pages newest first; the work title is as it was, the rule text in the language asked', async () => {
    const author = await t.signIn();
    const first = await publish(author, GAMBLING);
    await publish(author, GAMBLING);
    await publish(author, GAMBLING);
    const page1 = await t.get<ListData<CreditEntry>>(
      '/api/credit/ledger',
      { page: 1, pageSize: 2 },
      author,
      ZH,
    );
    expect(page1.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.data.list.map((e) => e.scoreAfter)).toEqual([85, 90]);
    expect(page1.data.list[0]!.detail).toBe('包含违禁词：赌博（赌博）');
    const page2 = await t.get<ListData<CreditEntry>>('/api/credit/ledger', { page: 2, pageSize: 2 }, author);
    expect(page2.data.list.map((e) => e.work?.id)).toEqual([first.id]);
    expect(await t.get('/api/credit/ledger', { pageSize: 101 }, author)).toMatchObject({ status: 10007 });
  });
});
