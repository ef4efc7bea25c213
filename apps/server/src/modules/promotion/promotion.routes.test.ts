import { randomUUID } from 'node:crypto';
import type {
  CouponDetail,
  CouponItem,
  Envelope,
  ListData,
  OpenPromotionList,
  OpsCouponItem,
  PromotionDetail,
  PromotionItem,
} from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { DEV_OPEN_SITE_KEY } from '../../config.js';
import {
  contents,
  coupons,
  creditScores,
  messages,
  promotions,
  walletEntries,
} from '../../db/schema/index.js';
import { createArticle, type TestAuthor } from '../../test/factories.js';
import { body, signedGet, signedPost } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { getWalletBalance, postWalletEntry } from '../wallet/wallet.service.js';
import { promotionJobs } from '../../jobs/promotion.js';
import { expireCoupons, runDelivery, tickPromotion } from './promotion.service.js';
import { testCoupon } from './test-support.js';

// issue #14 "Coupons and promotion" (docs/api.md): coupons granted by operators and tasks, a
// promotion paid by a coupon and the wallet in one transaction, its delivery counted from `/open/events`
// events carrying its promotionId, charged and ended by the delivery job, the unspent cash refunded once.
// A second app on the same database runs on a clock the tests move.
const t = useTestApp();
const HOUR = 3_600_000;
let clock = new Date(Math.floor(Date.now() / 60_000) * 60_000);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(t.config, { handle: t.handle, clock: () => clock });
  await app.ready();
});
afterAll(() => app.close());
const tz = () => t.config.reportTz;
const later = (ms: number) => new Date(clock.getTime() + ms);
const EN = 'en-US';
const ZH = 'zh-CN';

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  param: unknown,
  a: TestAuthor,
  lang = EN,
): Promise<Envelope<T>> {
  const opts = { session: a, json: true, headers: { 'accept-language': lang } };
  return body<T>(
    method === 'GET' ? await signedGet(app, url, param, opts) : await signedPost(app, url, param, opts),
  );
}

async function fund(userId: number, fen: number) {
  await t.db.transaction((tx) =>
    postWalletEntry(tx, {
      userId,
      amountFen: fen,
      kind: 'operator_adjustment',
      ref: 'test',
      key: randomUUID(),
    }),
  );
}
const balance = (userId: number) => getWalletBalance(t.db, userId);
const publishedWork = (userId: number) =>
  createArticle(t.db, userId, { status: 'published', publishedAt: new Date(clock.getTime() - 24 * HOUR) });
const coupon = (userId: number, fields: Parameters<typeof testCoupon>[2] = {}) =>
  testCoupon(t.db, userId, { expiresAt: later(30 * 24 * HOUR), ...fields });

function create(a: TestAuthor, param: Record<string, unknown>, lang = EN) {
  return call<PromotionItem>(
    'POST',
    '/api/promotion/create',
    { goal: 'views', hours: 6, budgetFen: 10_000, key: randomUUID(), ...param },
    a,
    lang,
  );
}

let seq = 0;
const eventId = () => `pe-${process.pid}-${++seq}-xxxxxxxx`;
/** Sends reader events through `POST /open/events`; every one must be accepted. */
async function send(events: Record<string, unknown>[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/open/events',
    headers: { 'x-site-key': DEV_OPEN_SITE_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({ events: events.map((e) => ({ eventId: eventId(), ...e })) }),
  });
  const env = JSON.parse(res.body) as Envelope<{ accepted: number; rejected: unknown[] }>;
  expect(env.data?.rejected).toEqual([]);
  expect(env.data?.accepted).toBe(events.length);
}
/** `n` promoted events of `type` by distinct readers, at `at`. */
const promotedEvents = (
  p: { id: number; contentId: number },
  type: 'impression' | 'view',
  n: number,
  at: Date,
  reader = (i: number) => `r-${p.id}-${type}-${i}`,
) =>
  Array.from({ length: n }, (_, i) => ({
    type,
    at: at.toISOString(),
    readerId: reader(i),
    contentId: p.contentId,
    source: 'promotion',
    promotionId: p.id,
  }));

