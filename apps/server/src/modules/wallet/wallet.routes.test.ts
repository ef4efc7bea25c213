import type { ListData, WalletEntry, WalletSummary } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { useTestApp } from '../../test/support.js';
import { businessJobs } from '../../jobs/business.js';
import {
  createOperator,
  createPublishedWork,
  createTestOrder,
  TEST_TZ,
} from '../business/business.fixtures.js';
import * as business from '../business/business.service.js';

// Issue #14 "the earnings wallet": the author's summary and ledger, operators' adjustments (10005 for authors),
// idempotent by key, never below zero.
const t = useTestApp();
const EN = { headers: { 'accept-language': 'en-US' } };
const ZH = { headers: { 'accept-language': 'zh-CN' } };
const json = { json: true };
const opts = { reportTz: TEST_TZ };

describe('GET /api/wallet/summary and /api/wallet/ledger', () => {
  it('start at zero; an approved order is pending with its settle day; settlement moves it into the balance', async () => {
    const author = await t.signIn();
    expect((await t.get<WalletSummary>('/api/wallet/summary', {}, author)).data).toEqual({
      balanceFen: 0,
      pendingFen: 0,
      nextSettleOn: null,
      settledFen: 0,
    });
    const now = new Date();
    const order = await createTestOrder(t, author.userId, { priceFen: 250_000 }, now);
    await business.acceptOrder(t.db, author.userId, order.id, now, opts);
    const work = await createPublishedWork(t.db, author.userId);
    await business.deliverOrder(t.db, author.userId, order.id, work.id, now, opts);
    const op = await createOperator(t);
    const approved = await business.reviewOrder(
      t.db,
      op.id,
      { id: order.id, decision: 'approve' },
      now,
      opts,
    );
    expect((await t.get<WalletSummary>('/api/wallet/summary', {}, author)).data).toEqual({
      balanceFen: 0,
      pendingFen: 250_000,
      nextSettleOn: approved.settleOn,
      settledFen: 0,
    });
    await businessJobs[0]!.run(t.db, new Date(now.getTime() + 4 * 86_400_000), opts);
    expect((await t.get<WalletSummary>('/api/wallet/summary', {}, author)).data).toEqual({
      balanceFen: 250_000,
      pendingFen: 0,
      nextSettleOn: null,
      settledFen: 250_000,
    });
    const ledger = await t.get<ListData<WalletEntry>>(
      '/api/wallet/ledger',
      { page: 1, pageSize: 10 },
      author,
    );
    expect(ledger.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(ledger.data.list[0]).toMatchObject({
      amountFen: 250_000,
      kind: 'order_settlement',
      orderId: order.id,
      balanceAfterFen: 250_000,
    });
  });
});

describe('POST /api/ops/wallet/adjust', () => {
  it('is for operators only (10005)', async () => {
    const author = await t.signIn();
    const res = await t.post(
      '/api/ops/wallet/adjust',
      { account: author.account, amountFen: 100, note: '补发', key: 'k1' },
      author,
      { ...EN, ...json },
    );
    expect(res).toMatchObject({ status: 10005, message: 'operators only' });
  });

  it('tops up once per key, corrects, never below zero (10008 in yuan), messages the author', async () => {
    const op = await t.signIn({ role: 'operator' });
    const author = await t.signIn();
    const adjust = (amountFen: number, key: string, lang = EN) =>
      t.post<{ entryId: number; balanceFen: number; repeated: boolean }>(
        '/api/ops/wallet/adjust',
        { account: author.account, amountFen, note: '活动奖励补发', key },
        op,
        { ...lang, ...json },
      );
    const first = await adjust(10_000, 'bonus-2030-03');
    expect(first.data).toMatchObject({ balanceFen: 10_000, repeated: false });
    const again = await adjust(10_000, 'bonus-2030-03');
    expect(again.data).toEqual({ entryId: first.data.entryId, balanceFen: 10_000, repeated: true });
    const over = await adjust(-10_001, 'fix-1', ZH);
    expect(over).toMatchObject({ status: 10008, message: '钱包余额 100.00 元，不足以支付 100.01 元' });
    const overEn = await adjust(-10_001, 'fix-1');
    expect(overEn.message).toBe('the wallet balance of 100.00 yuan cannot cover 100.01 yuan');
    const fix = await adjust(-2_500, 'fix-1');
    expect(fix.data).toMatchObject({ balanceFen: 7_500, repeated: false });
    const zero = await adjust(0, 'zero', ZH);
    expect(zero).toMatchObject({ status: 10007, message: '金额不能为 0' });
    const badKey = await adjust(1, 'has space');
    expect(badKey.status).toBe(10007);
    const unknown = await t.post(
      '/api/ops/wallet/adjust',
      { account: 'nobody_here_x2', amountFen: 1, note: 'x', key: 'k' },
      op,
      { ...EN, ...json },
    );
    expect(unknown).toMatchObject({ status: 10006, message: 'no such account' });

    const summary = await t.get<WalletSummary>('/api/wallet/summary', {}, author);
    expect(summary.data.balanceFen).toBe(7_500);
    const ledger = await t.get<ListData<WalletEntry>>('/api/wallet/ledger', {}, author);
    expect(ledger.data.list.map((e) => [e.amountFen, e.kind, e.balanceAfterFen])).toEqual([
      [-2_500, 'operator_adjustment', 7_500],
      [10_000, 'operator_adjustment', 10_000],
    ]);
    const msgs = await t.db.select().from(messages).where(eq(messages.userId, author.userId));
    expect(msgs.map((m) => m.kind)).toEqual(['wallet_adjusted', 'wallet_adjusted']);
    expect(msgs[0]!.body).toBe('平台调整了你的钱包 100.00 元，余额 100.00 元。说明：活动奖励补发');
  });
});
