import { influenceIndex, type MessageRef } from '@cc/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, creditScores, messages } from '../../db/schema/index.js';
import { creditJobs } from '../../jobs/credit.js';
import { readCreditScoresAt } from '../../read-models/credit-scores.js';
import { createArticle, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { gatherInfluenceFigures } from '../analytics/influence.service.js';
import {
  appealCreditEntry,
  closedWeek,
  decideAppeal,
  getCreditScore,
  recordModerationResult,
  recoverCleanWeek,
} from './credit.service.js';

// Issue #14 "Credit score": the score's rules below the routes — the 0…100 clamp, which refusals are violations, the
// weekly recovery job, and the credit factor of the influence index.
const t = useTestApp();
const TZ = 'Asia/Shanghai';

const GAMBLING: MessageRef = {
  code: 'REVIEW_SENSITIVE_WORD',
  params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
};

async function author() {
  return createUser(t.db, t.config);
}

/** A rejected work of `userId` for a prohibited word, recorded at `now`. */
async function violate(userId: number, now: Date) {
  const work = await createArticle(t.db, userId, { status: 'rejected' });
  return recordModerationResult(t.db, {
    userId,
    contentId: work.id,
    contentType: 'article',
    title: work.title,
    review: { status: 'rejected', rule: 'SENSITIVE_WORD', reason: GAMBLING },
    now,
  });
}

const entriesOf = (userId: number) =>
  t.db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));

describe('getCreditScore', () => {
  it('is 100 for an author with no ledger, and for an unknown user', async () => {
    const u = await author();
    expect(await getCreditScore(t.db, u.id)).toBe(100);
    expect(await getCreditScore(t.db, 999_999)).toBe(100);
  });
});

describe('recordModerationResult', () => {
  it('never goes below 0: at the bottom a violation is still recorded (with the work and rule), at 0 points', async () => {
    const u = await author();
    const at = new Date('2026-05-01T00:00:00Z');
    for (let i = 0; i < 21; i++) await violate(u.id, at);
    expect(await getCreditScore(t.db, u.id)).toBe(0);
    const entries = await entriesOf(u.id);
    expect(entries).toHaveLength(21);
    expect(entries.at(-2)).toMatchObject({ delta: -5, scoreAfter: 0 });
    expect(entries.at(-1)).toMatchObject({
      delta: 0,
      scoreAfter: 0,
      reason: 'violation',
      ruleRef: 'publish-prohibited#prohibited-words',
    });
    expect(entries.at(-1)!.contentTitle).toBeTruthy();
  });

  it('a refusal for a form rule, a held work and a published work at 100 change nothing and make no row', async () => {
    const u = await author();
    const work = await createArticle(t.db, u.id);
    const base = { userId: u.id, contentId: work.id, contentType: 'article' as const, title: work.title };
    expect(
      await recordModerationResult(t.db, {
        ...base,
        review: {
          status: 'rejected',
          rule: 'TITLE_LENGTH',
          reason: { code: 'TITLE_LENGTH', params: { min: 6, max: 30 } },
        },
      }),
    ).toEqual({ kind: 'none' });
    expect(
      await recordModerationResult(t.db, {
        ...base,
        review: {
          status: 'reviewing',
          rule: 'HELD_WORD',
          reason: {
            code: 'REVIEW_HELD_WORD',
            params: { word: '加微信', rule: { code: 'WORD_RULE_CONTACT_DETAILS' } },
          },
        },
      }),
    ).toEqual({ kind: 'none' });
    expect(
      await recordModerationResult(t.db, {
        ...base,
        review: { status: 'published', rule: null, reason: null },
      }),
    ).toEqual({ kind: 'none' });
    expect(await t.db.select().from(creditScores).where(eq(creditScores.userId, u.id))).toEqual([]);
    expect(await entriesOf(u.id)).toEqual([]);
  });

  it('the same work refused for another rule deducts again; for the same rule section once', async () => {
    const u = await author();
    const work = await createArticle(t.db, u.id, { status: 'rejected' });
    const reject = (reason: MessageRef) =>
      recordModerationResult(t.db, {
        userId: u.id,
        contentId: work.id,
        contentType: 'article',
        title: work.title,
        review: { status: 'rejected', rule: 'SENSITIVE_WORD', reason },
      });
    expect(await reject(GAMBLING)).toMatchObject({ kind: 'violation', delta: -5, score: 95 });
    // fraud is another word of the same section (publish-prohibited#prohibited-words): no second deduction
    expect(
      await reject({
        code: 'REVIEW_SENSITIVE_WORD',
        params: { word: '办假证', rule: { code: 'WORD_RULE_FRAUD' } },
      }),
    ).toEqual({ kind: 'none' });
    // dangerous driving is the safety section: a second deduction
    expect(
      await reject({
        code: 'REVIEW_SENSITIVE_WORD',
        params: { word: '炸街', rule: { code: 'WORD_RULE_DANGEROUS_DRIVING' } },
      }),
    ).toMatchObject({ kind: 'violation', score: 90 });
    const sent = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, u.id), eq(messages.kind, 'credit_deducted')));
    expect(sent).toHaveLength(2);
  });
});

