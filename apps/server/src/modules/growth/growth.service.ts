import {
  type BilingualText,
  GRADE_LEVELS,
  GRADE_RIGHTS,
  type GradeAnalysis,
  type GradeAnalysisPeriod,
  type GradeRightsList,
  gradeOfPoints,
  type ListData,
  maxOpenBusinessOrders,
  type MessageLanguage,
  type MessageRef,
  type MyGrade,
  MsgGroup,
  nextLevel,
  type OpsTask,
  type OpsTaskListParam,
  POINT_RULES,
  PROFILE_STEPS,
  type ProfileStep,
  PROGRAM_MIN_GRADE,
  type PointSource,
  renderMessage,
  type SaveTaskParam,
  type TaskClaimResult,
  type TaskItem,
  type TaskKind,
  type TaskList,
  type TaskMetric,
  gradeRights,
  creditPointsOf,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  type AuthorDayFacts,
  readAuthorDayFacts,
  readGrowthAuthors,
  readTaskFacts,
  type ProgressWindow,
  type TaskFacts,
  type WindowCounts,
} from '../../read-models/task-progress.js';
import { getCreditScore } from '../credit/credit.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { grantCoupon } from '../promotion/promotion.service.js';
import { getPermissions, lockGrade, setGrade } from '../user/user.service.js';
import * as repo from './growth.repo.js';
import {
  dayEntries,
  dayOf,
  daysFrom,
  dayStart,
  effectiveGrade,
  periodOf,
  pointsOfDay,
  shiftDay,
  type TaskPeriod,
} from './growth.rules.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Tasks and grades (issue #14 "Tasks", "Grades"; Bilibili 电磁力; docs/api.md "Tasks and grades"). Tasks are data
 * (operators define them); progress is read from real publishing, audience and profile data (read-models/
 * task-progress.ts), never entered; a claim grants its reward once per period in one transaction. Growth points
 * live in a ledger (one key per grant); the grade follows the points by GRADE_LEVELS, never below a grade an
 * operator set (kept as a floor), and is written to `users.grade` — the one grade every other rule reads.
 * Other modules reach this area only through this file.
 */

/** What the growth calls need of the server's configuration. */
export interface GrowthOptions {
  /** the time zone of days, weeks and months (config `reportTz`) */
  reportTz: string;
}

/** Closed days the daily job looks back over for days it has not computed (the server was down at 00:20). */
export const GRADE_CATCH_UP_DAYS = 7;
/** Grade changes `grade/my` shows. */
const HISTORY_LIMIT = 50;
/** Days of the points trend of `grade/my`. */
const TREND_DAYS = 90;

// ---------------------------------------------------------------------------------------------------
// Default tasks
// ---------------------------------------------------------------------------------------------------

/** A task definition as code holds it (the defaults). */
interface TaskDefinition {
  code: string;
  kind: TaskKind;
  metric: TaskMetric;
  target: number;
  reward: repo.NewTaskRow['reward'];
  title: BilingualText;
  description: BilingualText;
  sortOrder: number;
}

/**
 * The tasks a fresh database has (issue #14 "Tasks"): newcomer tasks (first article, first video, complete the
 * profile, get certified) and weekly / monthly ones (publish N works, reach N plays, gain N fans). Inserted by code
 * when missing (`ensureDefaultTasks`, at every start): an operator's edit or deactivation of one stays.
 */
