import { MsgGroup, renderMessageKind } from '@cc/contracts';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessOrders,
  contents,
  creditScores,
  messages,
  users,
  walletEntries,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { businessJobs } from '../../jobs/business.js';
import { createArticle, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { deleteContent, deleteContentBatch } from '../content/content.service.js';
import { getWalletBalance } from '../wallet/wallet.service.js';
import { createOperator, createPublishedWork, createTestOrder, TEST_TZ } from './business.fixtures.js';
import * as service from './business.service.js';

const t = useTestApp();
const opts = { reportTz: TEST_TZ };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2030-03-10 10:00 in Asia/Shanghai */
const NOW = new Date('2030-03-10T02:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

/** The refusal `p` rejects with (fails the test when it resolves). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return e;
}

async function author(fields: Parameters<typeof createUser>[2] = {}) {
  return createUser(t.db, t.config, fields);
}

async function orderRow(id: number) {
  const [row] = await t.db.select().from(businessOrders).where(eq(businessOrders.id, id));
  return row!;
}

async function messagesOf(userId: number) {
  return t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.id));
}

/** An order of `userId` moved to `state` through the service (operators act as a new operator). */
async function orderIn(
  userId: number,
  state: 'invited' | 'accepted' | 'delivered' | 'revision_requested' | 'approved',
  fields: Parameters<typeof createTestOrder>[2] = {},
) {
  const order = await createTestOrder(t, userId, fields, NOW);
  // workId 0 until a work is delivered
  if (state === 'invited') return { ...order, workId: 0 };
  await service.acceptOrder(t.db, userId, order.id, at(HOUR), opts);
  if (state === 'accepted') return { ...order, workId: 0 };
  const work = await createPublishedWork(t.db, userId, order.type.endsWith('video') ? 'video' : 'article');
  await service.deliverOrder(t.db, userId, order.id, work.id, at(2 * HOUR), opts);
  if (state === 'delivered') return { ...order, workId: work.id };
  const op = await createOperator(t);
  if (state === 'revision_requested') {
    await service.reviewOrder(
      t.db,
      op.id,
      { id: order.id, decision: 'revise', note: '口播太短' },
      at(3 * HOUR),
      opts,
    );
    return { ...order, workId: work.id };
  }
  await service.reviewOrder(t.db, op.id, { id: order.id, decision: 'approve' }, at(3 * HOUR), opts);
  return { ...order, workId: work.id };
}

const job = businessJobs[0]!;

describe('the whole way: invite → accept → deliver → approve → settle T+3 (issue #14 "Business orders")', () => {
  it('moves through every step with a message each, settles exactly once into the wallet', async () => {
    const u = await author();
    const order = await createTestOrder(t, u.id, { priceFen: 123_456 }, NOW);
    expect(order).toMatchObject({ state: 'invited', awaitingAuthor: true, revisionsLeft: 2, settleOn: null });
    expect(order.nextDeadline).toBe(at(DAY).toISOString());
    expect(order.history).toEqual([
      expect.objectContaining({ from: null, to: 'invited', action: 'create', actor: 'operator' }),
    ]);

    const accepted = await service.acceptOrder(t.db, u.id, order.id, at(HOUR), opts);
    expect(accepted).toMatchObject({ state: 'accepted', awaitingAuthor: false, authorActions: ['deliver'] });
    expect(accepted.nextDeadline).toBe(at(7 * DAY).toISOString());

    const work = await createPublishedWork(t.db, u.id, 'video');
    const delivered = await service.deliverOrder(t.db, u.id, order.id, work.id, at(2 * HOUR), opts);
    expect(delivered).toMatchObject({ state: 'delivered', work: { id: work.id, status: 'published' } });

    const op = await createOperator(t);
    // approved on 2030-03-10 (Shanghai) → settles on 2030-03-13, the work stays until 2030-05-09 (60 days)
    const approved = await service.reviewOrder(
      t.db,
      op.id,
      { id: order.id, decision: 'approve' },
      at(3 * HOUR),
      opts,
    );
    expect(approved).toMatchObject({ state: 'approved', settleOn: '2030-03-13', keepUntil: '2030-05-09' });
    expect(approved.milestones.map((m) => [m.key, m.status])).toEqual([
      ['invite', 'done'],
      ['respond', 'done'],
      ['deliver', 'done'],
      ['review', 'done'],
      ['settle', 'current'],
      ['keep', 'current'],
    ]);

    // the day before the settlement day (Shanghai 2030-03-12 23:59): nothing
    expect(await job.run(t.db, new Date('2030-03-12T15:59:00Z'), opts)).toMatchObject({ settled: 0 });
    expect(await getWalletBalance(t.db, u.id)).toBe(0);
    // the settlement day (Shanghai 2030-03-13 00:00): settled, twice run → once
    expect(await job.run(t.db, new Date('2030-03-12T16:00:00Z'), opts)).toMatchObject({ settled: 1 });
    expect(await job.run(t.db, new Date('2030-03-12T16:05:00Z'), opts)).toMatchObject({ settled: 0 });
    expect(await getWalletBalance(t.db, u.id)).toBe(123_456);
    const entries = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, u.id));
    expect(entries).toEqual([
      expect.objectContaining({
        amountFen: 123_456,
        kind: 'order_settlement',
        key: `order:${order.id}`,
        ref: `order:${order.id}`,
      }),
    ]);
    const detail = await service.getOrderDetail(t.db, u.id, order.id, new Date('2030-03-13T00:00:00Z'), opts);
    expect(detail.state).toBe('settled');
    expect(detail.history.map((h) => `${h.from ?? '-'}>${h.to}:${h.actor}`)).toEqual([
      '->invited:operator',
      'invited>accepted:author',
      'accepted>delivered:author',
      'delivered>approved:operator',
      'approved>settled:system',
    ]);

    const msgs = await messagesOf(u.id);
    expect(msgs.map((m) => m.kind)).toEqual([
      'business_invite',
      'business_order_accepted',
      'business_order_delivered',
      'business_order_approved',
      'business_order_settled',
    ]);
    expect(
      msgs.every(
        (m) => m.msgGroup === MsgGroup.BUSINESS && m.link === `/businessOrder/detail?id=${order.id}`,
      ),
    ).toBe(true);
    const approvedMsg = msgs[3]!;
    expect(renderMessageKind(approvedMsg.kind, approvedMsg.params, 'zh-CN')!.body).toBe(
      '星途汽车的“冬季试驾”已验收通过，1234.56 元将于 2030-03-13 结算到钱包。作品需保留到 2030-05-09。',
    );
    expect(renderMessageKind(msgs[4]!.kind, msgs[4]!.params, 'en-US')!.body).toBe(
      '“冬季试驾” by 星途汽车 is settled: 1234.56 yuan is in your wallet.',
    );
    expect(renderMessageKind(msgs[1]!.kind, msgs[1]!.params, 'zh-CN')!.body).toContain('2030-03-17 10:00');
  });

  it('T+3 counts days in REPORT_TZ: an approval at 23:30 Shanghai settles three days after that Shanghai day', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'delivered');
    const op = await createOperator(t);
    // 2030-03-10 23:30 Shanghai = 15:30 UTC (still the 10th in UTC too); 2030-03-11 00:30 Shanghai = 16:30 UTC on the 10th
    const approved = await service.reviewOrder(
      t.db,
      op.id,
      { id: order.id, decision: 'approve' },
      new Date('2030-03-10T16:30:00Z'),
      opts,
    );
    expect(approved.settleOn).toBe('2030-03-14');
    expect(approved.keepUntil).toBe('2030-05-10');
  });
});