async function openPromotions(key: string | null = DEV_OPEN_SITE_KEY) {
  const res = await app.inject({
    method: 'GET',
    url: '/open/promotions',
    headers: key === null ? {} : { 'x-site-key': key },
  });
  return JSON.parse(res.body) as Envelope<OpenPromotionList>;
}

async function messagesOf(userId: number, kind: string) {
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.kind, kind)));
}

describe('coupons', () => {
  it('an operator grants a coupon to an account: the author lists it and gets one message; a repeat key grants nothing', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const param = {
      account: a.account,
      valueFen: 3000,
      minSpendFen: 10_000,
      validDays: 7,
      note: '新作者扶持',
      key: 'welcome-1',
    };
    const first = await call<OpsCouponItem>('POST', '/api/ops/promotion/grant_coupon', param, op);
    expect(first.status).toBe(1);
    expect(first.data).toMatchObject({
      userId: a.userId,
      account: a.account,
      valueFen: 3000,
      minSpendFen: 10_000,
      state: 'available',
      source: 'operator',
      sourceRef: `operator:${op.userId}`,
      note: '新作者扶持',
    });
    // valid to the end of the REPORT_TZ day 7 days on
    const expires = new Date(first.data.expiresAt).getTime();
    expect(expires).toBeGreaterThan(clock.getTime() + 7 * 24 * HOUR - 24 * HOUR);
    expect(expires).toBeLessThanOrEqual(clock.getTime() + 8 * 24 * HOUR);
    const again = await call<OpsCouponItem>(
      'POST',
      '/api/ops/promotion/grant_coupon',
      { ...param, valueFen: 9999 },
      op,
    );
    expect(again.data?.id).toBe(first.data.id);
    expect(again.data?.valueFen).toBe(3000);
    const mine = await call<ListData<CouponItem>>(
      'GET',
      '/api/promotion/coupon_list',
      { state: 'available' },
      a,
    );
    expect(mine.data?.list.map((c) => c.id)).toEqual([first.data.id]);
    const sent = await messagesOf(a.userId, 'coupon_granted');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toBe('你获得了一张 30.00 元推广券');
    expect(sent[0]!.link).toBe(`/growthInterest/couponDetail?id=${first.data.id}`);
    const listed = await call<ListData<OpsCouponItem>>(
      'GET',
      '/api/ops/promotion/coupon_list',
      { account: a.account },
      op,
    );
    expect(listed.data?.total).toBe(1);
  });

  it('operators only: an author gets 10005; an unknown account 10006; a value of 0 or a day count of 0 10007', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const grant = { account: a.account, valueFen: 100, validDays: 1, key: 'k-1' };
    const asAuthor = await call('POST', '/api/ops/promotion/grant_coupon', grant, a);
    expect(asAuthor.status).toBe(10005);
    expect((await call('GET', '/api/ops/promotion/coupon_list', {}, a)).status).toBe(10005);
    const unknown = await call(
      'POST',
      '/api/ops/promotion/grant_coupon',
      { ...grant, account: 'nobody_x_404' },
      op,
    );
    expect(unknown.status).toBe(10006);
    for (const bad of [
      { valueFen: 0 },
      { valueFen: -100 },
      { validDays: 0 },
      { minSpendFen: -1 },
      { key: '' },
    ]) {
      const env = await call<{ fields: { path: string }[] }>(
        'POST',
        '/api/ops/promotion/grant_coupon',
        { ...grant, ...bad },
        op,
      );
      expect(env.status).toBe(10007);
      expect(env.data?.fields[0]?.path).toBe(Object.keys(bad)[0]);
    }
    expect(await t.db.select().from(coupons).where(eq(coupons.userId, a.userId))).toHaveLength(0);
  });

  it('lists by state: an available coupon past its expiry lists as expired, and the daily job marks it', async () => {
    const a = await t.signIn();
    const fresh = await coupon(a.userId);
    const old = await coupon(a.userId, { expiresAt: new Date(clock.getTime() - 1000) });
    const list = async (state: string) =>
      (await call<ListData<CouponItem>>('GET', '/api/promotion/coupon_list', { state }, a)).data.list.map(
        (c) => [c.id, c.state],
      );
    expect(await list('available')).toEqual([[fresh, 'available']]);
    expect(await list('expired')).toEqual([[old, 'expired']]);
    expect(await expireCoupons(t.db, clock)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, old));
    expect(row!.state).toBe('expired');
    expect(await list('expired')).toEqual([[old, 'expired']]);
    // the job again changes nothing
    await expireCoupons(t.db, clock);
    expect(await list('available')).toEqual([[fresh, 'available']]);
  });

  it("coupon_detail: mine with the promotion it paid; another author's is 10006 in both languages", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const work = await publishedWork(a.userId);
    const couponId = await coupon(a.userId, { valueFen: 10_000 });
    const p = await create(a, { contentId: work.id, couponId });
    expect(p.status).toBe(1);
    const detail = await call<CouponDetail>('GET', '/api/promotion/coupon_detail', { id: couponId }, a);
    expect(detail.data).toMatchObject({
      state: 'used',
      promotionId: p.data.id,
      promotion: { id: p.data.id, contentId: work.id, contentTitle: work.title, couponFen: 10_000 },
    });
    const en = await call('GET', '/api/promotion/coupon_detail', { id: couponId }, b);
    expect([en.status, en.message]).toEqual([10006, 'no such coupon']);
    const zh = await call('GET', '/api/promotion/coupon_detail', { id: couponId }, b, ZH);
    expect([zh.status, zh.message]).toEqual([10006, '推广券不存在']);
  });
});

