import type { OpsTask } from '@cc/contracts';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, coupons, growthPoints, growthTaskClaims } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { createArticle, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { claimTask, getPointsBalance, runGradeDaily, saveTask } from './growth.service.js';
import { periodOf } from './growth.rules.js';

// Issue #14 "a property test that no sequence of actions … grants a reward twice": random sequences of publishing,
// deleting, claims (repeated, and several at once), the clock moving across weeks and months, and the daily grade
// job never grant a task's reward twice in a period, and the growth points always equal the ledger's sum.
const t = useTestApp();
const TZ = 'Asia/Shanghai';
const opts = { reportTz: TZ };
const HOUR = 3_600_000;

let tasks: OpsTask[] = [];
beforeAll(async () => {
  const base = {
    title: { 'zh-CN': '属性测试任务', 'en-US': 'property task' },
    description: { 'zh-CN': '', 'en-US': '' },
    order: 0,
    active: true,
  };
  tasks = [
    await saveTask(t.db, {
      ...base,
      code: 'prop_weekly',
      kind: 'weekly',
      metric: 'publish_works',
      target: 1,
      reward: { points: 10 },
    }),
    await saveTask(t.db, {
      ...base,
      code: 'prop_monthly',
      kind: 'monthly',
      metric: 'publish_works',
      target: 2,
      reward: { points: 7 },
    }),
    await saveTask(t.db, {
      ...base,
      code: 'prop_newcomer',
      kind: 'newcomer',
      metric: 'first_article',
      target: 1,
      reward: { points: 5 },
    }),
    await saveTask(t.db, {
      ...base,
      code: 'prop_coupon',
      kind: 'weekly',
      metric: 'first_video',
      target: 1,
      reward: { coupon: { valueFen: 100, minSpendFen: 0, validDays: 3 } },
    }),
  ];
});

const action = fc.oneof(
  fc.record({
    kind: fc.constant('publish' as const),
    type: fc.constantFrom('article' as const, 'video' as const),
  }),
  fc.record({ kind: fc.constant('delete' as const) }),
  fc.record({
    kind: fc.constant('claim' as const),
    task: fc.integer({ min: 0, max: 3 }),
    parallel: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 0, max: 24 * 12 }) }),
  fc.record({ kind: fc.constant('job' as const) }),
);

describe('property: no reward is granted twice; points always equal the ledger', () => {
  it('holds for random sequences of publishing, deleting, claims (parallel too), time and the daily job', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 * 24 }),
        fc.array(action, { minLength: 1, maxLength: 16 }),
        async (startHours, actions) => {
          let clock = new Date(new Date('2026-11-20T00:00:00Z').getTime() + startHours * HOUR);
          const user = await createUser(t.db, t.config, { createdAt: new Date('2026-01-01T00:00:00Z') });
          const works: number[] = [];
          /** `<task index>:<period>` of every successful claim */
          const granted: string[] = [];
          let expectedPoints = 0;
          for (const a of actions) {
            if (a.kind === 'publish') {
              const row = await createArticle(t.db, user.id, {
                type: a.type,
                status: 'published',
                publishedAt: clock,
              });
              works.push(row.id);
            } else if (a.kind === 'delete') {
              const id = works.pop();
              if (id !== undefined)
                await t.db
                  .update(contents)
                  .set({ status: 'deleted', deletedAt: clock })
                  .where(eq(contents.id, id));
            } else if (a.kind === 'advance') {
              clock = new Date(clock.getTime() + a.hours * HOUR);
            } else if (a.kind === 'job') {
              await runGradeDaily(t.db, clock, opts, [user.id]);
            } else {
              const task = tasks[a.task]!;
              const key = `${a.task}:${periodOf(task.kind, clock, TZ).key}`;
              const claimedBefore = granted.includes(key);
              const results = await Promise.allSettled(
                Array.from({ length: a.parallel }, () =>
                  claimTask(t.db, user.id, task.id, 'en-US', clock, opts),
                ),
              );
              const ok = results.filter((r) => r.status === 'fulfilled');
              for (const r of results) {
                if (r.status === 'rejected') {
                  // a refusal is always a named state (10008), never a fault
                  expect(r.reason).toBeInstanceOf(AppError);
                  expect((r.reason as AppError).status).toBe(10008);
                  if (claimedBefore)
                    expect((r.reason as AppError).messageRef.code).toBe('GROWTH_TASK_ALREADY_CLAIMED');
                }
              }
              expect(ok.length).toBeLessThanOrEqual(claimedBefore ? 0 : 1);
              if (ok.length === 1) {
                granted.push(key);
                if ('points' in task.reward) expectedPoints += task.reward.points;
              }
            }
          }
          // no (task, period) granted twice, and the tables say exactly what the answers said
          expect(new Set(granted).size).toBe(granted.length);
          const claims = await t.db
            .select({ taskId: growthTaskClaims.taskId, period: growthTaskClaims.period })
            .from(growthTaskClaims)
            .where(eq(growthTaskClaims.userId, user.id));
          expect(
            claims.map((c) => `${tasks.findIndex((x) => x.id === c.taskId)}:${c.period}`).sort(),
          ).toEqual([...granted].sort());
          const taskEntries = await t.db
            .select({ points: growthPoints.points })
            .from(growthPoints)
            .where(and(eq(growthPoints.userId, user.id), eq(growthPoints.source, 'task')));
          expect(taskEntries.reduce((s, e) => s + e.points, 0)).toBe(expectedPoints);
          const couponRows = await t.db.select().from(coupons).where(eq(coupons.userId, user.id));
          expect(couponRows).toHaveLength(granted.filter((k) => k.startsWith('3:')).length);
          const balance = await getPointsBalance(t.db, user.id);
          expect(balance.points).toBe(balance.ledger);
          expect(balance.points).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