export const DEFAULT_TASKS: readonly TaskDefinition[] = [
  {
    code: 'newcomer_first_article',
    kind: 'newcomer',
    metric: 'first_article',
    target: 1,
    reward: { points: 50 },
    title: { 'zh-CN': '发布第一篇文章', 'en-US': 'Publish your first article' },
    description: {
      'zh-CN': '写一篇用车、试驾或选车的文章并通过审核发布。',
      'en-US': 'Write an article about driving, a test drive or choosing a car, and get it published.',
    },
    sortOrder: 10,
  },
  {
    code: 'newcomer_first_video',
    kind: 'newcomer',
    metric: 'first_video',
    target: 1,
    reward: { points: 80 },
    title: { 'zh-CN': '发布第一个视频', 'en-US': 'Publish your first video' },
    description: {
      'zh-CN': '视频或小视频都算，通过审核发布即完成。',
      'en-US': 'A video or a short video counts once it is published.',
    },
    sortOrder: 20,
  },
  {
    code: 'newcomer_profile',
    kind: 'newcomer',
    metric: 'profile_complete',
    target: PROFILE_STEPS.length,
    reward: { points: 30 },
    title: { 'zh-CN': '完善个人资料', 'en-US': 'Complete your profile' },
    description: {
      'zh-CN': '在账号设置中上传自己的头像，并设置与账号不同的媒体名称。',
      'en-US':
        'Upload an avatar of your own and choose a media name other than your account name in account settings.',
    },
    sortOrder: 30,
  },
  {
    code: 'newcomer_certified',
    kind: 'newcomer',
    metric: 'certified',
    target: 1,
    reward: { coupon: { valueFen: 2000, minSpendFen: 5000, validDays: 30 } },
    title: { 'zh-CN': '完成创作者认证', 'en-US': 'Get certified' },
    description: {
      'zh-CN': '个人或机构认证审核通过后可领取一张推广券。',
      'en-US': 'Once your personal or organisation certification is approved, claim a promotion coupon.',
    },
    sortOrder: 40,
  },
  {
    code: 'weekly_publish_works',
    kind: 'weekly',
    metric: 'publish_works',
    target: 3,
    reward: { points: 60 },
    title: { 'zh-CN': '本周发布 3 个作品', 'en-US': 'Publish 3 works this week' },
    description: {
      'zh-CN': '文章、图集、视频、小视频都算，以发布成功为准。',
      'en-US': 'Articles, image collections, videos and short videos count once published.',
    },
    sortOrder: 100,
  },
  {
    code: 'weekly_plays',
    kind: 'weekly',
    metric: 'plays',
    target: 5000,
    reward: { points: 40 },
    title: { 'zh-CN': '本周作品播放/阅读 5000 次', 'en-US': '5,000 plays and reads this week' },
    description: {
      'zh-CN': '本周内你所有作品的播放与阅读次数之和。',
      'en-US': 'All plays and reads of your works during this week.',
    },
    sortOrder: 110,
  },
  {
    code: 'monthly_fans',
    kind: 'monthly',
    metric: 'fans_gained',
    target: 100,
    reward: { coupon: { valueFen: 5000, minSpendFen: 10000, validDays: 30 } },
    title: { 'zh-CN': '本月新增 100 位粉丝', 'en-US': 'Gain 100 fans this month' },
    description: {
      'zh-CN': '本月内新增关注的人数（不扣除取消关注）。',
      'en-US': 'Readers who followed you this month (unfollows are not subtracted).',
    },
    sortOrder: 200,
  },
  {
    code: 'monthly_publish_works',
    kind: 'monthly',
    metric: 'publish_works',
    target: 12,
    reward: { points: 200 },
    title: { 'zh-CN': '本月发布 12 个作品', 'en-US': 'Publish 12 works this month' },
    description: {
      'zh-CN': '坚持更新：本月发布 12 个文章、图集、视频或小视频。',
      'en-US': 'Keep it up: publish 12 articles, image collections, videos or short videos this month.',
    },
    sortOrder: 210,
  },
];

/**
 * Inserts each default task whose code is missing (issue #14 "a sensible set exists on a fresh database"); safe to
 * repeat and to run on several servers at once (the code is unique).
 * @returns how many were inserted
 */
export async function ensureDefaultTasks(db: Db): Promise<number> {
  let inserted = 0;
  for (const t of DEFAULT_TASKS)
    if (await repo.insertTaskIfMissing(db, { ...t, active: true })) inserted += 1;
  return inserted;
}

// ---------------------------------------------------------------------------------------------------
// Task progress
// ---------------------------------------------------------------------------------------------------

/** The catalog unit of a metric's progress. */
const METRIC_UNITS: Record<TaskMetric, MessageRef> = {
  first_article: { code: 'GROWTH_UNIT_ARTICLES' },
  first_video: { code: 'GROWTH_UNIT_VIDEOS' },
  publish_works: { code: 'GROWTH_UNIT_WORKS' },
  plays: { code: 'GROWTH_UNIT_PLAYS' },
  fans_gained: { code: 'GROWTH_UNIT_FANS' },
  profile_complete: { code: 'GROWTH_UNIT_STEPS' },
  certified: { code: 'GROWTH_UNIT_CERTIFIED' },
};

