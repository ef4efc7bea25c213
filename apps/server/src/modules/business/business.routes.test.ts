import type {
  DeliverableWork,
  ListData,
  OpsOrderItem,
  OrderDetail,
  OrderItem,
  OrderSummary,
  WalletSummary,
} from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessOrders, messages } from '../../db/schema/index.js';
import { DEMO_ACCOUNT, DEMO_PASSWORD, seedDemo } from '../../db/seed.js';
import type { TestAuthor } from '../../test/factories.js';
import { login } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { createPublishedWork } from './business.fixtures.js';

// Issue #14 "Business orders": the author's calls (/api/business/*) and the operators' (/api/ops/business/*,
// role operator, others 10005), through HTTP with the envelope, in both languages.
const t = useTestApp();
const EN = { headers: { 'accept-language': 'en-US' } };
const ZH = { headers: { 'accept-language': 'zh-CN' } };
const HOUR = 3_600_000;
const json = { json: true };

function orderParam(account: string, extra: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    account,
    brand: '星途汽车',
    campaign: '冬季试驾',
    brief: '试驾新车并口播卖点。',
    type: 'implanted_video',
    priceFen: 88_800,
    respondBy: new Date(now + 24 * HOUR).toISOString(),
    deliverBy: new Date(now + 7 * 24 * HOUR).toISOString(),
    revisionsAllowed: 1,
    ...extra,
  };
}

async function invite(op: TestAuthor, author: TestAuthor, extra: Record<string, unknown> = {}) {
  const res = await t.post<OrderDetail>(
    '/api/ops/business/create_order',
    orderParam(author.account, extra),
    op,
    json,
  );
  expect(res.status, res.message).toBe(1);
  return res.data;
}

describe('operators create orders', () => {
  it('creates an invitation (keep days default 60) and messages the author in the business group', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const order = await invite(op, author);
    expect(order).toMatchObject({ state: 'invited', keepDays: 60, priceFen: 88_800, revisionsLeft: 1 });
    const msgs = await t.db.select().from(messages).where(eq(messages.userId, author.userId));
    expect(msgs).toEqual([
      expect.objectContaining({
        kind: 'business_invite',
        msgGroup: 4,
        link: `/businessOrder/detail?id=${order.id}`,
        title: '商单邀约',
      }),
    ]);
  });

  it('an author gets 10005 on every operators’ call', async () => {
    const author = await t.signIn();
    const calls: [string, 'get' | 'post', object][] = [
      ['/api/ops/business/create_order', 'post', orderParam(author.account)],
      ['/api/ops/business/order_list', 'get', {}],
      ['/api/ops/business/order_detail', 'get', { id: 1 }],
      ['/api/ops/business/review_order', 'post', { id: 1, decision: 'approve' }],
      ['/api/ops/business/cancel_order', 'post', { id: 1, note: 'x' }],
    ];
    for (const [url, method, param] of calls) {
      const res =
        method === 'get'
          ? await t.get(url, param, author, EN)
          : await t.post(url, param, author, { ...EN, ...json });
      expect({ url, status: res.status, message: res.message }).toEqual({
        url,
        status: 10005,
        message: 'operators only',
      });
    }
  });

  it('refuses a past respond-by, a deliver-by before it, an unknown account, a zero price (10007/10006)', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const past = await t.post(
      '/api/ops/business/create_order',
      orderParam(author.account, { respondBy: new Date(Date.now() - HOUR).toISOString() }),
      op,
      { ...EN, ...json },
    );
    expect(past).toMatchObject({ status: 10007, message: 'the respond-by time must be in the future' });
    const early = await t.post(
      '/api/ops/business/create_order',
      orderParam(author.account, { deliverBy: new Date(Date.now() + HOUR).toISOString() }),
      op,
      { ...ZH, ...json },
    );
    expect(early).toMatchObject({ status: 10007, message: '交付截止时间必须晚于回复截止时间' });
    const unknown = await t.post('/api/ops/business/create_order', orderParam('nobody_here_x1'), op, {
      ...EN,
      ...json,
    });
    expect(unknown).toMatchObject({ status: 10006, message: 'no such account' });
    const zero = await t.post(
      '/api/ops/business/create_order',
      orderParam(author.account, { priceFen: 0 }),
      op,
      json,
    );
    expect(zero.status).toBe(10007);
    const badType = await t.post(
      '/api/ops/business/create_order',
      orderParam(author.account, { type: 'banner' }),
      op,
      json,
    );
    expect(badType.status).toBe(10007);
    const badTime = await t.post(
      '/api/ops/business/create_order',
      orderParam(author.account, { respondBy: 'tomorrow' }),
      op,
      {
        ...EN,
        ...json,
      },
    );
    expect(badTime.message).toContain('ISO 8601');
    const rows = await t.db.select().from(businessOrders).where(eq(businessOrders.userId, author.userId));
    expect(rows).toEqual([]);
  });

  it('lists every author’s orders with the account, filtered by account and state', async () => {
    const op = await t.signIn({ role: 'operator' });
    const a = await t.signIn();
    const b = await t.signIn();
    const oa = await invite(op, a);
    await invite(op, b);
    const byAccount = await t.get<ListData<OpsOrderItem>>(
      '/api/ops/business/order_list',
      { account: a.account },
      op,
    );
    expect(byAccount.data.list.map((o) => [o.id, o.account])).toEqual([[oa.id, a.account]]);
    const closed = await t.get<ListData<OpsOrderItem>>(
      '/api/ops/business/order_list',
      { account: a.account, state: 'closed' },
      op,
    );
    expect(closed.data.total).toBe(0);
    const detail = await t.get<OrderDetail>('/api/ops/business/order_detail', { id: oa.id }, op);
    expect(detail.data.id).toBe(oa.id);
    const missing = await t.get('/api/ops/business/order_detail', { id: 2_000_000_000 }, op, EN);
    expect(missing).toMatchObject({ status: 10006, message: 'no such order' });
  });
});

