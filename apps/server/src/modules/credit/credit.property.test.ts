import { CREDIT_MAX, CREDIT_MIN, type MessageRef } from '@cc/contracts';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditAppeals, creditLedger } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createArticle, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import {
  appealCreditEntry,
  decideAppeal,
  getCreditScore,
  recordModerationResult,
  recoverCleanWeek,
} from './credit.service.js';

// Issue #14 "Credit score": for ANY sequence of deductions, bonuses, weekly recoveries, appeals and decisions (repeated
// ones included) the score stays within 0…100, equals the replay of the ledger from 100, and an appeal restores at
// most once.
const t = useTestApp();
const TZ = 'Asia/Shanghai';
const REASONS: MessageRef[] = [
  { code: 'REVIEW_SENSITIVE_WORD', params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } } },
  { code: 'REVIEW_SENSITIVE_WORD', params: { word: '炸街', rule: { code: 'WORD_RULE_DANGEROUS_DRIVING' } } },
  { code: 'REVIEW_OPERATOR_REJECTED', params: { reason: '违规' } },
];

const actionArb = fc.oneof(
  fc.record({ kind: fc.constant('violation' as const), work: fc.nat(4), rule: fc.nat(2) }),
  fc.record({ kind: fc.constant('approved' as const), work: fc.nat(4) }),
  fc.record({ kind: fc.constant('week' as const) }),
  fc.record({
    kind: fc.constant('appeal' as const),
    pick: fc.nat(20),
    decision: fc.constantFrom('uphold' as const, 'dismiss' as const, null),
    twice: fc.boolean(),
  }),
);
const stepArb = fc.record({ action: actionArb, hoursLater: fc.integer({ min: 1, max: 80 }) });

/** Runs a call that may be refused with 10008 (a repeated appeal or decision); any other error fails the test. */
async function allowConflict<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && e.code === 'CONFLICT') return null;
    throw e;
  }
}

describe('the credit score under any sequence of events', () => {
  it('stays in 0…100, equals the replay of its ledger, and each appeal restores at most once', async () => {
    const op = await createUser(t.db, t.config, { role: 'operator' });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 30 }), async (steps) => {
        const user = await createUser(t.db, t.config);
        const works = await Promise.all(
          Array.from({ length: 5 }, () => createArticle(t.db, user.id, { status: 'rejected' })),
        );
        // every run starts in a different far-apart year, so the weekly keys of runs never meet
        let now = new Date(Date.UTC(2030 + run++, 0, 1));
        for (const { action, hoursLater } of steps) {
          now = new Date(now.getTime() + hoursLater * 3600_000);
          if (action.kind === 'violation' || action.kind === 'approved') {
            const work = works[action.work]!;
            await t.db.transaction((tx) =>
              recordModerationResult(tx, {
                userId: user.id,
                contentId: work.id,
                contentType: 'article',
                title: work.title,
                review:
                  action.kind === 'violation'
                    ? {
                        status: 'rejected',
                        rule: action.rule === 2 ? 'OPERATOR' : 'SENSITIVE_WORD',
                        reason: REASONS[action.rule]!,
                      }
                    : { status: 'published', rule: null, reason: null },
                now,
              }),
            );
          } else if (action.kind === 'week') {
            await recoverCleanWeek(t.db, now, TZ);
          } else {
            const entries = await t.db
              .select()
              .from(creditLedger)
              .where(eq(creditLedger.userId, user.id))
              .orderBy(asc(creditLedger.id));
            if (entries.length === 0) continue;
            const entry = entries[action.pick % entries.length]!;
            const appeal = await allowConflict(() =>
              appealCreditEntry(t.db, user.id, { entryId: entry.id, reason: '这不是违规内容，请复核' }, now),
            );
            const [row] = await t.db.select().from(creditAppeals).where(eq(creditAppeals.entryId, entry.id));
            if (appeal) expect(entry.reason).toBe('violation');
            if (row && action.decision) {
              const decide = () =>
                decideAppeal(
                  t.db,
                  op.id,
                  { appealId: row.id, decision: action.decision!, note: '已复核' },
                  now,
                );
              await allowConflict(decide);
              if (action.twice) expect(await allowConflict(decide)).toBeNull();
            }
          }
        }

        const score = await getCreditScore(t.db, user.id);
        expect(score).toBeGreaterThanOrEqual(CREDIT_MIN);
        expect(score).toBeLessThanOrEqual(CREDIT_MAX);
        const ledger = await t.db
          .select()
          .from(creditLedger)
          .where(eq(creditLedger.userId, user.id))
          .orderBy(asc(creditLedger.id));
        let replay = CREDIT_MAX;
        for (const e of ledger) {
          replay += e.delta;
          expect(e.scoreAfter).toBe(replay);
          expect(replay).toBeGreaterThanOrEqual(CREDIT_MIN);
          expect(replay).toBeLessThanOrEqual(CREDIT_MAX);
        }
        expect(score).toBe(replay);
        // each restoration belongs to one upheld appeal, restores one deduction once, and never more than it took
        const restorations = ledger.filter((e) => e.reason === 'appeal_upheld');
        const restored = restorations.map((e) => e.restoresEntryId);
        expect(new Set(restored).size).toBe(restored.length);
        for (const r of restorations) {
          const deduction = ledger.find((e) => e.id === r.restoresEntryId)!;
          expect(deduction.reason).toBe('violation');
          expect(r.delta).toBeLessThanOrEqual(-deduction.delta);
          expect(r.delta).toBeGreaterThanOrEqual(0);
        }
        const appeals = await t.db.select().from(creditAppeals).where(eq(creditAppeals.userId, user.id));
        expect(appeals.filter((a) => a.state === 'upheld')).toHaveLength(restorations.length);
        // deductions: one per (work, rule section)
        const keys = ledger.filter((e) => e.reason === 'violation').map((e) => `${e.contentId}:${e.ruleRef}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 25 },
    );
  });
});