/** The progress of a metric from the facts of its window. */
function progressOf(
  metric: TaskMetric,
  counts: WindowCounts,
  facts: TaskFacts,
): { progress: number; missing?: ProfileStep[] } {
  switch (metric) {
    case 'first_article':
      return { progress: counts.articles };
    case 'first_video':
      return { progress: counts.videos };
    case 'publish_works':
      return { progress: counts.works };
    case 'plays':
      return { progress: counts.plays };
    case 'fans_gained':
      return { progress: counts.fansGained };
    case 'certified':
      return { progress: facts.certified ? 1 : 0 };
    case 'profile_complete': {
      const missing = PROFILE_STEPS.filter((s) => (s === 'avatar' ? !facts.avatarSet : !facts.mediaNameOwn));
      return { progress: PROFILE_STEPS.length - missing.length, missing };
    }
  }
}

const windowOf = (p: TaskPeriod): ProgressWindow => ({
  key: p.key,
  start: p.start,
  end: p.end,
  startDay: p.startDay,
  endDay: p.endDay,
});

/** The periods of every kind at `now`. */
function periodsAt(now: Date, tz: string): Record<TaskKind, TaskPeriod> {
  return {
    newcomer: periodOf('newcomer', now, tz),
    weekly: periodOf('weekly', now, tz),
    monthly: periodOf('monthly', now, tz),
  };
}

/** Facts of the three periods of `now` for an author. */
async function factsAt(db: Db, userId: number, periods: Record<TaskKind, TaskPeriod>): Promise<TaskFacts> {
  const facts = await readTaskFacts(db, userId, Object.values(periods).map(windowOf));
  if (!facts) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
  return facts;
}

/**
 * `GET /api/task/list` (issue #14 "Tasks"): the active tasks with the author's progress in the current period, the
 * target, whether done and claimed (and when), the reward, the period and when it ends.
 * @param lang the request's language (titles and descriptions)
 * @throws NOT_LOGGED_IN when the user is gone
 */
export async function listTasks(
  db: Db,
  userId: number,
  lang: MessageLanguage,
  now: Date,
  opts: GrowthOptions,
): Promise<TaskList> {
  const periods = periodsAt(now, opts.reportTz);
  const [tasks, facts] = await Promise.all([repo.findActiveTasks(db), factsAt(db, userId, periods)]);
  const claims = await repo.findClaims(
    db,
    userId,
    tasks.map((t) => ({ taskId: t.id, period: periods[t.kind].key })),
  );
  const claimOf = new Map(claims.map((c) => [`${c.taskId}:${c.period}`, c]));
  const items = tasks.map((task): TaskItem => {
    const period = periods[task.kind];
    const { progress, missing } = progressOf(task.metric, facts.windows.get(period.key)!, facts);
    const claim = claimOf.get(`${task.id}:${period.key}`);
    return {
      id: task.id,
      code: task.code,
      kind: task.kind,
      metric: task.metric,
      title: task.title[lang],
      description: task.description[lang],
      target: task.target,
      progress,
      done: progress >= task.target,
      claimed: claim !== undefined,
      claimedAt: claim?.claimedAt.toISOString() ?? null,
      reward: task.reward,
      period: period.key,
      periodEndsAt: period.end?.toISOString() ?? null,
      ...(missing ? { missing } : {}),
    };
  });
  return {
    newcomer: items.filter((i) => i.kind === 'newcomer'),
    periodic: items.filter((i) => i.kind !== 'newcomer'),
    asOf: now.toISOString(),
  };
}

/**
 * `POST /api/task/claim { taskId }` (issue #14 "Tasks"): grants the task's reward for the current period, once, in
 * one transaction — growth points into the ledger (key `task:<id>:<period>`), or a coupon through `grantCoupon`
 * (same key); the claim row's unique (author, task, period) key and the account lock make a second claim, even a
 * concurrent one, grant nothing. Points may change the grade at once (`applyGrade`).
 * @throws NOT_FOUND (10006, GROWTH_TASK_NOT_FOUND) for an unknown or inactive task; CONFLICT (10008) when not done
 *   (GROWTH_TASK_NOT_DONE, naming the progress) or claimed in this period (GROWTH_TASK_ALREADY_CLAIMED, naming when)
 */