describe('the author’s calls, every transition over HTTP', () => {
  it('list, detail, accept, deliver (choose from deliverable works), review, summary', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const order = await invite(op, author);

    let summary = await t.get<OrderSummary>('/api/business/order_summary', {}, author);
    expect(summary.data).toMatchObject({ hasBussinessTask: 1, invited: 1 });

    const list = await t.get<ListData<OrderItem>>('/api/business/order_list', { state: 'invited' }, author);
    expect(list.data.list.map((o) => o.id)).toEqual([order.id]);
    const none = await t.get<ListData<OrderItem>>('/api/business/order_list', { state: 'settled' }, author);
    expect(none.data).toMatchObject({ list: [], total: 0 });

    const detail = await t.get<OrderDetail>('/api/business/order_detail', { id: order.id }, author);
    expect(detail.data).toMatchObject({
      authorActions: ['accept', 'decline'],
      brief: '试驾新车并口播卖点。',
    });
    expect(detail.data.milestones.map((m) => m.key)).toEqual([
      'invite',
      'respond',
      'deliver',
      'review',
      'settle',
      'keep',
    ]);

    const accepted = await t.post<OrderDetail>('/api/business/accept_order', { id: order.id }, author, json);
    expect(accepted.data.state).toBe('accepted');

    const video = await createPublishedWork(t.db, author.userId, 'video');
    const article = await createPublishedWork(t.db, author.userId, 'article');
    const works = await t.get<{ list: DeliverableWork[] }>(
      '/api/business/deliverable_works',
      { id: order.id },
      author,
    );
    expect(works.data.list.map((w) => w.id)).toEqual([video.id]);
    expect(works.data.list.map((w) => w.id)).not.toContain(article.id);

    const wrong = await t.post(
      '/api/business/deliver_order',
      { id: order.id, contentId: article.id },
      author,
      { ...EN, ...json },
    );
    expect(wrong).toMatchObject({
      status: 10007,
      message:
        'an order of type “implanted video” is delivered with a video or a short video; this work is of type “article”',
    });
    const delivered = await t.post<OrderDetail>(
      '/api/business/deliver_order',
      { id: order.id, contentId: video.id },
      author,
      json,
    );
    expect(delivered.data).toMatchObject({ state: 'delivered', work: { id: video.id } });

    const revise = await t.post<OrderDetail>(
      '/api/ops/business/review_order',
      { id: order.id, decision: 'revise', note: '片头加品牌露出' },
      op,
      json,
    );
    expect(revise.data).toMatchObject({ state: 'revision_requested', revisionsLeft: 0 });
    summary = await t.get<OrderSummary>('/api/business/order_summary', {}, author);
    expect(summary.data.hasBussinessTask).toBe(1);

    await t.post('/api/business/deliver_order', { id: order.id, contentId: video.id }, author, json);
    const noMore = await t.post(
      '/api/ops/business/review_order',
      { id: order.id, decision: 'revise', note: '再改' },
      op,
      {
        ...ZH,
        ...json,
      },
    );
    expect(noMore).toMatchObject({
      status: 10008,
      message: '这个商单的 1 次修改机会已用完，只能验收通过或取消',
    });
    const approved = await t.post<OrderDetail>(
      '/api/ops/business/review_order',
      { id: order.id, decision: 'approve' },
      op,
      json,
    );
    expect(approved.data.state).toBe('approved');
    expect(approved.data.settleOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    summary = await t.get<OrderSummary>('/api/business/order_summary', {}, author);
    expect(summary.data).toMatchObject({ hasBussinessTask: 0, pendingFen: 88_800 });

    // the approved work cannot be deleted through the content API
    const del = await t.post('/api/content/delete', { id: video.id }, author, EN);
    expect(del.status).toBe(10008);
    expect(del.message).toMatch(
      /^this work was delivered for a 星途汽车 order and must stay published until \d{4}-\d{2}-\d{2}/,
    );
    const batch = await t.post('/api/content/delete_batch', { ids: [video.id] }, author, { ...ZH, ...json });
    expect(batch.status).toBe(10008);
    expect(batch.message).toContain('星途汽车');

    // every further action names the state
    const again = await t.post('/api/business/accept_order', { id: order.id }, author, { ...EN, ...json });
    expect(again).toMatchObject({ status: 10008, message: 'the order is approved and cannot be accepted' });
    const cancel = await t.post('/api/ops/business/cancel_order', { id: order.id, note: '撤单' }, op, {
      ...EN,
      ...json,
    });
    expect(cancel).toMatchObject({ status: 10008, message: 'the order is approved and cannot be cancelled' });
  });

  it('decline needs a reason (10007) and closes the order', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const order = await invite(op, author);
    const empty = await t.post('/api/business/decline_order', { id: order.id, reason: '  ' }, author, json);
    expect(empty.status).toBe(10007);
    const declined = await t.post<OrderDetail>(
      '/api/business/decline_order',
      { id: order.id, reason: '档期冲突' },
      author,
      json,
    );
    expect(declined.data.state).toBe('declined');
    const closed = await t.get<ListData<OrderItem>>('/api/business/order_list', { state: 'closed' }, author);
    expect(closed.data.list.map((o) => o.id)).toEqual([order.id]);
  });

  it('operators cancel an accepted order; the author sees it cancelled with the note', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const order = await invite(op, author);
    await t.post('/api/business/accept_order', { id: order.id }, author, json);
    const res = await t.post<OrderDetail>(
      '/api/ops/business/cancel_order',
      { id: order.id, note: '品牌方暂停投放' },
      op,
      json,
    );
    expect(res.data.state).toBe('cancelled');
    const detail = await t.get<OrderDetail>('/api/business/order_detail', { id: order.id }, author);
    expect(detail.data.history.at(-1)).toMatchObject({
      action: 'cancel',
      actor: 'operator',
      note: '品牌方暂停投放',
    });
  });

  it('every id-taking call answers 10006 for another author’s order, and deliver for another author’s work', async () => {
    const op = await t.signIn({ role: 'operator' });
    const owner = await t.signIn();
    const intruder = await t.signIn();
    const order = await invite(op, owner);
    const probes = [
      t.get('/api/business/order_detail', { id: order.id }, intruder, EN),
      t.get('/api/business/deliverable_works', { id: order.id }, intruder, EN),
      t.post('/api/business/accept_order', { id: order.id }, intruder, { ...EN, ...json }),
      t.post('/api/business/decline_order', { id: order.id, reason: 'x' }, intruder, { ...EN, ...json }),
      t.post('/api/business/deliver_order', { id: order.id, contentId: 1 }, intruder, { ...EN, ...json }),
    ];
    for (const res of await Promise.all(probes))
      expect(res).toMatchObject({ status: 10006, message: 'no such order' });
    // the owner delivering the intruder's work
    await t.post('/api/business/accept_order', { id: order.id }, owner, json);
    const foreign = await createPublishedWork(t.db, intruder.userId, 'video');
    const res = await t.post('/api/business/deliver_order', { id: order.id, contentId: foreign.id }, owner, {
      ...EN,
      ...json,
    });
    expect(res).toMatchObject({ status: 10006, message: 'no such content' });
    const [row] = await t.db.select().from(businessOrders).where(eq(businessOrders.id, order.id));
    expect(row?.state).toBe('accepted');
  });

  it('refuses bad ids and unknown states with 10007, never 5xx', async () => {
    const author = await t.signIn();
    expect((await t.get('/api/business/order_detail', { id: 0 }, author)).status).toBe(10007);
    expect((await t.get('/api/business/order_list', { state: 'lost' }, author)).status).toBe(10007);
    expect(
      (await t.post('/api/business/deliver_order', { id: 1, contentId: 2_147_483_648 }, author, json)).status,
    ).toBe(10007);
  });
});

