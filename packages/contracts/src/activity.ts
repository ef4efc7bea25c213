import { z } from 'zod';
import { contentTypes, idInputSchema, intInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Activities (issue #15 "Activities"; spec §7 "tasks and activities"): campaigns run by operators that authors
 * join by attaching their published works; param and data schemas of this area's calls (docs/api.md
 * "Activities"). Spread into `apiDataSchemas` (responses.ts) through `activityDataSchemas`.
 */

/**
 * The states of an activity: `draft` (operators only) → `published` (visible; entries open inside the entry
 * window) → `closed` (entry closed: by the job when the window ends, or an operator) → `announced` (results).
 */
export const ACTIVITY_STATES = ['draft', 'published', 'closed', 'announced'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** An author's view of a visible activity by its dates: entry window not yet open, open, or over. */
export const ACTIVITY_PHASES = ['upcoming', 'open', 'ended'] as const;
export type ActivityPhase = (typeof ACTIVITY_PHASES)[number];

/** Entry states: `entered`, `disqualified` by an operator before the results (with a reason). */
export const ACTIVITY_ENTRY_STATES = ['entered', 'disqualified'] as const;
export type ActivityEntryState = (typeof ACTIVITY_ENTRY_STATES)[number];

export const ACTIVITY_TITLE_MAX = 60;
export const ACTIVITY_RULES_MAX = 5000;
export const ACTIVITY_PRIZE_TEXT_MAX = 100;
export const ACTIVITY_PRIZES_MAX = 10;
export const ACTIVITY_REASON_MAX = 200;
export const ACTIVITY_COVER_MAX = 500;
/** the ranking's length shown on the activity page */
export const ACTIVITY_RANKING_SIZE = 50;

/**
 * The published score rule of the ranking (issue #15): score = views + 3 × likes + 5 × comments + 10 × new fans,
 * each counted inside the entry window only; ties go to the earlier entry.
 */
export const ACTIVITY_SCORE_WEIGHTS = { views: 1, likes: 3, comments: 5, fans: 10 } as const;

/** The numbers of one entry inside the activity's entry window (computed from audience data). */
export interface ActivityNumbers {
  views: number;
  likes: number;
  comments: number;
  fans: number;
}

/** The score of an entry by ACTIVITY_SCORE_WEIGHTS. */
export function activityScore(n: ActivityNumbers): number {
  const w = ACTIVITY_SCORE_WEIGHTS;
  return n.views * w.views + n.likes * w.likes + n.comments * w.comments + n.fans * w.fans;
}

/** The author's view of an activity's phase at `now` (published activities; closed/announced are `ended`). */
export function activityPhase(
  a: { state: ActivityState; startsAt: string; endsAt: string },
  now: Date,
): ActivityPhase {
  if (a.state === 'closed' || a.state === 'announced') return 'ended';
  const t = now.getTime();
  if (t < Date.parse(a.startsAt)) return 'upcoming';
  if (t >= Date.parse(a.endsAt)) return 'ended';
  return 'open';
}

// ---- params ----

const isoInputSchema = z.iso.datetime({ offset: true, message: 'ACTIVITY_TIME_INVALID' });
const titleInput = textInputSchema(ACTIVITY_TITLE_MAX, { trim: true }).pipe(
  z.string().min(1, 'ACTIVITY_TITLE_REQUIRED'),
);
const rulesInput = textInputSchema(ACTIVITY_RULES_MAX, { multiline: true, trim: true }).pipe(
  z.string().min(1, 'ACTIVITY_RULES_REQUIRED'),
);
const prizeTextInput = textInputSchema(ACTIVITY_PRIZE_TEXT_MAX, { trim: true }).pipe(
  z.string().min(1, 'ACTIVITY_PRIZE_REQUIRED'),
);

/** One prize: ranks `fromRank`…`toRank` (inclusive) win the text (operators write both languages). */
export const activityPrizeSchema = z.strictObject({
  fromRank: intInputSchema(1, 1000),
  toRank: intInputSchema(1, 1000),
  textZh: prizeTextInput,
  textEn: prizeTextInput,
});
export type ActivityPrize = z.output<typeof activityPrizeSchema>;

/**
 * `POST /api/ops/activity/save` (operators): create a draft (no `id`) or edit a draft (`id`). Times are ISO
 * with an offset; `startsAt < endsAt ≤ resultsAt`; prize ranges ascend without overlapping.
 */
export const opsActivitySaveParamSchema = z
  .object({
    id: idInputSchema.optional(),
    titleZh: titleInput,
    titleEn: titleInput,
    rulesZh: rulesInput,
    rulesEn: rulesInput,
    startsAt: isoInputSchema,
    endsAt: isoInputSchema,
    resultsAt: isoInputSchema,
    topicId: idInputSchema.nullable().optional(),
    workTypes: z
      .array(z.enum(contentTypes, 'ACTIVITY_WORK_TYPE_INVALID'))
      .min(1, 'ACTIVITY_WORK_TYPES_REQUIRED')
      .max(contentTypes.length, 'FIELD_TOO_BIG'),
    prizes: z.array(activityPrizeSchema).max(ACTIVITY_PRIZES_MAX, 'FIELD_TOO_BIG').default([]),
    coverUrl: textInputSchema(ACTIVITY_COVER_MAX, { trim: true }).optional(),
  })
  .superRefine((p, ctx) => {
    if (Date.parse(p.endsAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'ACTIVITY_ENDS_BEFORE_START' });
    if (Date.parse(p.resultsAt) < Date.parse(p.endsAt))
      ctx.addIssue({ code: 'custom', path: ['resultsAt'], message: 'ACTIVITY_RESULTS_BEFORE_END' });
    let last = 0;
    p.prizes.forEach((prize, i) => {
      if (prize.toRank < prize.fromRank || prize.fromRank <= last)
        ctx.addIssue({ code: 'custom', path: ['prizes', i, 'fromRank'], message: 'ACTIVITY_PRIZE_RANKS' });
      last = Math.max(last, prize.toRank);
    });
    if (new Set(p.workTypes).size !== p.workTypes.length)
      ctx.addIssue({ code: 'custom', path: ['workTypes'], message: 'ACTIVITY_WORK_TYPE_INVALID' });
  });
export type OpsActivitySaveParam = z.output<typeof opsActivitySaveParamSchema>;
export type OpsActivitySaveInput = z.input<typeof opsActivitySaveParamSchema>;

/** `GET /api/activity/list`: visible activities by phase, and/or only those I joined. */
export const activityListParamSchema = pageParamSchema.extend({
  phase: z.enum(ACTIVITY_PHASES).optional(),
  joined: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type ActivityListParam = z.output<typeof activityListParamSchema>;
export type ActivityListInput = z.input<typeof activityListParamSchema>;

/** `POST /api/activity/join`: enter one of my published works into activity `id`. */
export const activityJoinParamSchema = z.object({ id: idInputSchema, contentId: idInputSchema });
export type ActivityJoinParam = z.output<typeof activityJoinParamSchema>;

/** `POST /api/ops/activity/disqualify` (operators): disqualify entry `id` before the results. */
export const opsActivityDisqualifyParamSchema = z.object({
  id: idInputSchema,
  reason: textInputSchema(ACTIVITY_REASON_MAX, { trim: true }).pipe(
    z.string().min(1, 'ACTIVITY_REASON_REQUIRED'),
  ),
});
export type OpsActivityDisqualifyParam = z.output<typeof opsActivityDisqualifyParamSchema>;

/** `GET /api/ops/activity/list` (operators): every activity, newest first, or one state's. */
export const opsActivityListParamSchema = pageParamSchema.extend({
  state: z.enum(ACTIVITY_STATES).optional(),
});
export type OpsActivityListParam = z.output<typeof opsActivityListParamSchema>;

// ---- data ----

const prizeDataSchema = z.strictObject({
  fromRank: idSchema,
  toRank: idSchema,
  /** in the request's language */
  text: z.string(),
});

/** An activity as an author sees it in a list (texts in the request's language). */
export const activityItemSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  coverUrl: z.string().nullable(),
  state: z.enum(ACTIVITY_STATES),
  phase: z.enum(ACTIVITY_PHASES),
  startsAt: isoTimeSchema,
  endsAt: isoTimeSchema,
  resultsAt: isoTimeSchema,
  topic: z.strictObject({ id: idSchema, name: z.string() }).nullable(),
  workTypes: z.array(z.enum(contentTypes)),
  entryCount: countSchema,
  /** how many of my works are entered */
  myEntryCount: countSchema,
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityListSchema = listDataSchema(activityItemSchema);

const numbersSchema = z.strictObject({
  views: z.int(),
  likes: z.int(),
  comments: z.int(),
  fans: z.int(),
  score: z.int(),
});

/** One entry with its numbers inside the window, its score and rank (null when disqualified). */
export const activityEntrySchema = z.strictObject({
  id: idSchema,
  contentId: idSchema,
  contentTitle: z.string(),
  contentType: z.enum(contentTypes),
  authorName: z.string(),
  state: z.enum(ACTIVITY_ENTRY_STATES),
  reason: z.string().nullable(),
  enteredAt: isoTimeSchema,
  numbers: numbersSchema,
  rank: idSchema.nullable(),
  /** the prize of the rank (request's language); null when none */
  prize: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** `GET /api/activity/detail`: the activity with rules, prizes, my entries, and the ranking. */
export const activityDetailSchema = activityItemSchema.extend({
  rules: z.string(),
  prizes: z.array(prizeDataSchema),
  scoreWeights: z.strictObject({ views: z.int(), likes: z.int(), comments: z.int(), fans: z.int() }),
  /** true once announced: ranks and numbers are the frozen results */
  final: z.boolean(),
  myEntries: z.array(activityEntrySchema),
  /** every qualified entry by score (at most ACTIVITY_RANKING_SIZE) */
  ranking: z.array(activityEntrySchema),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** One of my works that may enter (published, of an allowed type, not yet entered). */
export const activityEligibleWorkSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  type: z.enum(contentTypes),
  publishedAt: isoTimeSchema.nullable(),
});
export const activityEligibleWorksSchema = z.array(activityEligibleWorkSchema);
export type ActivityEligibleWork = z.infer<typeof activityEligibleWorkSchema>;

/** An activity as operators see it: both languages, raw prizes, and every entry. */
export const opsActivitySchema = z.strictObject({
  id: idSchema,
  state: z.enum(ACTIVITY_STATES),
  titleZh: z.string(),
  titleEn: z.string(),
  rulesZh: z.string(),
  rulesEn: z.string(),
  startsAt: isoTimeSchema,
  endsAt: isoTimeSchema,
  resultsAt: isoTimeSchema,
  topicId: idSchema.nullable(),
  workTypes: z.array(z.enum(contentTypes)),
  prizes: z.array(
    z.strictObject({ fromRank: idSchema, toRank: idSchema, textZh: z.string(), textEn: z.string() }),
  ),
  coverUrl: z.string().nullable(),
  entryCount: countSchema,
  announcedAt: isoTimeSchema.nullable(),
  createdAt: isoTimeSchema,
});
export type OpsActivity = z.infer<typeof opsActivitySchema>;
export const opsActivityListSchema = listDataSchema(opsActivitySchema);
export const opsActivityDetailSchema = opsActivitySchema.extend({ entries: z.array(activityEntrySchema) });
export type OpsActivityDetail = z.infer<typeof opsActivityDetailSchema>;

/** `POST /api/activity/withdraw`: the withdrawn entry's id. */
export const activityWithdrawSchema = z.strictObject({ id: idSchema });

export const activityDataSchemas = {
  '/api/activity/list': activityListSchema,
  '/api/activity/detail': activityDetailSchema,
  '/api/activity/eligible_works': activityEligibleWorksSchema,
  '/api/activity/join': activityEntrySchema,
  '/api/activity/withdraw': activityWithdrawSchema,
  '/api/ops/activity/list': opsActivityListSchema,
  '/api/ops/activity/detail': opsActivityDetailSchema,
  '/api/ops/activity/save': opsActivitySchema,
  '/api/ops/activity/publish': opsActivitySchema,
  '/api/ops/activity/close': opsActivitySchema,
  '/api/ops/activity/disqualify': activityEntrySchema,
  '/api/ops/activity/announce': opsActivityDetailSchema,
} as const satisfies Record<string, z.ZodType>;
