import { z } from 'zod';
import {
  contentTypes,
  idInputSchema,
  pageParamSchema,
  ruleIssue,
  textInputSchema,
  type ContentType,
} from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';
import { codePointLength } from './works.js';

/**
 * Credit score (issue #14 "Credit score"; anchor Bilibili 信用分): every author starts at 100; a violating work
 * costs 5 points, each clean week gives 1 back, a new approved upload 3 (never above 100); every deduction names
 * the work and the rule and can be appealed; thresholds restrict below their line. docs/api.md "Credit score".
 * The rule tables here are THE rules: the server computes with them and the page shows them.
 */

// ---------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------

/** The credit score's range (issue #14 "Credit score"; Bilibili 信用分): every author starts at the top. */
export const CREDIT_MAX = 100;
export const CREDIT_MIN = 0;

/** Below this score an author cannot accept business orders (issue #14 "no business orders below 60"). */
export const CREDIT_MIN_BUSINESS_ORDERS = 60;
/** Below this score an author cannot start a promotion. */
export const CREDIT_MIN_PROMOTION = 70;

/**
 * The points of each automatic change (issue #14 anchor: −5 per violating upload, +1 per clean week, +3 with a new
 * approved upload). Applied with the 0…100 clamp (`applyCreditDelta`): the ledger records what was applied.
 */
export const CREDIT_DELTAS = {
  /** a work refused for a violation (`CREDIT_VIOLATION_RULES`), once per work and rule */
  violation: -5,
  /** a week (Monday–Sunday, REPORT_TZ) without a standing deduction, given by the Monday job */
  cleanWeek: 1,
  /** a work of `CREDIT_UPLOAD_TYPES` approved for the first time, once per work and per 24 hours */
  approvedUpload: 3,
} as const;

/**
 * The review outcomes that are violations and cost points (`ReviewResult.rule` of the content module): a prohibited
 * word found by the automatic review, and an operator's refusal of a held work. Other refusals (a title too long, an
 * image too small, a video file gone) are form errors the author fixes by editing: they cost nothing.
 */
export const CREDIT_VIOLATION_RULES = ['SENSITIVE_WORD', 'OPERATOR'] as const;

/** The work types whose first approval earns `CREDIT_DELTAS.approvedUpload` (uploads: dynamics, live shows and programs are not). */
export const CREDIT_UPLOAD_TYPES = [
  'article',
  'album',
  'video',
  'smallVideo',
] as const satisfies readonly ContentType[];

/** At most one approved-upload bonus per this many hours (a rolling window, so no time zone is involved). */
export const CREDIT_UPLOAD_BONUS_INTERVAL_HOURS = 24;

/** The restrictions of a low score: each applies while the score is below its `line` (issue #14 "thresholds"). */
export const CREDIT_THRESHOLD_KEYS = ['promotion', 'business_orders'] as const;
export type CreditThresholdKey = (typeof CREDIT_THRESHOLD_KEYS)[number];
export const CREDIT_THRESHOLDS: readonly { key: CreditThresholdKey; line: number }[] = [
  { key: 'promotion', line: CREDIT_MIN_PROMOTION },
  { key: 'business_orders', line: CREDIT_MIN_BUSINESS_ORDERS },
];

/** Why a score changed (a ledger entry's `reason`); `operator` is an operator's manual adjustment. */
export const CREDIT_REASONS = [
  'violation',
  'clean_week',
  'approved_upload',
  'appeal_upheld',
  'operator',
] as const;
export const creditReasonSchema = z.enum(CREDIT_REASONS);
export type CreditReason = z.infer<typeof creditReasonSchema>;

/** The states of an appeal: `pending` until an operator upholds (points restored) or dismisses it. */
export const APPEAL_STATES = ['pending', 'upheld', 'dismissed'] as const;
export const appealStateSchema = z.enum(APPEAL_STATES);
export type AppealState = z.infer<typeof appealStateSchema>;

/** An appeal's reason: 10–500 characters (code points, after trimming). */
export const CREDIT_APPEAL_REASON_MIN = 10;
export const CREDIT_APPEAL_REASON_MAX = 500;
/** An operator's note on a decision: 1–200 characters. */
export const CREDIT_APPEAL_NOTE_MAX = 200;