describe('accept: credit, grade limit, deadline', () => {
  it('refuses below the credit minimum with the score named (10005), in both languages', async () => {
    const u = await author();
    await t.db.insert(creditScores).values({ userId: u.id, score: 55, updatedAt: NOW });
    const order = await createTestOrder(t, u.id, {}, NOW);
    const e = await refusal(service.acceptOrder(t.db, u.id, order.id, at(HOUR), opts));
    expect(e.status).toBe(10005);
    expect(e.messageIn('zh-CN')).toBe('你的信用分为 55 分，接商单需要至少 60 分');
    expect(e.messageIn('en-US')).toBe('your credit score is 55; accepting orders needs at least 60');
    expect((await orderRow(order.id)).state).toBe('invited');
    // exactly 60 is enough
    await t.db.update(creditScores).set({ score: 60 }).where(eq(creditScores.userId, u.id));
    expect((await service.acceptOrder(t.db, u.id, order.id, at(HOUR), opts)).state).toBe('accepted');
  });

  it('refuses more open orders than the grade allows (grade 1: 1, grade 2: 2), naming the limit', async () => {
    const u = await author({ grade: 1 });
    const a = await createTestOrder(t, u.id, {}, NOW);
    const b = await createTestOrder(t, u.id, {}, NOW);
    await service.acceptOrder(t.db, u.id, a.id, at(HOUR), opts);
    const e = await refusal(service.acceptOrder(t.db, u.id, b.id, at(HOUR), opts));
    expect(e.status).toBe(10005);
    expect(e.messageIn('zh-CN')).toBe(
      '你已有 1 个进行中的商单，等级 1 最多同时进行 1 个，请先完成手上的商单',
    );
    expect(e.messageIn('en-US')).toContain('grade 1 allows 1 at once');
    await t.db.update(users).set({ grade: 2 }).where(eq(users.id, u.id));
    expect((await service.acceptOrder(t.db, u.id, b.id, at(HOUR), opts)).state).toBe('accepted');
  });

  it('an approved order no longer counts against the limit', async () => {
    const u = await author({ grade: 1 });
    await orderIn(u.id, 'approved');
    const next = await createTestOrder(t, u.id, {}, NOW);
    expect((await service.acceptOrder(t.db, u.id, next.id, at(4 * HOUR), opts)).state).toBe('accepted');
  });

  it('two accepts at once cannot both pass the limit', async () => {
    const u = await author({ grade: 1 });
    const a = await createTestOrder(t, u.id, {}, NOW);
    const b = await createTestOrder(t, u.id, {}, NOW);
    const results = await Promise.allSettled([
      service.acceptOrder(t.db, u.id, a.id, at(HOUR), opts),
      service.acceptOrder(t.db, u.id, b.id, at(HOUR), opts),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a late accept is refused as expired and the order expires (with its message)', async () => {
    const u = await author();
    const order = await createTestOrder(t, u.id, {}, NOW);
    const e = await refusal(service.acceptOrder(t.db, u.id, order.id, at(DAY), opts));
    expect(e.status).toBe(10008);
    expect(e.messageIn('zh-CN')).toBe('这个商单已过期：未在 2030-03-11 10:00 前接受邀约');
    expect(e.messageIn('en-US')).toBe(
      'the order has expired: the invitation was not accepted by 2030-03-11 10:00',
    );
    const row = await orderRow(order.id);
    expect(row.state).toBe('expired');
    expect((await messagesOf(u.id)).map((m) => m.kind)).toContain('business_order_expired');
    // and a second try is refused by the machine, naming the state
    const again = await refusal(service.acceptOrder(t.db, u.id, order.id, at(DAY), opts));
    expect(again.messageIn('en-US')).toBe('the order is expired and cannot be accepted');
  });

  it('accept on another author’s order is 10006 and changes nothing', async () => {
    const owner = await author();
    const other = await author();
    const order = await createTestOrder(t, owner.id, {}, NOW);
    const e = await refusal(service.acceptOrder(t.db, other.id, order.id, at(HOUR), opts));
    expect(e.status).toBe(10006);
    expect(e.messageIn('en-US')).toBe('no such order');
    expect((await orderRow(order.id)).state).toBe('invited');
  });
});

describe('decline', () => {
  it('keeps the reason in the history; a second decline names the state', async () => {
    const u = await author();
    const order = await createTestOrder(t, u.id, {}, NOW);
    const declined = await service.declineOrder(t.db, u.id, order.id, '档期冲突', at(HOUR), opts);
    expect(declined.state).toBe('declined');
    expect(declined.closedAt).toBe(at(HOUR).toISOString());
    expect(declined.history.at(-1)).toMatchObject({ action: 'decline', note: '档期冲突', actor: 'author' });
    expect(declined.milestones.map((m) => m.status)).toEqual([
      'done',
      'done',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    const e = await refusal(service.declineOrder(t.db, u.id, order.id, '再次', at(HOUR), opts));
    expect(e.messageIn('zh-CN')).toBe('这个商单当前为“已拒绝”，不能拒绝');
  });
});

describe('deliver: own published work of a fitting type', () => {
  it('refuses another author’s work with 10006', async () => {
    const u = await author();
    const other = await author();
    const order = await orderIn(u.id, 'accepted');
    const foreign = await createPublishedWork(t.db, other.id, 'video');
    const e = await refusal(service.deliverOrder(t.db, u.id, order.id, foreign.id, at(2 * HOUR), opts));
    expect(e.status).toBe(10006);
    expect((await orderRow(order.id)).state).toBe('accepted');
  });

  it('refuses an article for a video order (10007 on contentId), accepts a short video', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'accepted', { type: 'custom_video' });
    const article = await createPublishedWork(t.db, u.id, 'article');
    const e = await refusal(service.deliverOrder(t.db, u.id, order.id, article.id, at(2 * HOUR), opts));
    expect(e.status).toBe(10007);
    expect(e.fields?.[0]).toMatchObject({ path: 'contentId', code: 'ORDER_WORK_TYPE_MISMATCH' });
    expect(e.messageIn('zh-CN')).toBe('定制视频商单只能用视频或小视频交付，这个作品是文章');
    const short = await createPublishedWork(t.db, u.id, 'smallVideo');
    expect((await service.deliverOrder(t.db, u.id, order.id, short.id, at(2 * HOUR), opts)).state).toBe(
      'delivered',
    );
  });

  it('a direct post or repost takes any work', async () => {
    const u = await author({ grade: 2 });
    for (const type of ['direct_post', 'repost'] as const) {
      const order = await orderIn(u.id, 'accepted', { type });
      const post = await createPublishedWork(t.db, u.id, 'dynamic');
      expect((await service.deliverOrder(t.db, u.id, order.id, post.id, at(2 * HOUR), opts)).state).toBe(
        'delivered',
      );
    }
  });

  it('refuses a work that is not published, naming its status', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'accepted');
    const draft = await createArticle(t.db, u.id, { type: 'video', status: 'draft' });
    const e = await refusal(service.deliverOrder(t.db, u.id, order.id, draft.id, at(2 * HOUR), opts));
    expect(e.status).toBe(10008);
    expect(e.messageIn('en-US')).toBe('only a published work can be delivered; this work is a draft');
  });

  it('refuses a work another order holds, naming its brand', async () => {
    const u = await author({ grade: 2 });
    const first = await orderIn(u.id, 'delivered');
    const second = await orderIn(u.id, 'accepted', { brand: '另一品牌' });
    const e = await refusal(service.deliverOrder(t.db, u.id, second.id, first.workId, at(2 * HOUR), opts));
    expect(e.status).toBe(10008);
    expect(e.messageIn('zh-CN')).toBe('这个作品已交付给星途汽车的商单，请选择另一个作品');
    // and the deliverable works leave it out
    const { list } = await service.deliverableWorks(t.db, u.id, second.id);
    expect(list.map((w) => w.id)).not.toContain(first.workId);
  });

  it('refuses delivering an invitation (not accepted) with the state named', async () => {
    const u = await author();
    const order = await createTestOrder(t, u.id, {}, NOW);
    const work = await createPublishedWork(t.db, u.id);
    const e = await refusal(service.deliverOrder(t.db, u.id, order.id, work.id, at(HOUR), opts));
    expect(e.messageIn('en-US')).toBe('the order is invited and cannot be delivered');
  });

  it('a late delivery is refused as expired', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'accepted');
    const work = await createPublishedWork(t.db, u.id);
    const e = await refusal(service.deliverOrder(t.db, u.id, order.id, work.id, at(7 * DAY), opts));
    expect(e.messageIn('en-US')).toBe('the order has expired: no work was delivered by 2030-03-17 10:00');
    expect((await orderRow(order.id)).state).toBe('expired');
    const detail = await service.getOrderDetail(t.db, u.id, order.id, at(7 * DAY), opts);
    expect(detail.milestones.find((m) => m.key === 'deliver')?.status).toBe('missed');
  });
});

