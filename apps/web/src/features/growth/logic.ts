import {
  fenToYuanText,
  GRADE_LEVELS,
  type GradeAnalysis,
  type MyGrade,
  type TaskItem,
  type TaskMetric,
  type TaskReward,
} from '@cc/contracts';
import type { EChartsCoreOption } from '../../components/echart';
import { CHART_PALETTE, GAIN_COLOR, LOSS_COLOR } from '../../lib/chart-palette';

/** The pure parts of the tasks and grade pages (issue #14): ordering, progress, rewards' numbers, chart options. */

/** A task's state for its button and tag: the reward is waiting, taken, or the task is still open. */
export type TaskState = 'claimable' | 'claimed' | 'open';

export function taskState(task: Pick<TaskItem, 'done' | 'claimed'>): TaskState {
  if (task.claimed) return 'claimed';
  return task.done ? 'claimable' : 'open';
}

/** Progress as a whole percent for a bar, 0–100 (a progress past the target is 100). */
export function progressPercent(task: Pick<TaskItem, 'progress' | 'target'>): number {
  if (task.target <= 0) return 100;
  return Math.min(100, Math.floor((task.progress / task.target) * 100));
}

/**
 * The home widget's tasks (issue #14 "a home widget with the next tasks"): rewards waiting first, then unfinished
 * tasks closest to done, claimed ones left out; at most `limit`.
 */
export function nextTasks(tasks: readonly TaskItem[], limit: number): TaskItem[] {
  const rank = (t: TaskItem) => (taskState(t) === 'claimable' ? 0 : 1);
  return tasks
    .filter((t) => !t.claimed)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || progressPercent(b.t) - progressPercent(a.t) || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.t);
}

/** The i18n key of a metric's unit (`growth.units.*`). */
export const METRIC_UNIT_KEYS: Readonly<Record<TaskMetric, string>> = {
  first_article: 'articles',
  first_video: 'videos',
  publish_works: 'works',
  plays: 'plays',
  fans_gained: 'fans',
  profile_complete: 'steps',
  certified: 'certified',
};

/** Where an author does what a metric counts. */
export const METRIC_LINKS: Readonly<Record<TaskMetric, string>> = {
  first_article: '/article',
  first_video: '/videos/video',
  publish_works: '/detailManage',
  plays: '/dataOverview',
  fans_gained: '/manage/fansManage/fans',
  profile_complete: '/account/settings',
  certified: '/certification/indexc',
};

/** A coupon reward's amounts as yuan text (two decimals). */
export function couponYuan(reward: TaskReward): { value: string; minSpend: string; days: number } | null {
  if (!('coupon' in reward)) return null;
  return {
    value: fenToYuanText(reward.coupon.valueFen),
    minSpend: fenToYuanText(reward.coupon.minSpendFen),
    days: reward.coupon.validDays,
  };
}

/** The points of the level of `grade` (grades above the table: the top level's). */
export function levelMinPoints(grade: number): number {
  let min = 0;
  for (const l of GRADE_LEVELS) if (l.grade <= grade) min = l.minPoints;
  return min;
}

/**
 * How far the points are from the grade in force to the next level, 0–100 (100 at the top). Points below the
 * level's floor (a grade an operator granted) read 0.
 */
export function levelPercent(grade: MyGrade): number {
  if (!grade.next) return 100;
  const from = levelMinPoints(grade.grade);
  const span = grade.next.minPoints - from;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor(((grade.points - from) / span) * 100)));
}

/** The points trend as a line of the running total (grade/my `trend`). */
export function trendOption(trend: MyGrade['trend'], name: string): EChartsCoreOption {
  return {
    color: [CHART_PALETTE[0]],
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: trend.map((d) => d.day), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name, type: 'line', smooth: true, showSymbol: trend.length < 32, data: trend.map((d) => d.total) },
    ],
  };
}

/** The analysis' days as stacked bars by component (a penalty below the axis). */
export function analysisOption(
  days: GradeAnalysis['days'],
  names: Record<'creation' | 'engagement' | 'credit' | 'task', string>,
): EChartsCoreOption {
  const keys = ['creation', 'engagement', 'task', 'credit'] as const;
  const colors = [CHART_PALETTE[0], CHART_PALETTE[1], CHART_PALETTE[2], GAIN_COLOR];
  return {
    color: colors,
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((d) => d.day) },
    yAxis: { type: 'value', minInterval: 1 },
    series: keys.map((k) => ({
      name: names[k],
      type: 'bar',
      stack: 'points',
      data: days.map((d) =>
        k === 'credit' && d.credit < 0 ? { value: d.credit, itemStyle: { color: LOSS_COLOR } } : d[k],
      ),
    })),
  };
}