export async function claimTask(
  db: Db,
  userId: number,
  taskId: number,
  lang: MessageLanguage,
  now: Date,
  opts: GrowthOptions,
): Promise<TaskClaimResult> {
  return db.transaction(async (tx) => {
    const task = await repo.findTaskById(tx, taskId);
    if (!task || !task.active) throw new AppError('NOT_FOUND', 'GROWTH_TASK_NOT_FOUND');
    const period = periodOf(task.kind, now, opts.reportTz);
    // the author's claims queue here: the second of two concurrent claims sees the first one's row
    const account = await repo.lockAccount(tx, userId);
    const claimedRefusal = (at: Date) =>
      new AppError('CONFLICT', {
        code: 'GROWTH_TASK_ALREADY_CLAIMED',
        params: {
          title: task.title[lang],
          period: period.key,
          at: dayjs(at).tz(opts.reportTz).format('YYYY-MM-DD HH:mm'),
        },
      });
    const existing = await repo.findClaim(tx, userId, task.id, period.key);
    if (existing) throw claimedRefusal(existing.claimedAt);
    const facts = await readTaskFacts(tx, userId, [windowOf(period)]);
    if (!facts) throw new AppError('NOT_LOGGED_IN', 'LOGIN_REQUIRED');
    const { progress } = progressOf(task.metric, facts.windows.get(period.key)!, facts);
    if (progress < task.target) {
      throw new AppError('CONFLICT', {
        code: 'GROWTH_TASK_NOT_DONE',
        params: { title: task.title[lang], progress, target: task.target, unit: METRIC_UNITS[task.metric] },
      });
    }
    const claim = await repo.insertClaim(tx, {
      userId,
      taskId: task.id,
      period: period.key,
      reward: task.reward,
      claimedAt: now,
    });
    if (!claim) {
      const other = await repo.findClaim(tx, userId, task.id, period.key);
      throw claimedRefusal(other?.claimedAt ?? now);
    }
    const key = `task:${task.id}:${period.key}`;
    let points = account.points;
    let couponId: number | null = null;
    if ('points' in task.reward) {
      const added = await repo.insertPoints(tx, {
        userId,
        points: task.reward.points,
        source: 'task',
        ref: key,
        key,
        day: dayOf(now, opts.reportTz),
        createdAt: now,
      });
      if (added !== 0) points = await repo.addAccountPoints(tx, userId, added);
      await applyGrade(tx, userId, { ...account, points }, now);
    } else {
      const { coupon } = task.reward;
      const granted = await grantCoupon(tx, {
        userId,
        valueFen: coupon.valueFen,
        minSpendFen: coupon.minSpendFen,
        expiresAt: dayjs(now).add(coupon.validDays, 'day').toDate(),
        source: 'task',
        sourceRef: key,
        key,
      });
      couponId = granted.couponId;
      await repo.setClaimCoupon(tx, claim.id, couponId);
    }
    return {
      taskId: task.id,
      period: period.key,
      claimedAt: claim.claimedAt.toISOString(),
      reward: task.reward,
      couponId,
      points,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Grades
// ---------------------------------------------------------------------------------------------------

/**
 * The operator's floor as it stands: when `users.grade` is not what this module last wrote (or it never wrote one),
 * someone else set it — an operator (`ops/user/set_permissions`), the demo seed, an older release — and that grade
 * is kept as the floor (docs/decisions/0011-tasks-and-grades.md "Operator's grade and computed grade").
 */
function floorNow(account: Pick<repo.AccountRow, 'writtenGrade' | 'floorGrade'> | undefined, grade: number) {
  const written = account?.writtenGrade ?? null;
  if (written === null || written !== grade)
    return { floor: grade > 1 ? grade : null, external: written !== null };
  return { floor: account?.floorGrade ?? null, external: false };
}

/**
 * Re-evaluates the author's grade from the account's points (issue #14 "Grades"): the grade the points reach, never
 * below the operator's floor; a change is written to `users.grade` with a history row and a message (`grade_up`
 * from grade 3, `grade_raised` below it, `grade_down`). The caller holds the account's lock.
 * @returns the grade before and after
 */
async function applyGrade(
  tx: Db,
  userId: number,
  account: repo.AccountRow,
  now: Date,
): Promise<{ from: number; to: number } | null> {
  const current = await lockGrade(tx, userId);
  if (current === null) return null;
  const { floor, external } = floorNow(account, current);
  if (external) {
    await repo.insertHistory(tx, {
      userId,
      fromGrade: account.writtenGrade!,
      toGrade: current,
      reason: 'operator',
      points: account.points,
      createdAt: now,
    });
  }
  const target = effectiveGrade(gradeOfPoints(account.points), floor);
  if (target !== current) {
    await setGrade(tx, userId, target);
    await repo.insertHistory(tx, {
      userId,
      fromGrade: current,
      toGrade: target,
      reason: 'points',
      points: account.points,
      createdAt: now,
    });
    const link = '/growUp/myGrade';
    const message =
      target < current
        ? kindMessage(
            'grade_down',
            { grade: target, count: account.points, from: current, points: account.points },
            link,
          )
        : target >= PROGRAM_MIN_GRADE
          ? kindMessage('grade_up', { grade: target }, link)
          : kindMessage(
              'grade_raised',
              { grade: target, count: maxOpenBusinessOrders(target), from: current, points: account.points },
              link,
              MsgGroup.SYSTEM,
            );
    await sendSystemMessage(tx, { userId, ...message, createdAt: now });
  }
  if (account.writtenGrade !== target || account.floorGrade !== floor)
    await repo.setAccountGrades(tx, userId, { writtenGrade: target, floorGrade: floor });
  return { from: current, to: target };
}

/** One author's closed day: its points by the rules into the ledger (once), then the grade. */
async function computeAuthorDay(
  db: Db,
  userId: number,
  day: string,
  facts: AuthorDayFacts,
  now: Date,
): Promise<{ points: number; changed: boolean }> {
  const creditScore = await getCreditScore(db, userId);
  const points = pointsOfDay({ ...facts, creditScore });
  return db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, userId);
    let total = account.points;
    let added = 0;
    const entries = dayEntries(points, account.points);
    if (entries.length > 0) {
      const credit = entries.find((e) => e.source === 'credit')?.points ?? 0;
      const works = Object.values(facts.published).reduce((a, b) => a + b, 0);
      const fresh = await repo.insertDaily(tx, {
        userId,
        day,
        creation: points.creation,
        engagement: points.engagement,
        credit,
        works,
        plays: facts.plays,
        fansGained: facts.fansGained,
        creditScore,
        computedAt: now,
      });
      if (fresh) {
        for (const e of entries) {
          added += await repo.insertPoints(tx, {
            userId,
            points: e.points,
            source: e.source,
            ref: day,
            key: `day:${day}:${e.source}`,
            day,
            createdAt: now,
          });
        }
        if (added !== 0) total = await repo.addAccountPoints(tx, userId, added);
      }
    }
    const change = await applyGrade(tx, userId, { ...account, points: total }, now);
    return { points: added, changed: change !== null && change.from !== change.to };
  });
}

/**
 * Computes one closed day for every author (or `only` these): the points of the day by POINT_RULES, into the ledger
 * once (the day's row and the ledger keys `day:<day>:<source>` make a repeat add nothing), then each grade.
 * @returns what it did, for the log
 */
export async function computeGrowthDay(
  db: Db,
  day: string,
  now: Date,
  opts: GrowthOptions,
  only?: readonly number[],
): Promise<{ day: string; authors: number; points: number; changed: number }> {
  const end = dayStart(shiftDay(day, 1), opts.reportTz);
  const [authors, facts] = await Promise.all([
    readGrowthAuthors(db, end, only),
    readAuthorDayFacts(db, day, opts.reportTz, only),
  ]);
  let points = 0;
  let changed = 0;
  for (const userId of authors) {
    const f: AuthorDayFacts = facts.get(userId) ?? { published: {}, plays: 0, fansGained: 0 };
    const r = await computeAuthorDay(db, userId, day, f, now);
    points += r.points;
    if (r.changed) changed += 1;
  }
  return { day, authors: authors.length, points, changed };
}

/**
 * The daily grade job (issue #14 "recomputed daily by a job with history"; jobs/growth.ts, 00:20 REPORT_TZ): every
 * closed day of the last GRADE_CATCH_UP_DAYS the job has not finished, oldest first — so a run is safe to repeat and
 * a day missed while the server was down is caught up by the next run. With `only` (tests, one author's
 * recomputation) the last closed day alone is computed for those authors, and not marked finished.
 * @param now the wall clock; days are REPORT_TZ days
 * @returns the days computed
 */
export async function runGradeDaily(
  db: Db,
  now: Date,
  opts: GrowthOptions,
  only?: readonly number[],
): Promise<{ days: { day: string; authors: number; points: number; changed: number }[] }> {
  const today = dayOf(now, opts.reportTz);
  const candidates = only
    ? [shiftDay(today, -1)]
    : Array.from({ length: GRADE_CATCH_UP_DAYS }, (_, i) => shiftDay(today, i - GRADE_CATCH_UP_DAYS));
  const done = only ? new Set<string>() : await repo.findDoneDays(db, candidates);
  const days = [];
  for (const day of candidates) {
    if (done.has(day)) continue;
    const result = await computeGrowthDay(db, day, now, opts, only);
    if (!only) await repo.insertDoneDay(db, day, result.authors, now);
    days.push(result);
  }
  return { days };
}

/** The level after `grade` with the points still needed. */
function nextOf(grade: number, points: number) {
  const next = nextLevel(grade);
  return next
    ? { grade: next.grade, minPoints: next.minPoints, pointsToGo: Math.max(0, next.minPoints - points) }
    : null;
}

/**
 * `GET /api/grade/my` (issue #14 "Grades"): the grade in force, the points and the grade they reach, the operator's
 * floor, the next level and the points to it, the rights now (as enforced: an operator's short-video limit and the
 * `program` white list count), the history and the points trend.
 * @throws NOT_LOGGED_IN when the user is gone
 */
export async function getMyGrade(db: Db, userId: number, now: Date, opts: GrowthOptions): Promise<MyGrade> {
  const perms = await getPermissions(db, userId);
  const [account, history, computedThrough] = await Promise.all([
    repo.findAccount(db, userId),
    repo.findHistory(db, userId, HISTORY_LIMIT),
    repo.lastDoneDay(db),
  ]);
  const points = account?.points ?? 0;
  const start = shiftDay(dayOf(now, opts.reportTz), -(TREND_DAYS - 1));
  const trend = await repo.pointsTrend(db, userId, start);
  let total = trend.before;
  return {
    grade: perms.grade,
    pointsGrade: gradeOfPoints(points),
    floorGrade: floorNow(account, perms.grade).floor,
    points,
    next: nextOf(perms.grade, points),
    rights: {
      programs: perms.rankResult === 1,
      smallVideoMaxSeconds: perms.smallVideoMaxSeconds,
      openBusinessOrders: maxOpenBusinessOrders(perms.grade),
    },
    history: history.map((h) => ({
      at: h.createdAt.toISOString(),
      from: h.fromGrade,
      to: h.toGrade,
      reason: h.reason,
      points: h.points,
    })),
    trend: trend.days.map((d) => {
      total += d.points;
      return { day: d.day, points: d.points, total };
    }),
    computedThrough,
  };
}

const PERIOD_DAYS: Record<GradeAnalysisPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The publish suggestions' types, best paid first. */
const SUGGESTED_TYPES = [
  { type: 'video', name: { code: 'GROWTH_TYPE_VIDEOS' } },
  { type: 'article', name: { code: 'GROWTH_TYPE_ARTICLES' } },
] as const;

/**
 * `GET /api/grade/analysis { period }` (issue #14 "gradeAnalysis shows what moved it and what would raise it"): the
 * points of each day of the period by component with the facts behind them, the totals, and concrete suggestions
 * computed from the rules and the author's data — tasks to claim or finish (with the points and what is left),
 * works to publish up to the daily cap, plays and fans at their rates, the credit band.
 * @param lang the suggestions' language
 * @throws NOT_LOGGED_IN when the user is gone
 */
export async function getGradeAnalysis(
  db: Db,
  userId: number,
  period: GradeAnalysisPeriod,
  lang: MessageLanguage,
  now: Date,
  opts: GrowthOptions,
): Promise<GradeAnalysis> {
  const end = dayOf(now, opts.reportTz);
  const start = shiftDay(end, -(PERIOD_DAYS[period] - 1));
  const perms = await getPermissions(db, userId);
  const [account, bySource, daily, computedThrough, tasks, creditScore] = await Promise.all([
    repo.findAccount(db, userId),
    repo.pointsByDaySource(db, userId, start, end),
    repo.findDailyRows(db, userId, start, end),
    repo.lastDoneDay(db),
    listTasks(db, userId, lang, now, opts),
    getCreditScore(db, userId),
  ]);
  const points = account?.points ?? 0;
  const zero = () => ({ creation: 0, engagement: 0, credit: 0, task: 0, total: 0 });
  const perDay = new Map<string, Record<PointSource | 'total', number>>();
  const totals = zero();
  for (const r of bySource) {
    const d = perDay.get(r.day) ?? zero();
    d[r.source] += r.points;
    d.total += r.points;
    totals[r.source] += r.points;
    totals.total += r.points;
    perDay.set(r.day, d);
  }
  const dailyOf = new Map(daily.map((d) => [d.day, d]));
  const days = daysFrom(start, end).map((day) => {
    const f = dailyOf.get(day);
    return {
      day,
      ...(perDay.get(day) ?? zero()),
      works: f?.works ?? null,
      plays: f?.plays ?? null,
      fansGained: f?.fansGained ?? null,
      creditScore: f?.creditScore ?? null,
    };
  });
  const next = nextOf(perms.grade, points);
  const sumPlays = daily.reduce((a, d) => a + d.plays, 0);
  const sumFans = daily.reduce((a, d) => a + d.fansGained, 0);
  const suggestions: GradeAnalysis['suggestions'] = [];
  const say = (ref: MessageRef) => renderMessage(ref, lang);
  // tasks first: points waiting to be claimed, then the ones closest to done
  for (const t of [...tasks.newcomer, ...tasks.periodic]) {
    if (!('points' in t.reward) || t.claimed) continue;
    if (t.done) {
      suggestions.push({
        kind: 'claim',
        text: say({ code: 'GROWTH_SUGGEST_CLAIM', params: { task: t.title, points: t.reward.points } }),
        points: t.reward.points,
        link: '/task/detail',
      });
    } else {
      suggestions.push({
        kind: 'task',
        text: say({
          code: 'GROWTH_SUGGEST_TASK',
          params: {
            task: t.title,
            remaining: t.target - t.progress,
            unit: METRIC_UNITS[t.metric],
            points: t.reward.points,
            ends: {
              code:
                t.kind === 'weekly'
                  ? 'GROWTH_SUGGEST_ENDS_WEEK'
                  : t.kind === 'monthly'
                    ? 'GROWTH_SUGGEST_ENDS_MONTH'
                    : 'GROWTH_SUGGEST_ENDS_ONCE',
            },
          },
        }),
        points: t.reward.points,
        link: '/task/detail',
      });
    }
  }
  const { creation, engagement } = POINT_RULES;
  if (next) {
    for (const { type, name } of SUGGESTED_TYPES) {
      const each = creation.perWork[type];
      const count = Math.max(
        1,
        Math.min(Math.ceil(next.pointsToGo / each), Math.floor(creation.dailyCap / each)),
      );
      suggestions.push({
        kind: 'publish',
        text: say({
          code: 'GROWTH_SUGGEST_PUBLISH',
          params: { count, type: name, points: count * each, each, cap: creation.dailyCap },
        }),
        points: count * each,
        link: type === 'video' ? '/videos/video' : '/article',
      });
    }
    const computedDays = Math.max(1, daily.length);
    suggestions.push({
      kind: 'plays',
      text: say({
        code: 'GROWTH_SUGGEST_PLAYS',
        params: {
          plays: 1000,
          points: engagement.per1000Plays,
          days: PERIOD_DAYS[period],
          average: Math.round(sumPlays / computedDays),
        },
      }),
      points: engagement.per1000Plays,
      link: '/dataOverview',
    });
    suggestions.push({
      kind: 'fans',
      text: say({
        code: 'GROWTH_SUGGEST_FANS',
        params: { points: engagement.perNewFan, days: PERIOD_DAYS[period], gained: sumFans },
      }),
      points: engagement.perNewFan,
      link: '/manage/fansManage/fans',
    });
  } else {
    suggestions.push({
      kind: 'top',
      text: say({ code: 'GROWTH_SUGGEST_TOP', params: { grade: perms.grade } }),
      points: 0,
      link: null,
    });
  }
  const bandNow = creditPointsOf(creditScore);
  const best = POINT_RULES.credit.bands[0];
  if (creditScore < best.minScore) {
    suggestions.push({
      kind: 'credit',
      text: say({
        code: 'GROWTH_SUGGEST_CREDIT',
        params: { score: creditScore, now: bandNow, target: best.minScore, bonus: best.points },
      }),
      points: best.points - bandNow,
      link: '/growUp/creditScore',
    });
  }
  suggestions.sort(
    (a, b) => (a.kind === 'claim' ? -1 : 0) - (b.kind === 'claim' ? -1 : 0) || b.points - a.points,
  );
  return {
    period,
    range: { start, end },
    totals,
    days,
    grade: perms.grade,
    points,
    next,
    suggestions,
    computedThrough,
  };
}

/**
 * `GET /api/grade/rights` (issue #14 "gradeRights lists each level's rights and they are enforced where they
 * apply"): every level with its points and rights, where each right is enforced, the author's grade and their own
 * short-video limit when an operator set one, and the point rules.
 * @throws NOT_LOGGED_IN when the user is gone
 */
export async function getGradeRights(db: Db, userId: number): Promise<GradeRightsList> {
  const perms = await getPermissions(db, userId);
  return {
    grade: perms.grade,
    levels: GRADE_LEVELS.map((l) => ({
      grade: l.grade,
      minPoints: l.minPoints,
      rights: gradeRights(l.grade),
    })),
    rights: GRADE_RIGHTS.map((r) => ({ key: r.key, enforcedBy: [...r.enforcedBy] })),
    smallVideoMaxSecondsSet: perms.smallVideoMaxSecondsSet ? perms.smallVideoMaxSeconds : null,
    pointRules: {
      creation: { perWork: { ...POINT_RULES.creation.perWork }, dailyCap: POINT_RULES.creation.dailyCap },
      engagement: { ...POINT_RULES.engagement },
      credit: { bands: POINT_RULES.credit.bands.map((b) => ({ ...b })) },
    },
  };
}

/**
 * The author's growth points and the ledger's sum (they must agree; the property test holds them to it).
 */
export async function getPointsBalance(db: Db, userId: number): Promise<{ points: number; ledger: number }> {
  const [account, ledger] = await Promise.all([repo.findAccount(db, userId), repo.sumPoints(db, userId)]);
  return { points: account?.points ?? 0, ledger };
}

// ---------------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------------

function toOpsTask(row: repo.TaskRow, claims: number): OpsTask {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    metric: row.metric,
    target: row.target,
    reward: row.reward,
    title: row.title,
    description: row.description,
    order: row.sortOrder,
    active: row.active,
    claims,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `GET /api/ops/growth/task_list` (operators; the caller checks the role): every task in order, inactive ones too
 * unless `active` filters, with both languages and the claims made.
 */
export async function listOpsTasks(db: Db, param: OpsTaskListParam): Promise<ListData<OpsTask>> {
  const { rows, total } = await repo.listTasks(
    db,
    { kind: param.kind, active: param.active },
    param.page,
    param.pageSize,
  );
  return { list: rows.map((r) => toOpsTask(r, r.claims)), total, page: param.page, pageSize: param.pageSize };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * `POST /api/ops/growth/save_task` (operators; the caller checks the role): creates a task, or replaces one's
 * definition (`active: false` deactivates it). A task's code is fixed once created; its kind and metric are fixed
 * once claimed (a claim's period and progress were judged by them). Claims made stay whatever changes.
 * @throws VALIDATION_FAILED (10007) naming `code` (GROWTH_TASK_CODE_TAKEN, GROWTH_TASK_CODE_FIXED); NOT_FOUND (10006,
 *   GROWTH_TASK_NOT_FOUND) for an unknown id; CONFLICT (10008, GROWTH_TASK_DEFINITION_LOCKED) for a new kind or metric
 *   of a claimed task
 */
export async function saveTask(db: Db, param: SaveTaskParam): Promise<OpsTask> {
  const fields = {
    code: param.code,
    kind: param.kind,
    metric: param.metric,
    target: param.target,
    reward: param.reward,
    title: param.title,
    description: param.description,
    sortOrder: param.order,
    active: param.active,
  };
  const taken = () =>
    AppError.validation([{ path: 'code', code: 'GROWTH_TASK_CODE_TAKEN', params: { code: param.code } }]);
  try {
    return await db.transaction(async (tx) => {
      if (param.id === undefined) {
        if (await repo.findTaskByCode(tx, param.code)) throw taken();
        return toOpsTask(await repo.insertTask(tx, fields), 0);
      }
      const task = await repo.findTaskById(tx, param.id, { forUpdate: true });
      if (!task) throw new AppError('NOT_FOUND', 'GROWTH_TASK_NOT_FOUND');
      if (task.code !== param.code)
        throw AppError.validation([
          { path: 'code', code: 'GROWTH_TASK_CODE_FIXED', params: { code: task.code } },
        ]);
      const claims = (await repo.countClaimsByTask(tx, [task.id])).get(task.id) ?? 0;
      if (claims > 0 && (task.kind !== param.kind || task.metric !== param.metric))
        throw new AppError('CONFLICT', { code: 'GROWTH_TASK_DEFINITION_LOCKED', params: { claims } });
      const updated = await repo.updateTask(tx, task.id, fields);
      return toOpsTask(updated!, claims);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