describe('review: approve or revise while revisions remain', () => {
  it('a revision needs a note (10007), counts down, extends the deliver-by to 72 h, and the author delivers again', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'delivered', { revisionsAllowed: 1 });
    const op = await createOperator(t);
    const noNote = await refusal(
      service.reviewOrder(t.db, op.id, { id: order.id, decision: 'revise' }, at(3 * HOUR), opts),
    );
    expect(noNote.status).toBe(10007);
    expect(noNote.fields?.[0]?.path).toBe('note');
    // 6 days 20 h in: the deliver-by (day 7) is less than 72 h away → moved to now + 72 h
    const revised = await service.reviewOrder(
      t.db,
      op.id,
      { id: order.id, decision: 'revise', note: '请补充油耗数据' },
      at(6 * DAY + 20 * HOUR),
      opts,
    );
    expect(revised).toMatchObject({
      state: 'revision_requested',
      revisionsUsed: 1,
      revisionsLeft: 0,
      awaitingAuthor: true,
    });
    expect(revised.deliverBy).toBe(at(6 * DAY + 20 * HOUR + 72 * HOUR).toISOString());
    const msg = (await messagesOf(u.id)).at(-1)!;
    expect(msg.kind).toBe('business_order_revision');
    expect(renderMessageKind(msg.kind, msg.params, 'zh-CN')!.body).toContain('请补充油耗数据');
    expect(renderMessageKind(msg.kind, msg.params, 'en-US')!.body).toContain('0 revisions left');

    const again = await service.deliverOrder(t.db, u.id, order.id, order.workId, at(7 * DAY + HOUR), opts);
    expect(again.state).toBe('delivered');
    const none = await refusal(
      service.reviewOrder(
        t.db,
        op.id,
        { id: order.id, decision: 'revise', note: '再改' },
        at(7 * DAY + 2 * HOUR),
        opts,
      ),
    );
    expect(none.status).toBe(10008);
    expect(none.messageIn('zh-CN')).toBe('这个商单的 1 次修改机会已用完，只能验收通过或取消');
    expect(
      (
        await service.reviewOrder(
          t.db,
          op.id,
          { id: order.id, decision: 'approve' },
          at(7 * DAY + 3 * HOUR),
          opts,
        )
      ).state,
    ).toBe('approved');
  });

  it('an order whose work was deleted or rejected before approval cannot be approved (10008)', async () => {
    const u = await author({ grade: 2 });
    const op = await createOperator(t);
    const a = await orderIn(u.id, 'delivered');
    await deleteContent(t.db, u.id, a.workId, at(3 * HOUR));
    const e = await refusal(
      service.reviewOrder(t.db, op.id, { id: a.id, decision: 'approve' }, at(4 * HOUR), opts),
    );
    expect(e.status).toBe(10008);
    expect(e.messageIn('en-US')).toBe(
      'the delivered work is deleted and cannot be approved; ask for a revision or cancel the order',
    );
    const b = await orderIn(u.id, 'delivered');
    await t.db.update(contents).set({ status: 'rejected' }).where(eq(contents.id, b.workId));
    const r = await refusal(
      service.reviewOrder(t.db, op.id, { id: b.id, decision: 'approve' }, at(4 * HOUR), opts),
    );
    expect(r.messageIn('zh-CN')).toContain('未通过审核');
  });

  it('approving or revising anything but a delivered order names its state', async () => {
    const u = await author();
    const op = await createOperator(t);
    const order = await orderIn(u.id, 'accepted');
    const e = await refusal(
      service.reviewOrder(t.db, op.id, { id: order.id, decision: 'approve' }, at(3 * HOUR), opts),
    );
    expect(e.messageIn('en-US')).toBe('the order is accepted and cannot be approved');
    const r = await refusal(
      service.reviewOrder(t.db, op.id, { id: order.id, decision: 'revise', note: 'x' }, at(3 * HOUR), opts),
    );
    expect(r.messageIn('en-US')).toBe('the order is accepted and cannot be sent back for a revision');
  });
});