describe('create a promotion', () => {
  it('pays with the coupon first and the rest from the wallet, in one go; the coupon is used for it', async () => {
    const a = await t.signIn();
    await fund(a.userId, 20_000);
    const work = await publishedWork(a.userId);
    const couponId = await coupon(a.userId, { valueFen: 3000, minSpendFen: 5000 });
    const env = await create(a, {
      contentId: work.id,
      goal: 'fans',
      hours: 12,
      budgetFen: 8000,
      couponId,
      targeting: { gender: 'male', ageBands: ['25-30', '31-40'], regions: ['CN-BJ'] },
    });
    expect(env.status).toBe(1);
    expect(env.data).toMatchObject({
      contentId: work.id,
      contentTitle: work.title,
      goal: 'fans',
      hours: 12,
      budgetFen: 8000,
      couponId,
      couponFen: 3000,
      cashFen: 5000,
      unitPriceFen: 100,
      state: 'running',
      spentFen: 0,
      costPerViewFen: null,
      costPerFanFen: null,
      targeting: { gender: 'male', ageBands: ['25-30', '31-40'], regions: ['CN-BJ'] },
    });
    expect(new Date(env.data.endsAt).getTime() - new Date(env.data.startsAt).getTime()).toBe(12 * HOUR);
    expect(await balance(a.userId)).toBe(15_000);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c).toMatchObject({ state: 'used', promotionId: env.data.id });
    const spend = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, a.userId));
    expect(spend.filter((e) => e.kind === 'promotion_spend')).toMatchObject([
      { amountFen: -5000, ref: `promotion:${env.data.id}`, key: `promotion:${env.data.id}:spend` },
    ]);
  });

  it('a repeated key answers the first promotion and pays nothing twice', async () => {
    const a = await t.signIn();
    await fund(a.userId, 10_000);
    const work = await publishedWork(a.userId);
    const couponId = await coupon(a.userId, { valueFen: 2000 });
    const key = randomUUID();
    const first = await create(a, { contentId: work.id, budgetFen: 6000, couponId, key });
    const again = await create(a, { contentId: work.id, budgetFen: 6000, couponId, key });
    // even with other fields, the key names the first create
    const third = await create(a, { contentId: work.id, budgetFen: 9000, key });
    expect(first.status).toBe(1);
    expect(again.data?.id).toBe(first.data.id);
    expect(third.data?.id).toBe(first.data.id);
    expect(await balance(a.userId)).toBe(6000);
    expect(await t.db.select().from(promotions).where(eq(promotions.userId, a.userId))).toHaveLength(1);
  });

  it('a wallet that cannot pay the rest refuses with 10008 and nothing is half-done: the coupon stays available', async () => {
    const a = await t.signIn();
    await fund(a.userId, 1000);
    const work = await publishedWork(a.userId);
    const couponId = await coupon(a.userId, { valueFen: 2000 });
    const en = await create(a, { contentId: work.id, budgetFen: 5000, couponId });
    expect([en.status, en.message]).toEqual([
      10008,
      'the wallet balance of 10.00 yuan cannot cover 30.00 yuan',
    ]);
    const zh = await create(a, { contentId: work.id, budgetFen: 5000, couponId }, ZH);
    expect([zh.status, zh.message]).toEqual([10008, '钱包余额 10.00 元，不足以支付 30.00 元']);
    expect(await balance(a.userId)).toBe(1000);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(c).toMatchObject({ state: 'available', promotionId: null });
    expect(await t.db.select().from(promotions).where(eq(promotions.userId, a.userId))).toHaveLength(0);
    // with a budget the coupon and wallet cover, the same coupon works
    expect((await create(a, { contentId: work.id, budgetFen: 3000, couponId })).status).toBe(1);
    expect(await balance(a.userId)).toBe(0);
  });

  it(`a credit score below the line refuses with 10005 in both languages`, async () => {
    const a = await t.signIn();
    await fund(a.userId, 10_000);
    const work = await publishedWork(a.userId);
    await t.db.insert(creditScores).values({ userId: a.userId, score: 65, updatedAt: clock });
    const en = await create(a, { contentId: work.id });
    expect([en.status, en.message]).toEqual([
      10005,
      'a credit score of 65 is below 70: promotion is not available',
    ]);
    const zh = await create(a, { contentId: work.id }, ZH);
    expect(zh.message).toBe('信用分 65 低于 70，暂不能投放推广');
    expect(await balance(a.userId)).toBe(10_000);
    // at the line it is allowed
    await t.db.update(creditScores).set({ score: 70 }).where(eq(creditScores.userId, a.userId));
    expect((await create(a, { contentId: work.id })).status).toBe(1);
  });

  it('one running promotion per work (10008 naming it); another work is fine', async () => {
    const a = await t.signIn();
    await fund(a.userId, 30_000);
    const work = await publishedWork(a.userId);
    const first = await create(a, { contentId: work.id });
    const second = await create(a, { contentId: work.id });
    expect([second.status, second.message]).toEqual([
      10008,
      `promotion #${first.data.id} of this work is still running; start another one when it ends`,
    ]);
    expect(await balance(a.userId)).toBe(20_000);
    expect((await create(a, { contentId: (await publishedWork(a.userId)).id })).status).toBe(1);
    // once it ends, the work can be promoted again
    await call('POST', '/api/promotion/stop', { id: first.data.id }, a);
    expect((await create(a, { contentId: work.id })).status).toBe(1);
  });

  it("only my published works: another author's, a draft, a deleted or a rejected work is 10006", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await fund(a.userId, 10_000);
    const theirs = await publishedWork(b.userId);
    const draft = await createArticle(t.db, a.userId);
    const deleted = await createArticle(t.db, a.userId, { status: 'deleted', deletedAt: clock });
    const rejected = await createArticle(t.db, a.userId, { status: 'rejected' });
    for (const w of [theirs, draft, deleted, rejected]) {
      const env = await create(a, { contentId: w.id });
      expect([env.status, env.message]).toEqual([10006, 'only a published work of your own can be promoted']);
    }
    expect(await balance(a.userId)).toBe(10_000);
  });

  it('coupon refusals: expired, used, a budget under its minimum spend, another author’s — nothing paid', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await fund(a.userId, 50_000);
    const work = await publishedWork(a.userId);
    const expired = await coupon(a.userId, { expiresAt: new Date(clock.getTime() - 60_000) });
    const e1 = await create(a, { contentId: work.id, couponId: expired });
    expect(e1.status).toBe(10008);
    expect(e1.message).toMatch(/^this coupon expired at /);
    const e1zh = await create(a, { contentId: work.id, couponId: expired }, ZH);
    expect(e1zh.message).toMatch(/^这张券已于 .* 过期$/);
    // marked expired by the job: named by its state
    await expireCoupons(t.db, clock);
    const e1b = await create(a, { contentId: work.id, couponId: expired });
    expect([e1b.status, e1b.message]).toEqual([10008, 'this coupon is expired and cannot be spent']);

    const big = await coupon(a.userId, { valueFen: 1000, minSpendFen: 20_000 });
    const e2 = await create(a, { contentId: work.id, couponId: big, budgetFen: 10_000 }, ZH);
    expect(e2.status).toBe(10007);
    expect(e2.message).toBe('这张券需预算满 200.00 元才能使用，当前预算 100.00 元');

    const theirs = await coupon(b.userId);
    const e3 = await create(a, { contentId: work.id, couponId: theirs });
    expect([e3.status, e3.message]).toEqual([10006, 'no such coupon']);
    expect((await create(a, { contentId: work.id, couponId: 2_000_000_000 })).status).toBe(10006);

    const once = await coupon(a.userId, { valueFen: 500 });
    expect((await create(a, { contentId: work.id, couponId: once })).status).toBe(1);
    const other = await publishedWork(a.userId);
    const e4 = await create(a, { contentId: other.id, couponId: once }, ZH);
    expect([e4.status, e4.message]).toEqual([10008, '这张券已使用，不能再使用']);
    expect(await balance(a.userId)).toBe(50_000 - 9500);
    const [theirCoupon] = await t.db.select().from(coupons).where(eq(coupons.id, theirs));
    expect(theirCoupon!.state).toBe('available');
  });

  it('amounts of 0 or below, under the minimum or absurd, a wrong duration or goal: 10007', async () => {
    const a = await t.signIn();
    await fund(a.userId, 10_000);
    const work = await publishedWork(a.userId);
    for (const [bad, path] of [
      [{ budgetFen: 0 }, 'budgetFen'],
      [{ budgetFen: -500 }, 'budgetFen'],
      [{ budgetFen: 999 }, 'budgetFen'],
      [{ budgetFen: 10.5 }, 'budgetFen'],
      [{ budgetFen: 1e12 }, 'budgetFen'],
      [{ hours: 7 }, 'hours'],
      [{ goal: 'likes' }, 'goal'],
      [{ targeting: { regions: ['XX'] } }, 'targeting.regions.0'],
      [{ key: 'has space' }, 'key'],
    ] as const) {
      const env = await create(a, { contentId: work.id, ...bad });
      expect(env.status, JSON.stringify(bad)).toBe(10007);
      expect((env.data as unknown as { fields: { path: string }[] }).fields[0]?.path).toBe(path);
    }
    const zh = await create(a, { contentId: work.id, hours: 7 }, ZH);
    expect(zh.message).toBe('推广时长须为 6、12 或 24 小时');
    expect(await balance(a.userId)).toBe(10_000);
  });
});