describe('the clean-week recovery (Mondays 00:30 REPORT_TZ)', () => {
  it('is declared as a Monday 00:30 job in REPORT_TZ that also catches up at start', () => {
    expect(creditJobs).toEqual([
      expect.objectContaining({
        name: 'credit-clean-week',
        cron: '30 0 * * 1',
        reportTz: true,
        atStart: true,
      }),
    ]);
  });

  it('is for the last complete ISO week of REPORT_TZ', () => {
    // Monday 2026-11-23 00:30 in Shanghai is 2026-11-22 16:30 UTC
    expect(closedWeek(new Date('2026-11-22T16:30:00Z'), TZ)).toEqual({
      week: '2026-11-16',
      from: new Date('2026-11-15T16:00:00Z'),
    });
    // a late run on Wednesday is for the same week; Sunday 23:59 in Shanghai still for the week before
    expect(closedWeek(new Date('2026-11-25T03:00:00Z'), TZ).week).toBe('2026-11-16');
    expect(closedWeek(new Date('2026-11-22T15:59:00Z'), TZ).week).toBe('2026-11-09');
  });

  it('+1 below 100 without a deduction in the week; a repeated run gives nothing twice; the next week again', async () => {
    const u = await author();
    await violate(u.id, new Date('2026-06-03T04:00:00Z')); // Wednesday of the week before: 95
    const monday = new Date('2026-06-14T16:30:00Z'); // Monday 2026-06-15 00:30 in Shanghai
    const run = await recoverCleanWeek(t.db, monday, TZ);
    expect(run.week).toBe('2026-06-08');
    expect(await getCreditScore(t.db, u.id)).toBe(96);
    await recoverCleanWeek(t.db, monday, TZ);
    await recoverCleanWeek(t.db, new Date('2026-06-16T03:00:00Z'), TZ); // a late run in the same week
    expect(await getCreditScore(t.db, u.id)).toBe(96);
    await recoverCleanWeek(t.db, new Date('2026-06-21T16:30:00Z'), TZ);
    expect(await getCreditScore(t.db, u.id)).toBe(97);
    const last = (await entriesOf(u.id)).at(-1);
    expect(last).toMatchObject({
      delta: 1,
      scoreAfter: 97,
      reason: 'clean_week',
      key: 'clean_week:2026-06-15',
    });
  });

  it('nothing after a deduction in the week, or one made before the run on Monday', async () => {
    const inWeek = await author();
    const beforeRun = await author();
    await violate(inWeek.id, new Date('2026-07-08T04:00:00Z')); // Wednesday of the closed week
    await violate(beforeRun.id, new Date('2026-06-30T04:00:00Z')); // a week earlier
    await violate(beforeRun.id, new Date('2026-07-12T16:10:00Z')); // Monday 00:10, before the 00:30 run
    await recoverCleanWeek(t.db, new Date('2026-07-12T16:30:00Z'), TZ);
    expect(await getCreditScore(t.db, inWeek.id)).toBe(95);
    expect(await getCreditScore(t.db, beforeRun.id)).toBe(90);
  });

  it('a deduction of the week restored by an upheld appeal does not spoil the week', async () => {
    const u = await author();
    const op = await createUser(t.db, t.config, { role: 'operator' });
    await violate(u.id, new Date('2026-08-04T04:00:00Z')); // 95, two weeks before
    const recent = await violate(u.id, new Date('2026-08-12T04:00:00Z')); // 90, in the closed week
    if (recent.kind !== 'violation') throw new Error('no deduction');
    const appeal = await appealCreditEntry(t.db, u.id, {
      entryId: recent.entryId,
      reason: '这是新闻报道，不是违规内容',
    });
    await decideAppeal(t.db, op.id, { appealId: appeal.id, decision: 'uphold', note: '属实' });
    expect(await getCreditScore(t.db, u.id)).toBe(95);
    await recoverCleanWeek(t.db, new Date('2026-08-16T16:30:00Z'), TZ);
    expect(await getCreditScore(t.db, u.id)).toBe(96);
  });

  it('is capped at 100: 99 → 100, then nothing more is recorded; authors at 100 are left alone', async () => {
    const u = await author();
    const untouched = await author();
    await violate(u.id, new Date('2026-09-01T04:00:00Z')); // 95
    const mondays = [
      '2026-09-13',
      '2026-09-20',
      '2026-09-27',
      '2026-10-04',
      '2026-10-11',
      '2026-10-18',
      '2026-10-25',
    ];
    for (const d of mondays) await recoverCleanWeek(t.db, new Date(`${d}T16:30:00Z`), TZ);
    expect(await getCreditScore(t.db, u.id)).toBe(100);
    const entries = await entriesOf(u.id);
    expect(entries.map((e) => e.delta)).toEqual([-5, 1, 1, 1, 1, 1]);
    expect(await entriesOf(untouched.id)).toEqual([]);
  });
});