describe('cancel', () => {
  it('operators cancel before approval (message with the note), not after', async () => {
    const u = await author({ grade: 4 });
    const op = await createOperator(t);
    for (const state of ['invited', 'accepted', 'delivered', 'revision_requested'] as const) {
      const order = await orderIn(u.id, state);
      const cancelled = await service.cancelOrder(
        t.db,
        op.id,
        order.id,
        '品牌方取消投放',
        at(4 * HOUR),
        opts,
      );
      expect(cancelled.state).toBe('cancelled');
    }
    const msg = (await messagesOf(u.id)).at(-1)!;
    expect(renderMessageKind(msg.kind, msg.params, 'zh-CN')!.body).toBe(
      '星途汽车的“冬季试驾”已被平台取消：品牌方取消投放',
    );
    const approved = await orderIn(u.id, 'approved');
    const e = await refusal(service.cancelOrder(t.db, op.id, approved.id, '太晚了', at(4 * HOUR), opts));
    expect(e.messageIn('zh-CN')).toBe('这个商单当前为“已验收待结算”，不能取消');
  });
});

describe('the job: expire overdue orders, idempotent', () => {
  it('expires invitations past respond-by and deliveries past deliver-by, once, with messages', async () => {
    const u = await author({ grade: 3 });
    const invited = await createTestOrder(t, u.id, {}, NOW);
    const accepted = await orderIn(u.id, 'accepted');
    const revision = await orderIn(u.id, 'revision_requested');
    const delivered = await orderIn(u.id, 'delivered');
    // day 2: only the invitation is overdue
    await job.run(t.db, at(2 * DAY), opts);
    expect((await orderRow(invited.id)).state).toBe('expired');
    expect((await orderRow(accepted.id)).state).toBe('accepted');
    // day 8: the accepted one; the revision's deliver-by was day 7 too (the request left it, more than 72 h away)
    await job.run(t.db, at(8 * DAY), opts);
    await job.run(t.db, at(8 * DAY), opts);
    expect((await orderRow(accepted.id)).state).toBe('expired');
    expect((await orderRow(revision.id)).state).toBe('expired');
    expect((await orderRow(delivered.id)).state).toBe('delivered');
    const expiredMsgs = (await messagesOf(u.id)).filter((m) => m.kind === 'business_order_expired');
    expect(expiredMsgs).toHaveLength(3);
    expect(renderMessageKind(expiredMsgs[0]!.kind, expiredMsgs[0]!.params, 'en-US')!.body).toBe(
      '“冬季试驾” by 星途汽车 has expired: the invitation was not accepted by 2030-03-11 10:00.',
    );
  });
});