describe('delivery', () => {
  /** A running promotion of a new work of a new author, paid from the wallet (budget, goal). */
  async function running(budgetFen = 10_000, goal: 'views' | 'fans' = 'views', hours = 6, couponFen = 0) {
    const a = await t.signIn();
    await fund(a.userId, budgetFen);
    const work = await publishedWork(a.userId);
    const couponId = couponFen > 0 ? await coupon(a.userId, { valueFen: couponFen }) : undefined;
    const env = await create(a, {
      contentId: work.id,
      budgetFen,
      goal,
      hours,
      ...(couponId ? { couponId } : {}),
    });
    expect(env.status).toBe(1);
    return { a, p: env.data, work };
  }

  it('charges each promoted view at the price, counts only this work’s events, and shows promoted vs natural', async () => {
    const { a, p } = await running(10_000);
    const start = new Date(p.startsAt);
    clock = new Date(start.getTime() + 90 * 60_000);
    const inFirstHour = new Date(start.getTime() + 10 * 60_000);
    const inSecondHour = new Date(start.getTime() + 70 * 60_000);
    await send([
      ...promotedEvents(p, 'impression', 10, inFirstHour),
      ...promotedEvents(p, 'view', 4, inFirstHour),
      ...promotedEvents(p, 'view', 2, inSecondHour, (i) => `late-${p.id}-${i}`),
      // natural traffic of the work
      { type: 'view', at: inFirstHour.toISOString(), readerId: `n-${p.id}`, contentId: p.contentId },
      { type: 'impression', at: inSecondHour.toISOString(), readerId: `n-${p.id}`, contentId: p.contentId },
    ]);
    // this promotion's id on another work credits nothing
    const other = await publishedWork(a.userId);
    await send(promotedEvents({ id: p.id, contentId: other.id }, 'view', 5, inFirstHour));
    expect(await tickPromotion(t.db, p.id, clock, tz())).toBe('charged');
    const list = await call<ListData<PromotionItem>>('GET', '/api/promotion/list', { state: 'running' }, a);
    expect(list.data?.list[0]).toMatchObject({
      id: p.id,
      impressions: 10,
      views: 6,
      fans: 0,
      spentFen: 12,
      costPerViewFen: 2,
      costPerFanFen: null,
    });
    const detail = await call<PromotionDetail>('GET', '/api/promotion/detail', { id: p.id }, a);
    expect(detail.data?.traffic).toEqual({
      promotedImpressions: 10,
      naturalImpressions: 1,
      promotedViews: 6,
      naturalViews: 1,
    });
    expect(detail.data?.series).toHaveLength(6);
    expect(detail.data?.series.slice(0, 2)).toEqual([
      { hour: start.toISOString(), promotedImpressions: 10, promotedViews: 4, naturalViews: 1, fans: 0 },
      {
        hour: new Date(start.getTime() + HOUR).toISOString(),
        promotedImpressions: 0,
        promotedViews: 2,
        naturalViews: 0,
        fans: 0,
      },
    ]);
    // a repeated tick charges the same
    await tickPromotion(t.db, p.id, clock, tz());
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row!.spentFen).toBe(12);
  });

  it('goal fans: charges each new fan who had a promoted event, not other followers', async () => {
    const { a, p } = await running(10_000, 'fans');
    const start = new Date(p.startsAt);
    clock = new Date(start.getTime() + 30 * 60_000);
    const at = (min: number) => new Date(start.getTime() + min * 60_000).toISOString();
    await send([
      ...promotedEvents(p, 'impression', 3, new Date(at(1)), (i) => `f-${p.id}-${i}`),
      { type: 'follow', at: at(2), readerId: `f-${p.id}-0`, authorId: a.userId },
      { type: 'follow', at: at(2), readerId: `f-${p.id}-1`, authorId: a.userId },
      // a follower who never saw the promotion
      { type: 'follow', at: at(3), readerId: `organic-${p.id}`, authorId: a.userId },
    ]);
    expect(await tickPromotion(t.db, p.id, clock, tz())).toBe('charged');
    const detail = await call<PromotionDetail>('GET', '/api/promotion/detail', { id: p.id }, a);
    expect(detail.data).toMatchObject({ fans: 2, spentFen: 200, costPerFanFen: 100 });
    expect(detail.data?.series[0]?.fans).toBe(2);
  });

  it('ends when the budget is spent: never charged beyond it, nothing refunded, the author told', async () => {
    const { a, p } = await running(1000, 'views', 6, 400);
    const start = new Date(p.startsAt);
    clock = new Date(start.getTime() + 20 * 60_000);
    await send(promotedEvents(p, 'view', 700, new Date(start.getTime() + 5 * 60_000)));
    expect(await tickPromotion(t.db, p.id, clock, tz())).toBe('budget');
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row).toMatchObject({
      state: 'ended',
      stopReason: 'budget',
      spentFen: 1000,
      refundedFen: 0,
      views: 700,
    });
    // funded 1,000, paid 600 of cash (the coupon paid 400): nothing comes back
    expect(await balance(a.userId)).toBe(400);
    const sent = await messagesOf(a.userId, 'promotion_ended');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('预算已用完');
    expect(sent[0]!.link).toBe(`/growthInterest/myPromotion?id=${p.id}`);
    // no longer offered to the reader site
    expect((await openPromotions()).data?.list.map((x) => x.promotionId)).not.toContain(p.id);
  });

  it('ends when its time is up and refunds the unspent cash once, even when the job runs twice', async () => {
    const { a, p } = await running(10_000, 'views', 6, 3000);
    const start = new Date(p.startsAt);
    clock = new Date(start.getTime() + 10 * 60_000);
    await send(promotedEvents(p, 'view', 100, new Date(start.getTime() + 5 * 60_000)));
    clock = new Date(start.getTime() + 6 * HOUR + 60_000);
    expect(await tickPromotion(t.db, p.id, clock, tz())).toBe('time');
    expect(await tickPromotion(t.db, p.id, clock, tz())).toBe('skipped');
    await runDelivery(t.db, clock, tz());
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.id));
    // spent 200 of 10,000; unspent 9,800, but at most the 7,000 of cash: the coupon's part is consumed
    expect(row).toMatchObject({ state: 'ended', stopReason: 'time', spentFen: 200, refundedFen: 7000 });
    expect(row!.stoppedAt?.toISOString()).toBe(p.endsAt);
    expect(await balance(a.userId)).toBe(7000 + 3000);
    const refunds = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, a.userId));
    expect(refunds.filter((e) => e.kind === 'promotion_refund')).toMatchObject([
      { amountFen: 7000, key: `promotion:${p.id}:refund` },
    ]);
    expect(await messagesOf(a.userId, 'promotion_ended')).toHaveLength(1);
  });

  it('ends when the work is deleted or rejected; /open/promotions stops offering it at once', async () => {
    const one = await running(5000);
    const two = await running(5000);
    clock = new Date(new Date(two.p.startsAt).getTime() + 60_000);
    const offered = (await openPromotions()).data.list.map((x) => x.promotionId);
    expect(offered).toEqual(expect.arrayContaining([one.p.id, two.p.id]));
    await t.db
      .update(contents)
      .set({ status: 'deleted', deletedAt: clock })
      .where(eq(contents.id, one.work.id));
    await t.db.update(contents).set({ status: 'rejected' }).where(eq(contents.id, two.work.id));
    const now = (await openPromotions()).data.list.map((x) => x.promotionId);
    expect(now).not.toContain(one.p.id);
    expect(now).not.toContain(two.p.id);
    expect(await tickPromotion(t.db, one.p.id, clock, tz())).toBe('work');
    expect(await tickPromotion(t.db, two.p.id, clock, tz())).toBe('work');
    expect(await balance(one.a.userId)).toBe(5000);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, two.p.id));
    expect(row).toMatchObject({ stopReason: 'work', refundedFen: 5000 });
    const [msg] = await messagesOf(two.a.userId, 'promotion_ended');
    expect(msg!.body).toContain('作品已删除、被驳回或不再公开');
  });

  it('the author stops early: charged for what it delivered, the rest refunded; stopping again is 10008', async () => {
    const { a, p } = await running(10_000);
    const start = new Date(p.startsAt);
    clock = new Date(start.getTime() + 30 * 60_000);
    await send(promotedEvents(p, 'view', 50, new Date(start.getTime() + 60_000)));
    const stopped = await call<PromotionItem>('POST', '/api/promotion/stop', { id: p.id }, a);
    expect(stopped.data).toMatchObject({
      state: 'ended',
      stopReason: 'author',
      views: 50,
      spentFen: 100,
      refundedFen: 9900,
      stoppedAt: clock.toISOString(),
    });
    expect(await balance(a.userId)).toBe(9900);
    // events after the stop are not charged
    clock = new Date(start.getTime() + 40 * 60_000);
    await send(promotedEvents(p, 'view', 50, new Date(start.getTime() + 35 * 60_000), (i) => `after-${i}`));
    await runDelivery(t.db, clock, tz());
    const again = await call('POST', '/api/promotion/stop', { id: p.id }, a);
    expect([again.status, again.message]).toEqual([10008, 'this promotion has ended and cannot be stopped']);
    const zh = await call('POST', '/api/promotion/stop', { id: p.id }, a, ZH);
    expect(zh.message).toBe('这个推广已结束，不能停止');
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.id));
    expect(row).toMatchObject({ spentFen: 100, views: 50, refundedFen: 9900 });
    expect(await balance(a.userId)).toBe(9900);
  });
});