/** The score after adding `delta` to `score`, kept within CREDIT_MIN…CREDIT_MAX, and the delta actually applied. */
export function applyCreditDelta(score: number, delta: number): { score: number; applied: number } {
  const next = Math.min(CREDIT_MAX, Math.max(CREDIT_MIN, score + delta));
  return { score: next, applied: next - score };
}

/**
 * Where a score stands against each threshold: `applies` when the score is below the line; `margin` = score − line
 * (≥ 0: points above the line; < 0: points still needed); `violationsAway` how many more violations
 * (`CREDIT_DELTAS.violation`) would bring the restriction, null while it applies.
 */
export function creditThresholdStatus(score: number): CreditThreshold[] {
  return CREDIT_THRESHOLDS.map(({ key, line }) => {
    const margin = score - line;
    const applies = margin < 0;
    return {
      key,
      line,
      applies,
      margin,
      violationsAway: applies ? null : Math.floor(margin / -CREDIT_DELTAS.violation) + 1,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------------

/** The work an entry is about, as it was named at the time (the work may have changed or gone since). */
export const creditWorkSchema = z.strictObject({
  id: idSchema,
  type: z.enum(contentTypes),
  title: z.string(),
});
export type CreditWork = z.infer<typeof creditWorkSchema>;

/** An appeal as its author sees it. */
export const creditAppealSchema = z.strictObject({
  id: idSchema,
  state: appealStateSchema,
  reason: z.string(),
  /** the operator's note, once decided */
  note: z.string().nullable(),
  createdAt: isoTimeSchema,
  decidedAt: isoTimeSchema.nullable(),
});
export type CreditAppeal = z.infer<typeof creditAppealSchema>;

/**
 * A ledger entry: the change (`delta`, points, as applied after the 0…100 clamp), the score it left, why, the work
 * and the rule (`ruleRef`, `slug#section` of the rule centre) for a deduction and its restoration, `detail` the
 * review's reason in the request's language, and its appeal. `appealable`: a deduction not yet appealed.
 */
export const creditEntrySchema = z.strictObject({
  id: idSchema,
  delta: z.int(),
  scoreAfter: z.int().min(CREDIT_MIN).max(CREDIT_MAX),
  reason: creditReasonSchema,
  work: creditWorkSchema.nullable(),
  ruleRef: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: isoTimeSchema,
  appeal: creditAppealSchema.nullable(),
  appealable: z.boolean(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** One threshold and where the score stands (`creditThresholdStatus`). */
export const creditThresholdSchema = z.strictObject({
  key: z.enum(CREDIT_THRESHOLD_KEYS),
  line: z.int(),
  applies: z.boolean(),
  margin: z.int(),
  violationsAway: z.int().min(1).nullable(),
});
export type CreditThreshold = z.infer<typeof creditThresholdSchema>;

/** How many entries `credit/score` answers in `recent`. */
export const CREDIT_RECENT_ENTRIES = 5;

/**
 * `GET /api/credit/score {}`: the score (0…100), the thresholds and where the author stands, the rules
 * (`deltas`, `max`) and the last changes, newest first.
 */
export const creditScoreSchema = z.strictObject({
  score: z.int().min(CREDIT_MIN).max(CREDIT_MAX),
  max: z.literal(CREDIT_MAX),
  deltas: z.strictObject({ violation: z.int(), cleanWeek: z.int(), approvedUpload: z.int() }),
  thresholds: z.array(creditThresholdSchema),
  /** appeals of the author waiting for an operator */
  pendingAppeals: countSchema,
  recent: z.array(creditEntrySchema),
});
export type CreditScore = z.infer<typeof creditScoreSchema>;

/** `GET /api/credit/ledger { page, pageSize }`: the author's entries, newest first. */
export const creditLedgerParamSchema = pageParamSchema;
export type CreditLedgerParam = z.infer<typeof creditLedgerParamSchema>;
export const creditLedgerSchema = listDataSchema(creditEntrySchema);

/** `POST /api/credit/appeal { entryId, reason }`: appeals one of the author's deductions. */
export const creditAppealParamSchema = z.object({
  entryId: idInputSchema,
  reason: textInputSchema(4 * CREDIT_APPEAL_REASON_MAX, { trim: true, multiline: true }).superRefine(
    (value, ctx) => {
      const n = codePointLength(value);
      if (n < CREDIT_APPEAL_REASON_MIN || n > CREDIT_APPEAL_REASON_MAX)
        ctx.addIssue(
          ruleIssue({
            code: 'CREDIT_APPEAL_REASON_LENGTH',
            params: { min: CREDIT_APPEAL_REASON_MIN, max: CREDIT_APPEAL_REASON_MAX },
          }),
        );
    },
  ),
});
export type CreditAppealParam = z.infer<typeof creditAppealParamSchema>;
/** `credit/appeal` → the new appeal. */
export const creditAppealResultSchema = creditAppealSchema.extend({ entryId: idSchema });
export type CreditAppealResult = z.infer<typeof creditAppealResultSchema>;

/** `GET /api/ops/credit/appeal_list { state, page, pageSize }` (operators): appeals in a state, oldest first. */
export const opsAppealListParamSchema = pageParamSchema.extend({
  state: appealStateSchema.default('pending'),
});
export type OpsAppealListParam = z.infer<typeof opsAppealListParamSchema>;

/** An appeal as operators see it: the author, the deduction (work, rule, points, reason) and the decision. */
export const opsAppealItemSchema = creditAppealSchema.extend({
  author: z.strictObject({ id: idSchema, account: z.string(), mediaName: z.string() }),
  /** the author's score now */
  score: z.int().min(CREDIT_MIN).max(CREDIT_MAX),
  entry: z.strictObject({
    id: idSchema,
    delta: z.int(),
    reason: creditReasonSchema,
    work: creditWorkSchema.nullable(),
    ruleRef: z.string().nullable(),
    detail: z.string().nullable(),
    createdAt: isoTimeSchema,
  }),
  operatorName: z.string().nullable(),
});
export type OpsAppealItem = z.infer<typeof opsAppealItemSchema>;
export const opsAppealListSchema = listDataSchema(opsAppealItemSchema);

/** The operator's decisions on an appeal. */
export const APPEAL_DECISIONS = ['uphold', 'dismiss'] as const;

/** `POST /api/ops/credit/decide_appeal { appealId, decision, note }`: the note (1–200 characters) is sent to the author. */
export const opsDecideAppealParamSchema = z.object({
  appealId: idInputSchema,
  decision: z.enum(APPEAL_DECISIONS),
  note: textInputSchema(4 * CREDIT_APPEAL_NOTE_MAX, { trim: true, multiline: true }).superRefine(
    (value, ctx) => {
      if (value.length === 0) ctx.addIssue(ruleIssue({ code: 'CREDIT_APPEAL_NOTE_REQUIRED' }));
      else if (codePointLength(value) > CREDIT_APPEAL_NOTE_MAX)
        ctx.addIssue(
          ruleIssue({ code: 'CREDIT_APPEAL_NOTE_LENGTH', params: { max: CREDIT_APPEAL_NOTE_MAX } }),
        );
    },
  ),
});
export type OpsDecideAppealParam = z.infer<typeof opsDecideAppealParamSchema>;
/** `ops/credit/decide_appeal` → the appeal's new state, the points restored (0 when dismissed) and the author's score. */
export const opsDecideAppealResultSchema = z.strictObject({
  id: idSchema,
  state: appealStateSchema,
  restored: z.int().min(0),
  score: z.int().min(CREDIT_MIN).max(CREDIT_MAX),
});
export type OpsDecideAppealResult = z.infer<typeof opsDecideAppealResultSchema>;

/** Path → `data` schema of this area's routes (merged into `apiDataSchemas`, responses.ts). */
export const creditDataSchemas = {
  '/api/credit/score': creditScoreSchema,
  '/api/credit/ledger': creditLedgerSchema,
  '/api/credit/appeal': creditAppealResultSchema,
  '/api/ops/credit/appeal_list': opsAppealListSchema,
  '/api/ops/credit/decide_appeal': opsDecideAppealResultSchema,
} as const satisfies Record<string, z.ZodType>;