describe('the keep days: the delivered work stays published', () => {
  it('refuses deleting the work until the keep-until day has passed (brand and date named), batch too', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'approved', { keepDays: 10, brand: '极光汽车' });
    // approved 2030-03-10 (Shanghai) + 10 days → stays until 2030-03-20
    const e = await refusal(deleteContent(t.db, u.id, order.workId, at(5 * DAY)));
    expect(e.status).toBe(10008);
    expect(e.messageIn('zh-CN')).toBe(
      '这个作品是极光汽车商单的交付作品，需保留到 2030-03-20，在此之前不能删除',
    );
    expect(e.messageIn('en-US')).toBe(
      'this work was delivered for a 极光汽车 order and must stay published until 2030-03-20; it cannot be deleted before then',
    );
    const other = await createPublishedWork(t.db, u.id);
    const b = await refusal(deleteContentBatch(t.db, u.id, [other.id, order.workId], at(5 * DAY)));
    expect(b.status).toBe(10008);
    // nothing of the batch was deleted
    const [still] = await t.db
      .select({ status: contents.status })
      .from(contents)
      .where(eq(contents.id, other.id));
    expect(still?.status).toBe('published');
    // settled orders keep the lock too; on the last day (Shanghai 2030-03-20 23:59) still refused
    await job.run(t.db, at(4 * DAY), opts);
    expect((await orderRow(order.id)).state).toBe('settled');
    await refusal(deleteContent(t.db, u.id, order.workId, new Date('2030-03-20T15:59:00Z')));
    // from 2030-03-21 00:00 Shanghai it may go
    await deleteContent(t.db, u.id, order.workId, new Date('2030-03-20T16:00:00Z'));
  });

  it('a work delivered but not yet approved may be deleted (the approval is refused then)', async () => {
    const u = await author();
    const order = await orderIn(u.id, 'delivered');
    await deleteContent(t.db, u.id, order.workId, at(3 * HOUR));
    const detail = await service.getOrderDetail(t.db, u.id, order.id, at(3 * HOUR), opts);
    expect(detail.work?.status).toBe('deleted');
  });
});