describe('the credit factor of the influence index', () => {
  it('reads every author’s score at an instant in one call: the last entry before it, else 100', async () => {
    const a = await author();
    const b = await author();
    const none = await author();
    await violate(a.id, new Date('2026-04-01T04:00:00Z'));
    await violate(a.id, new Date('2026-04-03T04:00:00Z'));
    await violate(b.id, new Date('2026-04-02T04:00:00Z'));
    const at = await readCreditScoresAt(t.db, [a.id, b.id, none.id], new Date('2026-04-02T16:00:00Z'));
    expect(at).toEqual(
      new Map([
        [a.id, 95],
        [b.id, 95],
        [none.id, 100],
      ]),
    );
    expect((await readCreditScoresAt(t.db, [a.id], new Date('2026-04-04T00:00:00Z'))).get(a.id)).toBe(90);
    expect(await readCreditScoresAt(t.db, [], new Date())).toEqual(new Map());
  });

  it('multiplies the credibility term by the score at the end of the day ÷ 100', async () => {
    const u = await author();
    const day = '2026-04-20';
    await createArticle(t.db, u.id, { status: 'published', publishedAt: new Date('2026-04-19T04:00:00Z') });
    await violate(u.id, new Date('2026-04-20T04:00:00Z')); // on the day: 95
    await violate(u.id, new Date('2026-04-20T16:30:00Z')); // after the day ends in Shanghai: not counted
    const figures = await gatherInfluenceFigures(t.db, day, { reportTz: TZ }, [u.id]);
    const inputs = figures.get(u.id)!.inputs;
    expect(inputs.creditFactor).toBe(0.95);
    // the two rejected works (status rejected, refused on the day) lower the pass rate too
    const credibility = influenceIndex(inputs).components.find((c) => c.key === 'credibility')!;
    expect(credibility.points).toBe(Math.round(inputs.passRate * 0.95 * 1000) / 10);
    expect(credibility.points).toBeLessThan(Math.round(inputs.passRate * 1000) / 10);
  });
});
