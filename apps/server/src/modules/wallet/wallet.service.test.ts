import { renderMessage } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walletEntries } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { getWalletBalance, postWalletEntry, type WalletPosting } from './wallet.service.js';

const t = useTestApp();

const post = (p: WalletPosting) => t.db.transaction((tx) => postWalletEntry(tx, p));

describe('postWalletEntry / getWalletBalance (issue #14 "the earnings wallet")', () => {
  it('credits, debits and reports the balance after each entry', async () => {
    const u = await createUser(t.db, t.config);
    expect(await getWalletBalance(t.db, u.id)).toBe(0);
    const a = await post({
      userId: u.id,
      amountFen: 12_345,
      kind: 'order_settlement',
      ref: 'order:1',
      key: 'order:1',
    });
    expect(a).toMatchObject({ balanceFen: 12_345, repeated: false });
    const b = await post({
      userId: u.id,
      amountFen: -345,
      kind: 'promotion_spend',
      ref: 'promotion:1',
      key: 'p:1',
    });
    expect(b).toMatchObject({ balanceFen: 12_000, repeated: false });
    expect(await getWalletBalance(t.db, u.id)).toBe(12_000);
    const rows = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, u.id));
    expect(rows.map((r) => [r.amountFen, r.balanceAfterFen, r.kind])).toEqual([
      [12_345, 12_345, 'order_settlement'],
      [-345, 12_000, 'promotion_spend'],
    ]);
  });

  it('answers the first entry for a repeated key and posts nothing twice', async () => {
    const u = await createUser(t.db, t.config);
    const first = await post({
      userId: u.id,
      amountFen: 500,
      kind: 'operator_adjustment',
      ref: 'x',
      key: 'k',
    });
    const again = await post({
      userId: u.id,
      amountFen: 900,
      kind: 'operator_adjustment',
      ref: 'x',
      key: 'k',
    });
    expect(again).toEqual({ entryId: first.entryId, balanceFen: 500, repeated: true });
    expect(await getWalletBalance(t.db, u.id)).toBe(500);
    // keys are per author: another author may use the same key
    const v = await createUser(t.db, t.config);
    expect(
      (await post({ userId: v.id, amountFen: 1, kind: 'operator_adjustment', ref: 'x', key: 'k' })).repeated,
    ).toBe(false);
  });

  it('refuses a debit the balance cannot cover: 10008 WALLET_INSUFFICIENT in yuan, nothing posted', async () => {
    const u = await createUser(t.db, t.config);
    await post({ userId: u.id, amountFen: 1_050, kind: 'order_settlement', ref: 'order:9', key: 'order:9' });
    const err = await post({
      userId: u.id,
      amountFen: -2_000,
      kind: 'promotion_spend',
      ref: 'p',
      key: 'p',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe('CONFLICT');
    expect(e.status).toBe(10008);
    expect(e.messageRef.code).toBe('WALLET_INSUFFICIENT');
    expect(e.messageIn('zh-CN')).toBe('钱包余额 10.50 元，不足以支付 20.00 元');
    expect(e.messageIn('en-US')).toBe('the wallet balance of 10.50 yuan cannot cover 20.00 yuan');
    expect(await getWalletBalance(t.db, u.id)).toBe(1_050);
    // the refused key was not used up
    const later = await post({
      userId: u.id,
      amountFen: -1_050,
      kind: 'promotion_spend',
      ref: 'p',
      key: 'p',
    });
    expect(later).toMatchObject({ balanceFen: 0, repeated: false });
  });

  it('refuses a zero amount as a programming error', async () => {
    const u = await createUser(t.db, t.config);
    await expect(
      post({ userId: u.id, amountFen: 0, kind: 'operator_adjustment', ref: 'x', key: 'z' }),
    ).rejects.toThrow(/non-zero/);
  });

  it('a parallel posting with one key posts once; parallel debits never overdraw', async () => {
    const u = await createUser(t.db, t.config);
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        post({ userId: u.id, amountFen: 300, kind: 'order_settlement', ref: 'o', key: 'o' }),
      ),
    );
    expect(same.filter((r) => !r.repeated)).toHaveLength(1);
    expect(await getWalletBalance(t.db, u.id)).toBe(300);
    const debits = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        post({ userId: u.id, amountFen: -100, kind: 'promotion_spend', ref: `p${i}`, key: `p${i}` }),
      ),
    );
    expect(debits.filter((d) => d.status === 'fulfilled')).toHaveLength(3);
    expect(await getWalletBalance(t.db, u.id)).toBe(0);
  });

  it('the catalog has the refusal in both languages', () => {
    const ref = { code: 'WALLET_INSUFFICIENT' as const, params: { balance: '0.00', amount: '1.00' } };
    expect(renderMessage(ref, 'zh-CN')).toContain('元');
    expect(renderMessage(ref, 'en-US')).toContain('yuan');
  });
});

describe('property: no sequence of postings makes a balance negative or posts a key twice', () => {
  it('holds for random sequences with repeated keys and parallel groups', async () => {
    const postingArb = fc.record({
      amountFen: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
      key: fc.integer({ min: 0, max: 12 }).map((n) => `k${n}`),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(postingArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (groups) => {
          const u = await createUser(t.db, t.config);
          for (const group of groups) {
            // a group runs in parallel
            await Promise.allSettled(
              group.map((g) =>
                post({
                  userId: u.id,
                  amountFen: g.amountFen,
                  kind: 'operator_adjustment',
                  ref: g.key,
                  key: g.key,
                }),
              ),
            );
          }
          const rows = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, u.id));
          // each key at most once
          expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
          // the balance is the ledger's sum, never negative, and each balance-after replays the ledger
          const sorted = [...rows].sort((a, b) => a.id - b.id);
          let running = 0;
          for (const r of sorted) {
            running += r.amountFen;
            expect(running).toBeGreaterThanOrEqual(0);
            expect(r.balanceAfterFen).toBe(running);
          }
          expect(await getWalletBalance(t.db, u.id)).toBe(running);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
