import { z } from 'zod';
import { AGE_BANDS, CN_REGIONS, READER_GENDERS } from './analytics.js';
import { contentTypes, idInputSchema, intInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Growth coupons and promotion (issue #14): coupons, promotions of a work, `GET /open/promotions` and their
 * delivery; docs/api.md "Coupons and promotion".
 */

/** Where a coupon came from: a task reward (growth area) or an operator (`/api/ops/promotion/grant_coupon`). */
export const COUPON_SOURCES = ['task', 'operator'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];
/** A coupon's states: `available` → `used` (paid a promotion) or `available` → `expired`. */
export const COUPON_STATES = ['available', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** What a promotion buys (DOU+ "goal"): promoted views, or new fans. */
export const PROMOTION_GOALS = ['views', 'fans'] as const;
export type PromotionGoal = (typeof PROMOTION_GOALS)[number];
/** How long a promotion runs, hours (DOU+ 6/12/24 h). */
export const PROMOTION_HOURS = [6, 12, 24] as const;
export type PromotionHours = (typeof PROMOTION_HOURS)[number];
/** `running` while delivered; `ended` once stopped for any reason (`stopReason`) and settled. */
export const PROMOTION_STATES = ['running', 'ended'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
/**
 * Why a promotion ended: its budget is spent, its time is up, the work is no longer published (deleted,
 * rejected, under review again or made private), or the author stopped it.
 */
export const PROMOTION_STOP_REASONS = ['budget', 'time', 'work', 'author'] as const;
export type PromotionStopReason = (typeof PROMOTION_STOP_REASONS)[number];

/** A coupon's value, fen: at most 10,000 yuan (anything above is a typo, 10007). */
export const COUPON_VALUE_MAX_FEN = 1_000_000;
/** A promotion's budget, fen: 10 yuan … 100,000 yuan (DOU+ starts at 100 yuan; we allow a small first try). */
export const PROMOTION_BUDGET_MIN_FEN = 1_000;
export const PROMOTION_BUDGET_MAX_FEN = 10_000_000;
/** How long an operator's coupon may be valid, days. */
export const COUPON_VALID_DAYS_MAX = 365;
/** Idempotency keys of grants and promotions: 1–128 characters. */
export const PROMOTION_KEY_MAX = 128;
/** An operator's note on a coupon, characters. */
export const COUPON_NOTE_MAX = 200;

/**
 * What the author pays (issue #14 "cost per view and per new fan"; docs/decisions/0014-coupons-and-promotion.md):
 * goal `views` is charged per promoted view (distinct readers who viewed through the promotion), goal `fans`
 * per new fan gained through it, at the per-fan equivalent of `PROMOTION_VIEWS_PER_FAN` promoted views.
 */
export const PROMOTION_PRICE_PER_VIEW_FEN = 2;
export const PROMOTION_VIEWS_PER_FAN = 50;
export const PROMOTION_PRICE_PER_FAN_FEN = PROMOTION_PRICE_PER_VIEW_FEN * PROMOTION_VIEWS_PER_FAN;

/** The price of one unit of a goal, fen. */
export function promotionUnitPriceFen(goal: PromotionGoal): number {
  return goal === 'fans' ? PROMOTION_PRICE_PER_FAN_FEN : PROMOTION_PRICE_PER_VIEW_FEN;
}

/** How many units (views or fans) a budget buys at most (the estimate shown before paying). */
export function promotionEstimatedUnits(goal: PromotionGoal, budgetFen: number): number {
  return Math.floor(budgetFen / promotionUnitPriceFen(goal));
}

/** The targeting of a promotion: the reader fields of API.md §10 (absent or empty = every reader). */
export const promotionTargetingSchema = z.strictObject({
  gender: z.enum(READER_GENDERS).optional(),
  ageBands: z.array(z.enum(AGE_BANDS)).max(AGE_BANDS.length, 'FIELD_TOO_MANY').optional(),
  regions: z.array(z.enum(CN_REGIONS)).max(CN_REGIONS.length, 'FIELD_TOO_MANY').optional(),
});
export type PromotionTargeting = z.infer<typeof promotionTargetingSchema>;

/** Whether a reader (API.md §10 `reader`) is in a promotion's audience (no profile: only untargeted ones). */
export function inPromotionAudience(
  targeting: PromotionTargeting,
  reader: { gender: string; ageBand: string; region: string } | null | undefined,
): boolean {
  const any = targeting.gender !== undefined || !!targeting.ageBands?.length || !!targeting.regions?.length;
  if (!any) return true;
  if (!reader) return false;
  if (targeting.gender !== undefined && reader.gender !== targeting.gender) return false;
  if (targeting.ageBands?.length && !(targeting.ageBands as string[]).includes(reader.ageBand)) return false;
  if (targeting.regions?.length && !(targeting.regions as string[]).includes(reader.region)) return false;
  return true;
}

/** An idempotency key chosen by the client: 1–128 of `[A-Za-z0-9_:.-]` (the web app sends a UUID). */
export const PROMOTION_KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,128}$/;
const keyInputSchema = z.string('FIELD_EXPECTED_STRING').regex(PROMOTION_KEY_PATTERN, 'PROMOTION_KEY_FORMAT');

// ---- params ----

/** `POST /api/promotion/create`: promote one of my published works; paid at once (coupon first, then wallet). */
export const promotionCreateParamSchema = z.object({
  contentId: idInputSchema,
  goal: z.enum(PROMOTION_GOALS, 'PROMOTION_GOAL_INVALID'),
  hours: z.coerce.number('FIELD_EXPECTED_NUMBER').pipe(z.literal(PROMOTION_HOURS, 'PROMOTION_HOURS_INVALID')),
  budgetFen: intInputSchema(PROMOTION_BUDGET_MIN_FEN, PROMOTION_BUDGET_MAX_FEN),
  couponId: idInputSchema.optional(),
  targeting: promotionTargetingSchema.optional(),
  key: keyInputSchema,
});
export type PromotionCreateParam = z.output<typeof promotionCreateParamSchema>;
export type PromotionCreateInput = z.input<typeof promotionCreateParamSchema>;

/** `GET /api/promotion/list`. */
export const promotionListParamSchema = pageParamSchema.extend({
  state: z.enum(PROMOTION_STATES).optional(),
});
export type PromotionListParam = z.output<typeof promotionListParamSchema>;

/** `GET /api/promotion/coupon_list`. */
export const couponListParamSchema = pageParamSchema.extend({
  state: z.enum(COUPON_STATES).optional(),
});
export type CouponListParam = z.output<typeof couponListParamSchema>;

/** `POST /api/ops/promotion/grant_coupon` (operators): a coupon for an author's account. */
export const opsGrantCouponParamSchema = z.object({
  account: textInputSchema(64, { trim: true }).pipe(z.string().min(1, 'ACCOUNT_REQUIRED')),
  valueFen: intInputSchema(1, COUPON_VALUE_MAX_FEN),
  minSpendFen: intInputSchema(0, PROMOTION_BUDGET_MAX_FEN).default(0),
  validDays: intInputSchema(1, COUPON_VALID_DAYS_MAX),
  note: textInputSchema(COUPON_NOTE_MAX, { trim: true }).optional(),
  key: keyInputSchema,
});
export type OpsGrantCouponParam = z.output<typeof opsGrantCouponParamSchema>;
export type OpsGrantCouponInput = z.input<typeof opsGrantCouponParamSchema>;

/** `GET /api/ops/promotion/coupon_list` (operators): every coupon, newest first, or one account's. */
export const opsCouponListParamSchema = pageParamSchema.extend({
  account: textInputSchema(64, { trim: true }).optional(),
  state: z.enum(COUPON_STATES).optional(),
});
export type OpsCouponListParam = z.output<typeof opsCouponListParamSchema>;

// ---- data ----

/** One coupon as its author sees it (amounts in fen). */
export const couponItemSchema = z.strictObject({
  id: idSchema,
  valueFen: countSchema,
  minSpendFen: countSchema,
  expiresAt: isoTimeSchema,
  source: z.enum(COUPON_SOURCES),
  sourceRef: z.string(),
  note: z.string().nullable(),
  state: z.enum(COUPON_STATES),
  /** the promotion it paid (state `used`) */
  promotionId: idSchema.nullable(),
  usedAt: isoTimeSchema.nullable(),
  createdAt: isoTimeSchema,
});
export type CouponItem = z.infer<typeof couponItemSchema>;

/** `GET /api/promotion/coupon_detail`: the coupon and the promotion it paid. */
export const couponDetailSchema = couponItemSchema.extend({
  promotion: z
    .strictObject({
      id: idSchema,
      contentId: idSchema,
      contentTitle: z.string(),
      state: z.enum(PROMOTION_STATES),
      budgetFen: countSchema,
      couponFen: countSchema,
      createdAt: isoTimeSchema,
    })
    .nullable(),
});
export type CouponDetail = z.infer<typeof couponDetailSchema>;

/** A coupon in the operators' list: with its author. */
export const opsCouponItemSchema = couponItemSchema.extend({
  userId: idSchema,
  account: z.string(),
  mediaName: z.string(),
});
export type OpsCouponItem = z.infer<typeof opsCouponItemSchema>;

/** One promotion with its delivery so far (amounts in fen; costs in fen per unit, 2 decimals, null when 0). */
export const promotionItemSchema = z.strictObject({
  id: idSchema,
  contentId: idSchema,
  contentTitle: z.string(),
  contentType: z.enum(contentTypes),
  goal: z.enum(PROMOTION_GOALS),
  hours: z.literal(PROMOTION_HOURS),
  targeting: promotionTargetingSchema,
  budgetFen: countSchema,
  couponId: idSchema.nullable(),
  couponFen: countSchema,
  cashFen: countSchema,
  /** the price of one unit of the goal when created (a view, or a new fan), fen */
  unitPriceFen: countSchema,
  state: z.enum(PROMOTION_STATES),
  stopReason: z.enum(PROMOTION_STOP_REASONS).nullable(),
  startsAt: isoTimeSchema,
  endsAt: isoTimeSchema,
  stoppedAt: isoTimeSchema.nullable(),
  impressions: countSchema,
  views: countSchema,
  fans: countSchema,
  spentFen: countSchema,
  refundedFen: countSchema,
  costPerViewFen: z.number().min(0).nullable(),
  costPerFanFen: z.number().min(0).nullable(),
  createdAt: isoTimeSchema,
});
export type PromotionItem = z.infer<typeof promotionItemSchema>;

/** One hour of a promotion's window (`hour` is its start). */
export const promotionHourSchema = z.strictObject({
  hour: isoTimeSchema,
  promotedImpressions: countSchema,
  promotedViews: countSchema,
  naturalViews: countSchema,
  fans: countSchema,
});
export type PromotionHour = z.infer<typeof promotionHourSchema>;

/** `GET /api/promotion/detail`: the promotion, promoted vs natural traffic of the work in its window, by hour. */
export const promotionDetailSchema = promotionItemSchema.extend({
  traffic: z.strictObject({
    promotedImpressions: countSchema,
    naturalImpressions: countSchema,
    promotedViews: countSchema,
    naturalViews: countSchema,
  }),
  series: z.array(promotionHourSchema),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** A running promotion as the reader site sees it (`GET /open/promotions`). */
export const openPromotionItemSchema = z.strictObject({
  promotionId: idSchema,
  contentId: idSchema,
  goal: z.enum(PROMOTION_GOALS),
  targeting: promotionTargetingSchema,
  /** extension: when delivery began (the site may ignore it) */
  startsAt: isoTimeSchema,
  endsAt: isoTimeSchema,
});
export type OpenPromotionItem = z.infer<typeof openPromotionItemSchema>;
export const openPromotionListSchema = z.strictObject({ list: z.array(openPromotionItemSchema) });
export type OpenPromotionList = z.infer<typeof openPromotionListSchema>;

/** The lists of `GET /api/promotion/list`, `/api/promotion/coupon_list` and `/api/ops/promotion/coupon_list`. */
export const promotionListSchema = listDataSchema(promotionItemSchema);
export const couponListSchema = listDataSchema(couponItemSchema);
export const opsCouponListSchema = listDataSchema(opsCouponItemSchema);

/** Path → `data` schema of this area's routes (merged into `apiDataSchemas`, responses.ts). */
export const promotionDataSchemas = {
  '/api/promotion/create': promotionItemSchema,
  '/api/promotion/stop': promotionItemSchema,
  '/api/promotion/list': promotionListSchema,
  '/api/promotion/detail': promotionDetailSchema,
  '/api/promotion/coupon_list': couponListSchema,
  '/api/promotion/coupon_detail': couponDetailSchema,
  '/api/ops/promotion/grant_coupon': opsCouponItemSchema,
  '/api/ops/promotion/coupon_list': opsCouponListSchema,
  '/open/promotions': openPromotionListSchema,
} as const satisfies Record<string, z.ZodType>;
