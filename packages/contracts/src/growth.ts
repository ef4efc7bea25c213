import { z } from 'zod';
import { INT4_MAX, PROGRAM_MIN_GRADE } from './constants.js';
import { idInputSchema, intInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';
import { smallVideoMaxSeconds } from './video.js';

/**
 * Tasks and grades (issue #14 "Tasks", "Grades"; Bilibili 电磁力): newcomer and periodic tasks defined by operators,
 * their claims, growth points, grades and their rights; docs/api.md "Tasks and grades". The rule tables here (levels,
 * point rules, rights) are THE rules: the server computes with them and the rights and analysis pages show them.
 */

// ---------------------------------------------------------------------------------------------------
// Tasks
// ---------------------------------------------------------------------------------------------------

/** `newcomer` tasks are claimed once ever (period `once`); `weekly` per ISO week, `monthly` per month (REPORT_TZ). */
export const TASK_KINDS = ['newcomer', 'weekly', 'monthly'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * What a task counts, always from real data (never entered by hand):
 * - `first_article`: articles published in the period (newcomer: ever) and still published
 * - `first_video`: videos and short videos published in the period and still published
 * - `publish_works`: works of `TASK_WORK_TYPES` published in the period and still published
 * - `plays`: views + plays of the author's works in the period (the audience rollups, API.md §11)
 * - `fans_gained`: follows gained in the period (the fans rollup, before unfollows)
 * - `profile_complete`: steps of `PROFILE_STEPS` done (a state: newcomer tasks only)
 * - `certified`: 1 once the author's certification is approved (`authStatus` 2; newcomer tasks only)
 */
export const TASK_METRICS = [
  'first_article',
  'first_video',
  'profile_complete',
  'certified',
  'publish_works',
  'plays',
  'fans_gained',
] as const;
export type TaskMetric = (typeof TASK_METRICS)[number];

/** Metrics that read a state rather than count within a period: only newcomer tasks may use them. */
export const STATE_METRICS = ['profile_complete', 'certified'] as const satisfies readonly TaskMetric[];

/** The work types `publish_works` and the creation points count (dynamics, live shows and programs do not). */
export const TASK_WORK_TYPES = ['article', 'album', 'video', 'smallVideo'] as const;

/**
 * The steps of a complete profile (`profile_complete`): an avatar of one's own (not the default one) and a media name
 * of one's own (not the account name).
 */
export const PROFILE_STEPS = ['avatar', 'mediaName'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

/** The target a state metric always has (`profile_complete`: every step; `certified`: 1). */
export const FIXED_TARGETS: Readonly<Partial<Record<TaskMetric, number>>> = {
  profile_complete: PROFILE_STEPS.length,
  certified: 1,
};

/** The period key of newcomer tasks. */
export const ONCE_PERIOD = 'once';

/** Limits of a task definition. */
export const TASK_LIMITS = {
  codePattern: /^[a-z][a-z0-9_]{1,39}$/,
  targetMax: 100_000_000,
  pointsMax: 100_000,
  /** a coupon's value, fen (¥10,000.00) */
  couponValueMaxFen: 1_000_000,
  couponMinSpendMaxFen: 10_000_000,
  couponValidDaysMax: 365,
  titleMax: 40,
  titleMaxEn: 80,
  descriptionMax: 200,
  descriptionMaxEn: 400,
  orderMax: 10_000,
} as const;

/** A reward of growth points. */
export const pointsRewardSchema = z.strictObject({
  points: z.int().min(1).max(TASK_LIMITS.pointsMax),
});
/** A reward of a promotion coupon (issue #14 "Coupons"): value and minimum spend in fen, valid `validDays` from the claim. */
export const couponRewardSchema = z.strictObject({
  coupon: z.strictObject({
    valueFen: z.int().min(1).max(TASK_LIMITS.couponValueMaxFen),
    minSpendFen: z.int().min(0).max(TASK_LIMITS.couponMinSpendMaxFen),
    validDays: z.int().min(1).max(TASK_LIMITS.couponValidDaysMax),
  }),
});
/** A task's reward: `{ points }` or `{ coupon: { valueFen, minSpendFen, validDays } }`. */
export const taskRewardSchema = z.union([pointsRewardSchema, couponRewardSchema]);
export type TaskReward = z.infer<typeof taskRewardSchema>;

/** A text in both languages of the product (zh-CN, en-US). */
export const bilingualTextSchema = z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() });
export type BilingualText = z.infer<typeof bilingualTextSchema>;

/** One task as the author sees it (`GET /api/task/list`): texts in the request's language, progress from real data. */
export const taskItemSchema = z.strictObject({
  id: idSchema,
  code: z.string(),
  kind: z.enum(TASK_KINDS),
  metric: z.enum(TASK_METRICS),
  title: z.string(),
  description: z.string(),
  target: z.int().min(1),
  /** the count so far in the period (may pass the target) */
  progress: countSchema,
  /** progress ≥ target */
  done: z.boolean(),
  /** the reward of this period was claimed */
  claimed: z.boolean(),
  claimedAt: isoTimeSchema.nullable(),
  reward: taskRewardSchema,
  /** `once`, an ISO week `2026-W48` or a month `2026-11` (REPORT_TZ) */
  period: z.string(),
  /** when the period ends (exclusive); null for newcomer tasks */
  periodEndsAt: isoTimeSchema.nullable(),
  /** `profile_complete` only: the steps still to do */
  missing: z.array(z.enum(PROFILE_STEPS)).optional(),
});
export type TaskItem = z.infer<typeof taskItemSchema>;

/** `GET /api/task/list`: newcomer tasks then the weekly and monthly ones, each in the operators' order. */
export const taskListSchema = z.strictObject({
  newcomer: z.array(taskItemSchema),
  periodic: z.array(taskItemSchema),
  /** when the progress was read */
  asOf: isoTimeSchema,
});
export type TaskList = z.infer<typeof taskListSchema>;

/** `POST /api/task/claim { taskId }`. */
export const taskClaimParamSchema = z.object({ taskId: idInputSchema });
export type TaskClaimParam = z.infer<typeof taskClaimParamSchema>;

/** The answer of a claim: what was granted, and the author's growth points after it. */
export const taskClaimResultSchema = z.strictObject({
  taskId: idSchema,
  period: z.string(),
  claimedAt: isoTimeSchema,
  reward: taskRewardSchema,
  /** the coupon granted (coupon rewards), else null */
  couponId: idSchema.nullable(),
  /** the author's growth points after the claim */
  points: z.int(),
});
export type TaskClaimResult = z.infer<typeof taskClaimResultSchema>;

/** A task as operators see and edit it. */
export const opsTaskSchema = z.strictObject({
  id: idSchema,
  code: z.string(),
  kind: z.enum(TASK_KINDS),
  metric: z.enum(TASK_METRICS),
  target: z.int().min(1),
  reward: taskRewardSchema,
  title: bilingualTextSchema,
  description: bilingualTextSchema,
  order: z.int(),
  active: z.boolean(),
  /** claims made so far (every period) */
  claims: countSchema,
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type OpsTask = z.infer<typeof opsTaskSchema>;

/** `GET /api/ops/growth/task_list`: every task (inactive too unless `active` filters), in order. */
export const opsTaskListParamSchema = pageParamSchema.extend({
  kind: z.enum(TASK_KINDS).optional(),
  active: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
});
export type OpsTaskListParam = z.infer<typeof opsTaskListParamSchema>;
export const opsTaskListSchema = listDataSchema(opsTaskSchema);

const requiredText = (max: number) =>
  textInputSchema(max, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED'));
const optionalText = (max: number) => textInputSchema(max, { trim: true, multiline: true });

const rewardInputSchema = z.union([
  z.strictObject({ points: intInputSchema(1, TASK_LIMITS.pointsMax) }),
  z.strictObject({
    coupon: z.strictObject({
      valueFen: intInputSchema(1, TASK_LIMITS.couponValueMaxFen),
      minSpendFen: intInputSchema(0, TASK_LIMITS.couponMinSpendMaxFen),
      validDays: intInputSchema(1, TASK_LIMITS.couponValidDaysMax),
    }),
  }),
]);

/**
 * `POST /api/ops/growth/save_task` (operators): creates a task (no `id`) or replaces one's definition; `active:
 * false` deactivates it (it leaves the authors' lists and cannot be claimed; claims made stay). State metrics are
 * newcomer-only and have a fixed target (`FIXED_TARGETS`).
 */
export const saveTaskParamSchema = z
  .object({
    id: idInputSchema.optional(),
    code: z.string('FIELD_EXPECTED_STRING').regex(TASK_LIMITS.codePattern, 'GROWTH_TASK_CODE_FORMAT'),
    kind: z.enum(TASK_KINDS),
    metric: z.enum(TASK_METRICS),
    target: intInputSchema(1, TASK_LIMITS.targetMax),
    reward: rewardInputSchema,
    title: z.strictObject({
      'zh-CN': requiredText(TASK_LIMITS.titleMax),
      'en-US': requiredText(TASK_LIMITS.titleMaxEn),
    }),
    description: z.strictObject({
      'zh-CN': optionalText(TASK_LIMITS.descriptionMax),
      'en-US': optionalText(TASK_LIMITS.descriptionMaxEn),
    }),
    order: intInputSchema(0, TASK_LIMITS.orderMax),
    active: z.boolean('FIELD_EXPECTED_BOOLEAN'),
  })
  .superRefine((p, ctx) => {
    if ((STATE_METRICS as readonly string[]).includes(p.metric) && p.kind !== 'newcomer')
      ctx.addIssue({ code: 'custom', path: ['metric'], message: 'GROWTH_TASK_STATE_METRIC_NEWCOMER' });
    const fixed = FIXED_TARGETS[p.metric];
    if (fixed !== undefined && p.target !== fixed)
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: 'GROWTH_TASK_TARGET_FIXED',
        params: { target: fixed },
      });
  });
export type SaveTaskParam = z.infer<typeof saveTaskParamSchema>;
export type SaveTaskInput = z.input<typeof saveTaskParamSchema>;

// ---------------------------------------------------------------------------------------------------
// Grades: levels, point rules, rights
// ---------------------------------------------------------------------------------------------------

/** Levels 1–6 and the growth points each needs (issue #14 "Grades"; Bilibili 电磁力 Lv1–Lv6). */
export const GRADE_LEVELS = [
  { grade: 1, minPoints: 0 },
  { grade: 2, minPoints: 200 },
  { grade: 3, minPoints: 1000 },
  { grade: 4, minPoints: 3000 },
  { grade: 5, minPoints: 8000 },
  { grade: 6, minPoints: 20000 },
] as const;
export const TOP_GRADE = GRADE_LEVELS[GRADE_LEVELS.length - 1]!.grade;

/** The grade growth points reach (the highest level whose `minPoints` ≤ points; 1 below zero). */
export function gradeOfPoints(points: number): number {
  let grade = 1;
  for (const level of GRADE_LEVELS) if (points >= level.minPoints) grade = level.grade;
  return grade;
}

/** The level after `grade`, or null at the top (grades above the table have none either). */
export function nextLevel(grade: number): { grade: number; minPoints: number } | null {
  return GRADE_LEVELS.find((l) => l.grade > grade) ?? null;
}

/**
 * The published point rules (issue #14 "Grades"), computed per author per closed day (REPORT_TZ) by the daily
 * grade job; task rewards add their points when claimed.
 * - creation: points per work published that day (of `TASK_WORK_TYPES`, still published when the day is computed),
 *   at most `dailyCap` a day
 * - engagement: `per1000Plays` per whole 1,000 views + plays of the day, `perNewFan` per follow gained, at most
 *   `dailyCap` a day
 * - credit: by the credit score (0–100) when the day is computed, the first band whose `minScore` the score
 *   reaches; a bonus (> 0) only on a day with creation or engagement points, a penalty (< 0) every day. Points
 *   never go below zero.
 */
export const POINT_RULES = {
  creation: {
    perWork: { article: 10, album: 6, video: 20, smallVideo: 8 },
    dailyCap: 60,
  },
  engagement: {
    per1000Plays: 5,
    perNewFan: 1,
    dailyCap: 100,
  },
  credit: {
    bands: [
      { minScore: 95, points: 2 },
      { minScore: 80, points: 0 },
      { minScore: 60, points: -5 },
      { minScore: 0, points: -20 },
    ],
  },
} as const satisfies {
  creation: { perWork: Record<(typeof TASK_WORK_TYPES)[number], number>; dailyCap: number };
  engagement: { per1000Plays: number; perNewFan: number; dailyCap: number };
  credit: { bands: readonly { minScore: number; points: number }[] };
};

/** The credit term of a day's points for a score (POINT_RULES.credit), before the "bonus only when active" rule. */
export function creditPointsOf(score: number): number {
  return POINT_RULES.credit.bands.find((b) => score >= b.minScore)?.points ?? 0;
}

/** Where points come from (the ledger's `source`). */
export const POINT_SOURCES = ['creation', 'engagement', 'credit', 'task'] as const;
export type PointSource = (typeof POINT_SOURCES)[number];

/**
 * Business orders an author may hold at once (accepted, delivered or in revision) by grade — a right of
 * `growUp/gradeRights` enforced by `business/accept_order` (issue #14 "Grades").
 */
export const OPEN_BUSINESS_ORDERS_BY_GRADE: Readonly<Record<number, number>> = {
  1: 1,
  2: 2,
  3: 3,
  4: 5,
  5: 8,
  6: 12,
};

/** The number of business orders an author of `grade` may hold at once (grades above the table take its top). */
export function maxOpenBusinessOrders(grade: number): number {
  const grades = Object.keys(OPEN_BUSINESS_ORDERS_BY_GRADE).map(Number);
  const top = Math.max(...grades);
  return OPEN_BUSINESS_ORDERS_BY_GRADE[Math.min(Math.max(Math.trunc(grade), 1), top)] ?? 1;
}

/** The rights of a grade, as the server enforces them. */
export const gradeRightsSchema = z.strictObject({
  /** programs (`program/save`, `rankResult` 1) from grade 3 */
  programs: z.boolean(),
  /** the longest short video, seconds (60, or 300 from grade 3), unless an operator set another */
  smallVideoMaxSeconds: z.int().min(1),
  /** business orders held at once */
  openBusinessOrders: z.int().min(1),
});
export type GradeRights = z.infer<typeof gradeRightsSchema>;

/** The rights `grade` gives (by the tables of programs, short videos and business orders). */
export function gradeRights(grade: number): GradeRights {
  return {
    programs: grade >= PROGRAM_MIN_GRADE,
    smallVideoMaxSeconds: smallVideoMaxSeconds(grade),
    openBusinessOrders: maxOpenBusinessOrders(grade),
  };
}

/** The rights of `growUp/gradeRights`, and the calls that enforce each (issue #14 "they are enforced where they apply"). */
export const GRADE_RIGHTS = [
  { key: 'programs', enforcedBy: ['POST /api/program/save', 'GET /api/program/get_user_grade'] },
  {
    key: 'smallVideoMaxSeconds',
    enforcedBy: ['POST /api/video/publish', 'GET /api/small_video/get_duration_permission'],
  },
  { key: 'openBusinessOrders', enforcedBy: ['POST /api/business/accept_order'] },
] as const satisfies readonly { key: keyof GradeRights; enforcedBy: readonly string[] }[];

/** Why an author's grade changed (grade history). */
export const GRADE_CHANGE_REASONS = ['points', 'operator'] as const;
export type GradeChangeReason = (typeof GRADE_CHANGE_REASONS)[number];

/** One change of grade. */
export const gradeChangeSchema = z.strictObject({
  at: isoTimeSchema,
  from: z.int().min(0),
  to: z.int().min(0),
  /** `points`: the daily grade job or a claim moved it; `operator`: an operator set it (kept as a floor) */
  reason: z.enum(GRADE_CHANGE_REASONS),
  /** the growth points then */
  points: z.int(),
});
export type GradeChange = z.infer<typeof gradeChangeSchema>;

/** `GET /api/grade/my`. */
export const myGradeSchema = z.strictObject({
  /** the grade in force (`users.grade`: what programs, short videos and business orders read) */
  grade: z.int().min(1),
  /** the grade the points reach */
  pointsGrade: z.int().min(1),
  /** the grade an operator granted (kept as a floor), or null */
  floorGrade: z.int().min(1).nullable(),
  points: z.int(),
  /** the level after the grade in force and the points still needed, or null at the top */
  next: z.strictObject({ grade: z.int(), minPoints: z.int(), pointsToGo: z.int().min(0) }).nullable(),
  rights: gradeRightsSchema,
  /** the last changes, newest first (at most 50) */
  history: z.array(gradeChangeSchema),
  /** points per day and the running total, oldest first (the last 90 days with points) */
  trend: z.array(z.strictObject({ day: z.string(), points: z.int(), total: z.int() })),
  /** the last closed day the daily job computed, or null before its first run */
  computedThrough: z.string().nullable(),
});
export type MyGrade = z.infer<typeof myGradeSchema>;

/** Periods of `GET /api/grade/analysis`: the N days ending today (REPORT_TZ). */
export const GRADE_ANALYSIS_PERIODS = ['7d', '30d', '90d'] as const;
export type GradeAnalysisPeriod = (typeof GRADE_ANALYSIS_PERIODS)[number];
export const gradeAnalysisParamSchema = z.object({
  period: z.enum(GRADE_ANALYSIS_PERIODS).default('30d'),
});
export type GradeAnalysisParam = z.infer<typeof gradeAnalysisParamSchema>;

/** Points of a day (or a period) by source. */
export const pointComponentsSchema = z.strictObject({
  creation: z.int(),
  engagement: z.int(),
  credit: z.int(),
  task: z.int(),
  total: z.int(),
});
export type PointComponents = z.infer<typeof pointComponentsSchema>;

/** The kinds of suggestion of the analysis (what would raise the grade). */
export const GRADE_SUGGESTION_KINDS = ['claim', 'task', 'publish', 'plays', 'fans', 'credit', 'top'] as const;

/** `GET /api/grade/analysis { period }`: what moved the points, and what would raise them. */
export const gradeAnalysisSchema = z.strictObject({
  period: z.enum(GRADE_ANALYSIS_PERIODS),
  range: z.strictObject({ start: z.string(), end: z.string() }),
  totals: pointComponentsSchema,
  /** every day of the range, oldest first; facts are null on days the daily job has not computed */
  days: z.array(
    pointComponentsSchema.extend({
      day: z.string(),
      works: countSchema.nullable(),
      plays: countSchema.nullable(),
      fansGained: countSchema.nullable(),
      creditScore: z.int().min(0).max(100).nullable(),
    }),
  ),
  grade: z.int().min(1),
  points: z.int(),
  next: z.strictObject({ grade: z.int(), minPoints: z.int(), pointsToGo: z.int().min(0) }).nullable(),
  /** concrete steps computed from the rules and the author's data, best first, in the request's language */
  suggestions: z.array(
    z.strictObject({
      kind: z.enum(GRADE_SUGGESTION_KINDS),
      text: z.string(),
      /** the points it would bring (0 for `top`) */
      points: z.int(),
      /** where to do it in the app */
      link: z.string().nullable(),
    }),
  ),
  computedThrough: z.string().nullable(),
});
export type GradeAnalysis = z.infer<typeof gradeAnalysisSchema>;

/** `GET /api/grade/rights`: each level's rights, and the author's grade. */
export const gradeRightsListSchema = z.strictObject({
  grade: z.int().min(1),
  levels: z.array(
    z.strictObject({ grade: z.int().min(1), minPoints: z.int().min(0), rights: gradeRightsSchema }),
  ),
  /** each right and the calls that enforce it */
  rights: z.array(
    z.strictObject({
      key: z.enum(['programs', 'smallVideoMaxSeconds', 'openBusinessOrders']),
      enforcedBy: z.array(z.string()),
    }),
  ),
  /** the author's own short-video limit when an operator set one (else null: it follows the grade) */
  smallVideoMaxSecondsSet: z.int().min(1).nullable(),
  /** the point rules (POINT_RULES) */
  pointRules: z.strictObject({
    creation: z.strictObject({
      perWork: z.record(z.string(), z.int()),
      dailyCap: z.int(),
    }),
    engagement: z.strictObject({ per1000Plays: z.int(), perNewFan: z.int(), dailyCap: z.int() }),
    credit: z.strictObject({
      bands: z.array(z.strictObject({ minScore: z.int(), points: z.int() })),
    }),
  }),
});
export type GradeRightsList = z.infer<typeof gradeRightsListSchema>;

/** Largest points total the schema accepts (an `integer` column). */
export const POINTS_MAX = INT4_MAX;

/** Path → `data` schema of this area's routes (merged into `apiDataSchemas`, responses.ts). */
export const growthDataSchemas = {
  '/api/task/list': taskListSchema,
  '/api/task/claim': taskClaimResultSchema,
  '/api/grade/my': myGradeSchema,
  '/api/grade/analysis': gradeAnalysisSchema,
  '/api/grade/rights': gradeRightsListSchema,
  '/api/ops/growth/task_list': opsTaskListSchema,
  '/api/ops/growth/save_task': opsTaskSchema,
} as const satisfies Record<string, z.ZodType>;