describe('summary: hasBussinessTask while an order waits for the author', () => {
  it('is 1 for an invitation or a revision request, 0 otherwise; money in fen', async () => {
    const u = await author({ grade: 3 });
    expect(await service.orderSummary(t.db, u.id)).toMatchObject({
      hasBussinessTask: 0,
      invited: 0,
      openLimit: 3,
      creditScore: 100,
      creditMin: 60,
    });
    const invited = await createTestOrder(t, u.id, {}, NOW);
    expect(await service.orderSummary(t.db, u.id)).toMatchObject({
      hasBussinessTask: 1,
      invited: 1,
      awaitingAuthor: 1,
    });
    await service.acceptOrder(t.db, u.id, invited.id, at(HOUR), opts);
    expect(await service.orderSummary(t.db, u.id)).toMatchObject({
      hasBussinessTask: 0,
      inProgress: 1,
      openOrders: 1,
    });
    await orderIn(u.id, 'revision_requested');
    expect(await service.orderSummary(t.db, u.id)).toMatchObject({
      hasBussinessTask: 1,
      awaitingAuthor: 1,
      inProgress: 2,
    });
    await orderIn(u.id, 'approved', { priceFen: 5_000 });
    const s = await service.orderSummary(t.db, u.id);
    expect(s).toMatchObject({ pendingFen: 5_000, settledFen: 0 });
    expect(s.counts).toMatchObject({ accepted: 1, revision_requested: 1, approved: 1, invited: 0 });
  });
});

