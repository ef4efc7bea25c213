import { z } from 'zod';
import {
  contentStatuses,
  contentTypes,
  idInputSchema,
  intInputSchema,
  pageParamSchema,
  textInputSchema,
} from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * Business orders and the earnings wallet (issue #14): orders operators create for advertisers, their state machine,
 * settlement at T+3 into the wallet; docs/api.md "Business orders". Anchors: Bilibili 花火 order types, Douyin 巨量星图
 * (accept → deliver → platform review → client confirms with limited revisions → publish → settlement T+3; works stay
 * up 60 days). The constants here are THE rules: the server enforces them and the pages show them.
 */

// ---------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------

/** Order types (Bilibili 花火): an implanted video, a custom video, a direct post, a repost. */
export const ORDER_TYPES = ['implanted_video', 'custom_video', 'direct_post', 'repost'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The work types that may deliver an order of each type: video orders need a video; posts and reposts any work. */
export const ORDER_WORK_TYPES: Readonly<Record<OrderType, readonly (typeof contentTypes)[number][]>> = {
  implanted_video: ['video', 'smallVideo'],
  custom_video: ['video', 'smallVideo'],
  direct_post: contentTypes,
  repost: contentTypes,
};

/**
 * States of an order (the machine is apps/server/src/modules/business/order-machine.ts, the one place that decides):
 * `invited` → `accepted` | `declined` | `expired` | `cancelled`; `accepted` → `delivered` | `expired` | `cancelled`;
 * `delivered` → `approved` | `revision_requested` | `cancelled`; `revision_requested` → `delivered` | `expired` |
 * `cancelled`; `approved` → `settled`. `declined`, `expired`, `cancelled` and `settled` are final.
 */
export const ORDER_STATES = [
  'invited',
  'accepted',
  'delivered',
  'revision_requested',
  'approved',
  'settled',
  'declined',
  'expired',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What moves an order: the author's, the operator's and the job's actions. */
export const ORDER_ACTIONS = [
  'accept',
  'decline',
  'deliver',
  'approve',
  'revise',
  'cancel',
  'expire',
  'settle',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** States that wait for the author (an invitation to answer, a revision to deliver): `hasBussinessTask` is 1. */
export const ORDER_AUTHOR_STATES = ['invited', 'revision_requested'] as const satisfies readonly OrderState[];
/** States that count against `maxOpenBusinessOrders(grade)` (accepted and not yet approved). */
export const ORDER_OPEN_STATES = [
  'accepted',
  'delivered',
  'revision_requested',
] as const satisfies readonly OrderState[];
/** Final states that closed an order without settlement. */
export const ORDER_CLOSED_STATES = [
  'declined',
  'expired',
  'cancelled',
] as const satisfies readonly OrderState[];

/** The list filters: a state, or `closed` (declined, expired or cancelled). */
export const ORDER_LIST_FILTERS = [...ORDER_STATES, 'closed'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

/** Days from the approval day to the settlement day (巨量星图 T+3), in REPORT_TZ. */
export const ORDER_SETTLE_DAYS = 3;
/** Days the delivered work stays published after the approval day, unless the order says otherwise (巨量星图: 60). */
export const ORDER_KEEP_DAYS_DEFAULT = 60;
export const ORDER_KEEP_DAYS_MAX = 365;
/** Revisions an order may allow (the operator sets the number; 0 = the first delivery must pass). */
export const ORDER_REVISIONS_MAX = 10;
/**
 * After a revision request the author has until the later of the order's deliver-by and this many hours from the
 * request to deliver again (a request near the deadline would otherwise leave no time).
 */
export const ORDER_REVISION_WINDOW_HOURS = 72;
/** The highest price of one order, fen (10,000,000 yuan; below the `integer` bound of inputs, INT4_MAX). */
export const ORDER_PRICE_MAX_FEN = 1_000_000_000;
/** Manual wallet adjustments: at most this many fen either way. */
export const WALLET_ADJUST_MAX_FEN = ORDER_PRICE_MAX_FEN;

export const ORDER_BRAND_MAX = 40;
export const ORDER_CAMPAIGN_MAX = 60;
export const ORDER_BRIEF_MAX = 2000;
export const ORDER_NOTE_MAX = 500;

/** Kinds of wallet entries (wallet.service.ts `WalletEntryKind`). */
export const WALLET_ENTRY_KINDS = [
  'order_settlement',
  'promotion_spend',
  'promotion_refund',
  'operator_adjustment',
] as const;
export type WalletEntryKindName = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * An amount in fen as yuan with two decimals, e.g. `12345` → `"123.45"`, `-5` → `"-0.05"` (integer
 * arithmetic, no float rounding). Used in server texts and on the web.
 */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${Math.floor(abs / 100)}.${cents}`;
}

// ---------------------------------------------------------------------------------------------------
// Params
// ---------------------------------------------------------------------------------------------------

const noteSchema = textInputSchema(ORDER_NOTE_MAX, { multiline: true, trim: true });
const requiredText = (max: number, opts: { multiline?: boolean } = {}) =>
  textInputSchema(max, { ...opts, trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED'));
const instantSchema = z.iso.datetime({ offset: true, message: 'ORDER_TIME_FORMAT' });

/** `GET /api/business/order_list`: the author's orders, newest first, by state or `closed`. */
export const orderListParamSchema = pageParamSchema.extend({ state: z.enum(ORDER_LIST_FILTERS).optional() });
export type OrderListParam = z.infer<typeof orderListParamSchema>;

/** `POST /api/business/decline_order`: the reason is kept in the order's history. */
export const declineOrderParamSchema = z.object({ id: idInputSchema, reason: requiredText(ORDER_NOTE_MAX) });
export type DeclineOrderParam = z.infer<typeof declineOrderParamSchema>;

/** `POST /api/business/deliver_order`: one of the author's published works of a fitting type. */
export const deliverOrderParamSchema = z.object({ id: idInputSchema, contentId: idInputSchema });
export type DeliverOrderParam = z.infer<typeof deliverOrderParamSchema>;

/** `GET /api/ops/business/order_list`: every author's orders, newest first; `account` narrows to one author. */
export const opsOrderListParamSchema = orderListParamSchema.extend({
  account: textInputSchema(64, { trim: true }).optional(),
});
export type OpsOrderListParam = z.infer<typeof opsOrderListParamSchema>;

/**
 * `POST /api/ops/business/create_order` (operators): an invitation to the author `account`. Times are ISO 8601 with
 * an offset; the respond-by must be in the future and the deliver-by after it (10007 otherwise).
 */
export const createOrderParamSchema = z.object({
  account: requiredText(64),
  brand: requiredText(ORDER_BRAND_MAX),
  campaign: requiredText(ORDER_CAMPAIGN_MAX),
  brief: requiredText(ORDER_BRIEF_MAX, { multiline: true }),
  type: z.enum(ORDER_TYPES),
  /** fen, at least 1 */
  priceFen: intInputSchema(1, ORDER_PRICE_MAX_FEN),
  respondBy: instantSchema,
  deliverBy: instantSchema,
  revisionsAllowed: intInputSchema(0, ORDER_REVISIONS_MAX),
  keepDays: intInputSchema(1, ORDER_KEEP_DAYS_MAX).default(ORDER_KEEP_DAYS_DEFAULT),
});
export type CreateOrderParam = z.infer<typeof createOrderParamSchema>;

/** `POST /api/ops/business/review_order`: approve, or ask for a revision (the note says what to change). */
export const reviewOrderParamSchema = z.object({
  id: idInputSchema,
  decision: z.enum(['approve', 'revise']),
  note: noteSchema.optional(),
});
export type ReviewOrderParam = z.infer<typeof reviewOrderParamSchema>;

/** `POST /api/ops/business/cancel_order`: before approval; the note tells the author why. */
export const cancelOrderParamSchema = z.object({ id: idInputSchema, note: requiredText(ORDER_NOTE_MAX) });
export type CancelOrderParam = z.infer<typeof cancelOrderParamSchema>;

/** `GET /api/wallet/ledger`: the author's entries, newest first. */
export const walletLedgerParamSchema = pageParamSchema;

/**
 * `POST /api/ops/wallet/adjust` (operators): a manual top-up (positive) or correction (negative), fen, never below
 * zero; `key` makes it idempotent per author (a repeated key changes nothing).
 */
export const walletAdjustParamSchema = z.object({
  account: requiredText(64),
  amountFen: intInputSchema(-WALLET_ADJUST_MAX_FEN, WALLET_ADJUST_MAX_FEN).refine(
    (n) => n !== 0,
    'WALLET_AMOUNT_ZERO',
  ),
  note: requiredText(ORDER_NOTE_MAX),
  key: z.string('FIELD_EXPECTED_STRING').regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'WALLET_KEY_FORMAT'),
});
export type WalletAdjustParam = z.infer<typeof walletAdjustParamSchema>;

// ---------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------

/** A calendar day in REPORT_TZ, `YYYY-MM-DD`. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The work delivered for an order, as it is now. */
export const orderWorkSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  type: z.enum(contentTypes),
  status: z.enum(contentStatuses),
});
export type OrderWork = z.infer<typeof orderWorkSchema>;

/** One order in a list (author's or operators'). Money in fen; times ISO; days `YYYY-MM-DD` in REPORT_TZ. */
export const orderItemSchema = z.strictObject({
  id: idSchema,
  brand: z.string(),
  campaign: z.string(),
  type: z.enum(ORDER_TYPES),
  priceFen: z.int().min(1),
  state: z.enum(ORDER_STATES),
  /** the author must accept or decline before this */
  respondBy: isoTimeSchema,
  /** the author must deliver before this (moved on by a revision request, see ORDER_REVISION_WINDOW_HOURS) */
  deliverBy: isoTimeSchema,
  revisionsAllowed: countSchema,
  revisionsUsed: countSchema,
  revisionsLeft: countSchema,
  keepDays: z.int().min(1),
  /** the settlement day (approval day + 3), null before approval */
  settleOn: daySchema.nullable(),
  /** the last day the work must stay published, null before approval */
  keepUntil: daySchema.nullable(),
  /** the next deadline that applies to the current state (respond-by, deliver-by), null when none */
  nextDeadline: isoTimeSchema.nullable(),
  /** 1 when the order waits for the author's action */
  awaitingAuthor: z.boolean(),
  work: orderWorkSchema.nullable(),
  createdAt: isoTimeSchema,
  acceptedAt: isoTimeSchema.nullable(),
  deliveredAt: isoTimeSchema.nullable(),
  approvedAt: isoTimeSchema.nullable(),
  settledAt: isoTimeSchema.nullable(),
  closedAt: isoTimeSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** Operators' list row: the order with its author. */
export const opsOrderItemSchema = orderItemSchema.extend({
  userId: idSchema,
  account: z.string(),
  mediaName: z.string(),
});
export type OpsOrderItem = z.infer<typeof opsOrderItemSchema>;

/**
 * The milestones an order shows (docs/decisions/0013-business-orders.md): each step of the machine the platform can see,
 * with its deadline. `done` finished (at `at`), `current` the step the order is in, `upcoming` later, `missed` the
 * deadline passed without it (expired), `skipped` the order closed before it.
 */
export const ORDER_MILESTONES = ['invite', 'respond', 'deliver', 'review', 'settle', 'keep'] as const;
export type OrderMilestoneKey = (typeof ORDER_MILESTONES)[number];
export const ORDER_MILESTONE_STATUSES = ['done', 'current', 'upcoming', 'missed', 'skipped'] as const;
export const orderMilestoneSchema = z.strictObject({
  key: z.enum(ORDER_MILESTONES),
  status: z.enum(ORDER_MILESTONE_STATUSES),
  /** the deadline or planned time of the step; null when it has none */
  due: isoTimeSchema.nullable(),
  /** the planned day (settle, keep), `YYYY-MM-DD` in REPORT_TZ; null otherwise */
  dueDay: daySchema.nullable(),
  /** when the step was done */
  at: isoTimeSchema.nullable(),
});
export type OrderMilestone = z.infer<typeof orderMilestoneSchema>;

/** Who moved an order. */
export const ORDER_ACTORS = ['author', 'operator', 'system'] as const;
export const orderHistoryItemSchema = z.strictObject({
  id: idSchema,
  from: z.enum(ORDER_STATES).nullable(),
  to: z.enum(ORDER_STATES),
  action: z.enum([...ORDER_ACTIONS, 'create']),
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  at: isoTimeSchema,
});
export type OrderHistoryItem = z.infer<typeof orderHistoryItemSchema>;

/** `GET /api/business/order_detail` (and operators' answers): the order, its brief, milestones and history. */
export const orderDetailSchema = orderItemSchema.extend({
  brief: z.string(),
  /** the actions the author may take now */
  authorActions: z.array(z.enum(['accept', 'decline', 'deliver'])),
  milestones: z.array(orderMilestoneSchema),
  history: z.array(orderHistoryItemSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListSchema = listDataSchema(orderItemSchema);
export const opsOrderListSchema = listDataSchema(opsOrderItemSchema);

/**
 * `GET /api/business/order_summary`: `hasBussinessTask` (spec §3 user state; the spec's spelling) is 1 while an order
 * waits for the author (an invitation or a revision); counts per state; money in fen.
 */
export const orderSummarySchema = z.strictObject({
  hasBussinessTask: z.literal([0, 1]),
  /** invitations to answer */
  invited: countSchema,
  /** orders waiting for the author (invited + revision requested) */
  awaitingAuthor: countSchema,
  /** accepted and not yet approved */
  inProgress: countSchema,
  /** approved and waiting for settlement, fen */
  pendingFen: countSchema,
  /** settled in total, fen */
  settledFen: countSchema,
  counts: z.strictObject(
    Object.fromEntries(ORDER_STATES.map((s) => [s, countSchema])) as Record<OrderState, typeof countSchema>,
  ),
  /** open orders now and the grade's limit (`maxOpenBusinessOrders`) */
  openOrders: countSchema,
  openLimit: z.int().min(1),
  /** the credit score and the minimum to accept (CREDIT_MIN_BUSINESS_ORDERS), shown before the author meets them */
  creditScore: z.int().min(0),
  creditMin: z.int().min(0),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** `GET /api/business/deliverable_works { id }`: the author's published works that may deliver the order. */
export const deliverableWorkSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  type: z.enum(contentTypes),
  publishedAt: isoTimeSchema.nullable(),
});
export const deliverableWorksSchema = z.strictObject({ list: z.array(deliverableWorkSchema) });
export type DeliverableWork = z.infer<typeof deliverableWorkSchema>;

/** `GET /api/wallet/summary`: the balance and what approved orders will add, fen. */
export const walletSummarySchema = z.strictObject({
  balanceFen: countSchema,
  /** approved orders not yet settled, fen */
  pendingFen: countSchema,
  /** the next settlement day, null when none is pending */
  nextSettleOn: daySchema.nullable(),
  /** settled orders in total, fen */
  settledFen: countSchema,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** One entry of the wallet's ledger: signed fen (debits negative) and the balance after it. */
export const walletEntrySchema = z.strictObject({
  id: idSchema,
  amountFen: z.int().min(-Number.MAX_SAFE_INTEGER),
  kind: z.enum(WALLET_ENTRY_KINDS),
  /** what it is about, e.g. `order:12`, `promotion:7`, or an operator's note */
  ref: z.string(),
  /** the order it settled (kind order_settlement), else null */
  orderId: idSchema.nullable(),
  balanceAfterFen: countSchema,
  createdAt: isoTimeSchema,
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;
export const walletLedgerSchema = listDataSchema(walletEntrySchema);

/** `POST /api/ops/wallet/adjust` → the entry and the balance after it; `repeated` when the key was posted before. */
export const walletAdjustResultSchema = z.strictObject({
  entryId: idSchema,
  balanceFen: countSchema,
  repeated: z.boolean(),
});

/** Path → `data` schema of this area's routes (merged into `apiDataSchemas`, responses.ts). */
export const businessDataSchemas = {
  '/api/business/order_list': orderListSchema,
  '/api/business/order_detail': orderDetailSchema,
  '/api/business/accept_order': orderDetailSchema,
  '/api/business/decline_order': orderDetailSchema,
  '/api/business/deliver_order': orderDetailSchema,
  '/api/business/deliverable_works': deliverableWorksSchema,
  '/api/business/order_summary': orderSummarySchema,
  '/api/wallet/summary': walletSummarySchema,
  '/api/wallet/ledger': walletLedgerSchema,
  '/api/ops/business/create_order': orderDetailSchema,
  '/api/ops/business/order_list': opsOrderListSchema,
  '/api/ops/business/order_detail': orderDetailSchema,
  '/api/ops/business/review_order': orderDetailSchema,
  '/api/ops/business/cancel_order': orderDetailSchema,
  '/api/ops/wallet/adjust': walletAdjustResultSchema,
} as const satisfies Record<string, z.ZodType>;