describe('the demo seed (issue #14: business messages from real orders)', () => {
  it('has one order settled into the wallet (messages read) and one invitation waiting (message unread)', async () => {
    expect(await seedDemo(t.db, t.config)).toBe(true);
    const demo = await login(t.app, DEMO_ACCOUNT, DEMO_PASSWORD);
    const list = await t.get<ListData<OrderItem>>('/api/business/order_list', {}, demo);
    expect(list.data.list.map((o) => [o.brand, o.state])).toEqual([
      ['星途汽车', 'invited'],
      ['极狐汽车', 'settled'],
    ]);
    const summary = await t.get<OrderSummary>('/api/business/order_summary', {}, demo);
    expect(summary.data).toMatchObject({ hasBussinessTask: 1, settledFen: 1_200_000 });
    const wallet = await t.get<WalletSummary>('/api/wallet/summary', {}, demo);
    expect(wallet.data.balanceFen).toBe(1_200_000);
    const msgs = await t.db.select().from(messages).where(eq(messages.userId, demo.userId));
    const business = msgs.filter((m) => m.msgGroup === 4);
    expect(business.map((m) => [m.kind, m.isRead]).sort()).toEqual(
      [
        ['business_invite', true],
        ['business_order_accepted', true],
        ['business_order_delivered', true],
        ['business_order_approved', true],
        ['business_order_settled', true],
        ['business_invite', false],
      ].sort(),
    );
  });
});