describe('property: settlement credits each order exactly once', () => {
  it('holds for any approval days and any sequence of (parallel) job runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            approveDay: fc.integer({ min: 0, max: 3 }),
            priceFen: fc.integer({ min: 1, max: 1_000_000 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.array(fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (orders, runs) => {
          const u = await author({ grade: 5 });
          const op = await createOperator(t);
          const made: { id: number; priceFen: number; settleDay: number }[] = [];
          for (const o of orders) {
            const order = await createTestOrder(t, u.id, { priceFen: o.priceFen }, NOW);
            await service.acceptOrder(t.db, u.id, order.id, at(HOUR), opts);
            const work = await createPublishedWork(t.db, u.id);
            await service.deliverOrder(t.db, u.id, order.id, work.id, at(2 * HOUR), opts);
            await service.reviewOrder(
              t.db,
              op.id,
              { id: order.id, decision: 'approve' },
              at(o.approveDay * DAY + 3 * HOUR),
              opts,
            );
            made.push({ id: order.id, priceFen: o.priceFen, settleDay: o.approveDay + 3 });
          }
          let lastDay = -1;
          for (const group of runs) {
            // a group of runs at the same moments, in parallel (two servers)
            await Promise.all(group.map((d) => job.run(t.db, at(d * DAY + 4 * HOUR), opts)));
            lastDay = Math.max(lastDay, ...group);
          }
          const entries = await t.db
            .select()
            .from(walletEntries)
            .where(and(eq(walletEntries.userId, u.id), eq(walletEntries.kind, 'order_settlement')));
          const expected = made.filter((m) => m.settleDay <= lastDay);
          expect(entries.map((e) => e.key).sort()).toEqual(expected.map((m) => `order:${m.id}`).sort());
          expect(await getWalletBalance(t.db, u.id)).toBe(expected.reduce((s, m) => s + m.priceFen, 0));
          for (const m of made)
            expect((await orderRow(m.id)).state).toBe(m.settleDay <= lastDay ? 'settled' : 'approved');
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});