describe('the jobs as declared (jobs/promotion.ts)', () => {
  it('promotion-delivery every minute and at start ends what is due; coupon-expiry daily marks expired coupons', async () => {
    const delivery = promotionJobs.find((j) => j.name === 'promotion-delivery')!;
    const expiry = promotionJobs.find((j) => j.name === 'coupon-expiry')!;
    expect([delivery.cron, delivery.atStart]).toEqual(['* * * * *', true]);
    expect([expiry.cron, expiry.reportTz, expiry.atStart]).toEqual(['5 0 * * *', true, true]);
    const a = await t.signIn();
    await fund(a.userId, 5000);
    const work = await publishedWork(a.userId);
    clock = new Date();
    const p = await create(a, { contentId: work.id, budgetFen: 5000, hours: 6 });
    const old = await coupon(a.userId, { expiresAt: new Date(clock.getTime() - 1000) });
    const at = new Date(clock.getTime() + 7 * HOUR);
    const summary = await delivery.run(t.db, at, { reportTz: tz() });
    expect(summary.ended).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, p.data.id));
    expect(row).toMatchObject({ state: 'ended', stopReason: 'time', refundedFen: 5000 });
    expect(await balance(a.userId)).toBe(5000);
    expect((await expiry.run(t.db, at, { reportTz: tz() })).expired).toBeGreaterThanOrEqual(1);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, old));
    expect(c!.state).toBe('expired');
  });
});

describe('GET /open/promotions', () => {
  it('needs the site key and lists only running promotions within their time, with their targeting', async () => {
    expect((await openPromotions(null)).status).toBe(10002);
    expect((await openPromotions('wrong-key')).status).toBe(10002);
    const a = await t.signIn();
    await fund(a.userId, 20_000);
    const w1 = await publishedWork(a.userId);
    const w2 = await publishedWork(a.userId);
    clock = new Date();
    const p1 = await create(a, { contentId: w1.id, goal: 'fans', targeting: { regions: ['CN-SH'] } });
    const p2 = await create(a, { contentId: w2.id });
    await call('POST', '/api/promotion/stop', { id: p2.data.id }, a);
    const env = await openPromotions();
    expect(env.status).toBe(1);
    const mine = env.data.list.filter((x) => x.promotionId === p1.data.id || x.promotionId === p2.data.id);
    expect(mine).toEqual([
      {
        promotionId: p1.data.id,
        contentId: w1.id,
        goal: 'fans',
        targeting: { regions: ['CN-SH'] },
        startsAt: p1.data.startsAt,
        endsAt: p1.data.endsAt,
      },
    ]);
    // past its end it is no longer offered, even before the job ends it
    clock = new Date(new Date(p1.data.endsAt).getTime() + 1000);
    expect((await openPromotions()).data.list.map((x) => x.promotionId)).not.toContain(p1.data.id);
  });
});
