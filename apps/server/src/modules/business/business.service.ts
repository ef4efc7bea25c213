import {
  type CreateOrderParam,
  CREDIT_MIN_BUSINESS_ORDERS,
  type DeliverableWork,
  fenToYuanText,
  type ListData,
  maxOpenBusinessOrders,
  type MessageRef,
  MsgGroup,
  type OpsOrderItem,
  type OpsOrderListParam,
  ORDER_AUTHOR_STATES,
  ORDER_CLOSED_STATES,
  ORDER_OPEN_STATES,
  ORDER_REVISION_WINDOW_HOURS,
  ORDER_SETTLE_DAYS,
  ORDER_STATES,
  ORDER_WORK_TYPES,
  type OrderAction,
  type OrderDetail,
  type OrderHistoryItem,
  type OrderItem,
  type OrderListFilter,
  type OrderListParam,
  type OrderMilestone,
  type OrderState,
  type OrderSummary,
  type ReviewOrderParam,
  type PlainMessageCode,
  toMessageRef,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  type OrderViewRow,
  readDeliverableWorks,
  readOrderView,
  readOrderViews,
} from '../../read-models/business-orders.js';
import { findContentItemById, findOwnContentItem } from '../content/content.service.js';
import { getCreditScore } from '../credit/credit.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { findUserForOps, getUserGrade } from '../user/user.service.js';
import { postWalletEntry } from '../wallet/wallet.service.js';
import * as repo from './business.repo.js';
import { awaitsAuthor, transition, typeRef } from './order-machine.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Business orders (issue #14 "Business orders"; Bilibili 花火, Douyin 巨量星图): operators create orders for
 * advertisers; the author accepts or declines before the respond-by, delivers one of their published works before
 * the deliver-by; operators approve or ask for a revision (a limited number); approved orders settle at T+3 into the
 * wallet; the work stays published for the keep days. Every state change goes through order-machine.ts, locks the
 * order row (`FOR UPDATE`), appends to the history and messages the author in the same transaction.
 *
 * Errors: 10006 ORDER_NOT_FOUND for a missing order or another author's; 10008 ORDER_ACTION_NOT_ALLOWED naming the
 * state (order-machine.ts) and the other state refusals below; 10005 for the credit and grade limits.
 */

/** Time zone of days (settlement, keep-until) and of times written into texts. */
export interface BusinessOptions {
  reportTz: string;
}

const link = (id: number) => `/businessOrder/detail?id=${id}`;

/** `YYYY-MM-DD HH:mm` in REPORT_TZ: how texts and messages show a deadline. */
function timeText(at: Date, tz: string): string {
  return dayjs(at).tz(tz).format('YYYY-MM-DD HH:mm');
}

/** The day `at` falls on in REPORT_TZ. */
function dayOf(at: Date, tz: string): string {
  return dayjs(at).tz(tz).format('YYYY-MM-DD');
}

/** `day` plus `n` calendar days (REPORT_TZ days). */
function addDays(day: string, n: number, tz: string): string {
  return dayjs.tz(day, tz).add(n, 'day').format('YYYY-MM-DD');
}

/** The instant `day` starts in REPORT_TZ. */
function startOfDay(day: string, tz: string): Date {
  return dayjs.tz(day, tz).toDate();
}

const WORK_STATUS_CODES: Record<string, PlainMessageCode> = {
  draft: 'ORDER_WORK_STATUS_DRAFT',
  reviewing: 'ORDER_WORK_STATUS_REVIEWING',
  published: 'ORDER_WORK_STATUS_PUBLISHED',
  rejected: 'ORDER_WORK_STATUS_REJECTED',
  scheduled: 'ORDER_WORK_STATUS_SCHEDULED',
  deleted: 'ORDER_WORK_STATUS_DELETED',
};
const WORK_TYPE_CODES: Record<string, PlainMessageCode> = {
  article: 'WORK_TYPE_ARTICLE',
  album: 'WORK_TYPE_ALBUM',
  video: 'WORK_TYPE_VIDEO',
  smallVideo: 'WORK_TYPE_SMALL_VIDEO',
  dynamic: 'WORK_TYPE_DYNAMIC',
  live: 'WORK_TYPE_LIVE',
  program: 'WORK_TYPE_PROGRAM',
};
const workStatusRef = (status: string): MessageRef =>
  toMessageRef(WORK_STATUS_CODES[status] ?? 'ORDER_WORK_STATUS_DELETED');

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The deadline the order's current state runs against, or null. */
function currentDeadline(order: repo.OrderRow): Date | null {
  if (order.state === 'invited') return order.respondBy;
  if (order.state === 'accepted' || order.state === 'revision_requested') return order.deliverBy;
  return null;
}

/** Why an overdue order expires: the missed deadline as a catalog reference. */
function expiryReason(order: repo.OrderRow, tz: string): MessageRef {
  return order.state === 'invited'
    ? { code: 'ORDER_EXPIRED_REASON_RESPOND', params: { deadline: timeText(order.respondBy, tz) } }
    : { code: 'ORDER_EXPIRED_REASON_DELIVER', params: { deadline: timeText(order.deliverBy, tz) } };
}

function toItem(row: OrderViewRow): OrderItem {
  const deadline = currentDeadline(row);
  return {
    id: row.id,
    brand: row.brand,
    campaign: row.campaign,
    type: row.type,
    priceFen: row.priceFen,
    state: row.state,
    respondBy: row.respondBy.toISOString(),
    deliverBy: row.deliverBy.toISOString(),
    revisionsAllowed: row.revisionsAllowed,
    revisionsUsed: row.revisionsUsed,
    revisionsLeft: Math.max(row.revisionsAllowed - row.revisionsUsed, 0),
    keepDays: row.keepDays,
    settleOn: row.settleOn,
    keepUntil: row.keepUntilDay,
    nextDeadline: iso(deadline),
    awaitingAuthor: awaitsAuthor(row.state),
    work: row.work,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    deliveredAt: iso(row.deliveredAt),
    approvedAt: iso(row.approvedAt),
    settledAt: iso(row.settledAt),
    closedAt: iso(row.closedAt),
  };
}

/**
 * The milestones of an order (docs/decisions/0013-business-orders.md "Milestones"): invite → respond (by respond-by) →
 * deliver (by deliver-by) → review (revisions left) → settle (T+3 day) → keep (until the keep-until day). Only steps
 * the platform sees happen are shown; 巨量星图's contact and script steps happen outside it.
 */
export function orderMilestones(row: repo.OrderRow, now: Date, tz: string): OrderMilestone[] {
  const s = row.state;
  const closed = (ORDER_CLOSED_STATES as readonly OrderState[]).includes(s);
  const expiredAtRespond = s === 'expired' && !row.acceptedAt;
  const reached = (step: 'deliver' | 'review' | 'settle') => {
    if (step === 'deliver')
      return ['delivered', 'approved', 'settled'].includes(s) || s === 'revision_requested';
    if (step === 'review') return ['approved', 'settled'].includes(s);
    return s === 'settled';
  };
  const m = (
    key: OrderMilestone['key'],
    status: OrderMilestone['status'],
    due: Date | null,
    at: Date | null,
    dueDay: string | null = null,
  ): OrderMilestone => ({ key, status, due: iso(due), dueDay, at: iso(at) });

  const respond: OrderMilestone['status'] =
    s === 'invited'
      ? 'current'
      : expiredAtRespond
        ? 'missed'
        : row.acceptedAt || s === 'declined'
          ? 'done'
          : 'skipped';
  const deliver: OrderMilestone['status'] =
    s === 'accepted' || s === 'revision_requested'
      ? 'current'
      : s === 'expired' && row.acceptedAt
        ? 'missed'
        : reached('deliver')
          ? 'done'
          : closed
            ? 'skipped'
            : 'upcoming';
  const review: OrderMilestone['status'] =
    s === 'delivered' ? 'current' : reached('review') ? 'done' : closed ? 'skipped' : 'upcoming';
  const settle: OrderMilestone['status'] =
    s === 'approved' ? 'current' : reached('settle') ? 'done' : closed ? 'skipped' : 'upcoming';
  const keep: OrderMilestone['status'] = closed
    ? 'skipped'
    : row.keepUntil && now >= row.keepUntil
      ? 'done'
      : s === 'approved' || s === 'settled'
        ? 'current'
        : 'upcoming';
  return [
    m('invite', 'done', null, row.createdAt),
    m('respond', respond, row.respondBy, row.acceptedAt ?? (s === 'declined' ? row.closedAt : null)),
    m('deliver', deliver, row.deliverBy, row.deliveredAt),
    m('review', review, null, row.approvedAt),
    m('settle', settle, row.settleOn ? startOfDay(row.settleOn, tz) : null, row.settledAt, row.settleOn),
    m('keep', keep, row.keepUntil, null, row.keepUntilDay),
  ];
}

function toHistory(h: repo.OrderHistoryRow): OrderHistoryItem {
  return {
    id: h.id,
    from: h.fromState,
    to: h.toState,
    action: h.action,
    actor: h.actorRole,
    note: h.note,
    at: h.at.toISOString(),
  };
}

async function toDetail(db: Db, row: OrderViewRow, now: Date, tz: string): Promise<OrderDetail> {
  const history = await repo.historyOf(db, row.id);
  const authorActions: OrderDetail['authorActions'] =
    row.state === 'invited'
      ? ['accept', 'decline']
      : row.state === 'accepted' || row.state === 'revision_requested'
        ? ['deliver']
        : [];
  return {
    ...toItem(row),
    brief: row.brief,
    authorActions,
    milestones: orderMilestones(row, now, tz),
    history: history.map(toHistory),
  };
}

async function detailOf(db: Db, id: number, now: Date, tz: string): Promise<OrderDetail> {
  const view = await readOrderView(db, id);
  if (!view) throw new AppError('NOT_FOUND', 'ORDER_NOT_FOUND');
  return toDetail(db, view, now, tz);
}

function statesOf(filter: OrderListFilter | undefined): readonly OrderState[] | undefined {
  if (!filter) return undefined;
  return filter === 'closed' ? ORDER_CLOSED_STATES : [filter];
}

// ---------------------------------------------------------------------------------------------------
// Transitions (one transaction each)
// ---------------------------------------------------------------------------------------------------

type Actor = { role: 'author' | 'operator' | 'system'; id: number | null };

/** Applies `action` to the locked `order` (machine-checked), writes `patch` and a history line. */
async function move(
  tx: Db,
  order: repo.OrderRow,
  action: OrderAction,
  actor: Actor,
  now: Date,
  patch: Partial<repo.NewOrderRow> = {},
  note: string | null = null,
): Promise<repo.OrderRow> {
  const to = transition(order.state, action);
  const updated = await repo.updateOrder(tx, order.id, {
    ...patch,
    state: to,
    ...((ORDER_CLOSED_STATES as readonly OrderState[]).includes(to) ? { closedAt: now } : {}),
  });
  await repo.insertHistory(tx, {
    orderId: order.id,
    fromState: order.state,
    toState: to,
    action,
    actorRole: actor.role,
    actorId: actor.id,
    note,
    at: now,
  });
  return updated;
}

/** Sends one message of this area to the order's author (in the caller's transaction). */
async function notify(
  tx: Db,
  order: repo.OrderRow,
  now: Date,
  kind: string,
  params: Record<string, unknown>,
): Promise<void> {
  await sendSystemMessage(tx, {
    userId: order.userId,
    createdAt: now,
    ...kindMessage(
      kind,
      { orderId: order.id, brand: order.brand, campaign: order.campaign, ...params },
      link(order.id),
      MsgGroup.BUSINESS,
    ),
  });
}

/** Expires a locked overdue order: state, history (the job), the author's message. */
async function expireLocked(tx: Db, order: repo.OrderRow, now: Date, tz: string): Promise<MessageRef> {
  const reason = expiryReason(order, tz);
  await move(tx, order, 'expire', { role: 'system', id: null }, now);
  await notify(tx, order, now, 'business_order_expired', { reason });
  return reason;
}

/** The locked order, refused as 10006 when missing or (with `userId`) another author's. */
async function lockOrder(tx: Db, id: number, userId?: number): Promise<repo.OrderRow> {
  const order = await repo.orderForUpdate(tx, id);
  if (!order || (userId !== undefined && order.userId !== userId))
    throw new AppError('NOT_FOUND', 'ORDER_NOT_FOUND');
  return order;
}

/**
 * Runs one action on an order in one transaction. An order whose current deadline has passed is expired first
 * (committed, with its message) and the call is refused as expired: a call arriving late never succeeds.
 * @throws AppError CONFLICT (10008, ORDER_EXPIRED { reason }) for a late call; whatever `act` throws
 */
async function actOnOrder(
  db: Db,
  id: number,
  userId: number | undefined,
  now: Date,
  tz: string,
  act: (tx: Db, order: repo.OrderRow) => Promise<void>,
): Promise<void> {
  const late = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id, userId);
    const deadline = currentDeadline(order);
    if (deadline && deadline <= now) return expireLocked(tx, order, now, tz);
    await act(tx, order);
    return null;
  });
  if (late) throw new AppError('CONFLICT', { code: 'ORDER_EXPIRED', params: { reason: late } });
}

// ---------------------------------------------------------------------------------------------------
// The author's calls
// ---------------------------------------------------------------------------------------------------

/** `GET /api/business/order_list`: the author's orders, newest first; `state` a state or `closed`. */
export async function listOrders(
  db: Db,
  userId: number,
  param: OrderListParam,
): Promise<ListData<OrderItem>> {
  const { rows, total } = await readOrderViews(db, {
    userId,
    states: statesOf(param.state),
    page: param.page,
    pageSize: param.pageSize,
  });
  return { list: rows.map(toItem), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `GET /api/business/order_detail`: the order with its brief, milestones, the author's actions and its history.
 * @throws NOT_FOUND (10006, ORDER_NOT_FOUND) for a missing order or another author's
 */
export async function getOrderDetail(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  const view = await readOrderView(db, id);
  if (!view || view.userId !== userId) throw new AppError('NOT_FOUND', 'ORDER_NOT_FOUND');
  return toDetail(db, view, now, opts.reportTz);
}

/**
 * `GET /api/business/order_summary`: `hasBussinessTask` (spec §3) is 1 while an order waits for the author;
 * counts per state; pending (approved) and settled money, fen; the open orders against the grade's limit and the
 * credit score against the minimum, so the page shows a limit before the author meets it.
 */
export async function orderSummary(db: Db, userId: number): Promise<OrderSummary> {
  const [byState, pendingFen, settledFen, score, { grade }] = await Promise.all([
    repo.countByState(db, userId),
    repo.sumPrice(db, userId, ['approved']),
    repo.sumPrice(db, userId, ['settled']),
    getCreditScore(db, userId),
    getUserGrade(db, userId),
  ]);
  const n = (states: readonly OrderState[]) => states.reduce((sum, s) => sum + (byState.get(s) ?? 0), 0);
  const awaitingAuthor = n(ORDER_AUTHOR_STATES);
  return {
    hasBussinessTask: awaitingAuthor > 0 ? 1 : 0,
    invited: n(['invited']),
    awaitingAuthor,
    inProgress: n(ORDER_OPEN_STATES),
    pendingFen,
    settledFen,
    counts: Object.fromEntries(ORDER_STATES.map((s) => [s, byState.get(s) ?? 0])) as OrderSummary['counts'],
    openOrders: n(ORDER_OPEN_STATES),
    openLimit: maxOpenBusinessOrders(grade),
    creditScore: score,
    creditMin: CREDIT_MIN_BUSINESS_ORDERS,
  };
}

/**
 * `POST /api/business/accept_order`: the author accepts an invitation before its respond-by. Needs a credit score of
 * at least CREDIT_MIN_BUSINESS_ORDERS and fewer open orders (accepted, delivered, in revision) than
 * `maxOpenBusinessOrders(grade)`; accepts of one author are serialised so two at once cannot pass the limit together.
 * Messages the author (`business_order_accepted`, with the deliver-by).
 * @throws NOT_FOUND (10006, ORDER_NOT_FOUND); CONFLICT (10008) ORDER_EXPIRED when the respond-by passed (the order is
 *   expired), ORDER_ACTION_NOT_ALLOWED in any state but `invited`; FORBIDDEN (10005) ORDER_CREDIT_TOO_LOW { score,
 *   min }, ORDER_OPEN_LIMIT { open, grade, max }
 */
export async function acceptOrder(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  await actOnOrder(db, id, userId, now, opts.reportTz, async (tx, order) => {
    transition(order.state, 'accept');
    await repo.lockAuthorOrders(tx, userId);
    const score = await getCreditScore(tx, userId);
    if (score < CREDIT_MIN_BUSINESS_ORDERS)
      throw new AppError('FORBIDDEN', {
        code: 'ORDER_CREDIT_TOO_LOW',
        params: { score, min: CREDIT_MIN_BUSINESS_ORDERS },
      });
    const { grade } = await getUserGrade(tx, userId);
    const max = maxOpenBusinessOrders(grade);
    const byState = await repo.countByState(tx, userId);
    const open = ORDER_OPEN_STATES.reduce((sum, s) => sum + (byState.get(s) ?? 0), 0);
    if (open >= max)
      throw new AppError('FORBIDDEN', { code: 'ORDER_OPEN_LIMIT', params: { open, grade, max } });
    const updated = await move(tx, order, 'accept', { role: 'author', id: userId }, now, { acceptedAt: now });
    await notify(tx, updated, now, 'business_order_accepted', {
      deliverBy: timeText(updated.deliverBy, opts.reportTz),
    });
  });
  return detailOf(db, id, now, opts.reportTz);
}

/**
 * `POST /api/business/decline_order`: the author declines an invitation before its respond-by; the reason is kept in
 * the history. No message (the author acted).
 * @throws NOT_FOUND (10006); CONFLICT (10008) ORDER_EXPIRED late, ORDER_ACTION_NOT_ALLOWED in any state but `invited`
 */
export async function declineOrder(
  db: Db,
  userId: number,
  id: number,
  reason: string,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  await actOnOrder(db, id, userId, now, opts.reportTz, async (tx, order) => {
    await move(tx, order, 'decline', { role: 'author', id: userId }, now, {}, reason);
  });
  return detailOf(db, id, now, opts.reportTz);
}

/**
 * `POST /api/business/deliver_order`: the author delivers one of their own published works of a fitting type
 * (`ORDER_WORK_TYPES`: videos for video orders, any work for posts and reposts) that no other order holds, before the
 * deliver-by; again after a revision request. Messages the author (`business_order_delivered`).
 * @throws NOT_FOUND (10006) ORDER_NOT_FOUND, CONTENT_NOT_FOUND for a missing work or another author's;
 *   VALIDATION_FAILED (10007, contentId: ORDER_WORK_TYPE_MISMATCH) for a wrong type; CONFLICT (10008) ORDER_EXPIRED
 *   late, ORDER_ACTION_NOT_ALLOWED unless accepted or in revision, ORDER_WORK_NOT_PUBLISHED { status },
 *   ORDER_WORK_IN_USE { brand }
 */
export async function deliverOrder(
  db: Db,
  userId: number,
  id: number,
  contentId: number,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  await actOnOrder(db, id, userId, now, opts.reportTz, async (tx, order) => {
    const work = await findOwnContentItem(tx, userId, contentId);
    if (!work) throw new AppError('NOT_FOUND', 'CONTENT_NOT_FOUND');
    transition(order.state, 'deliver');
    if (!(ORDER_WORK_TYPES[order.type] as readonly string[]).includes(work.type))
      throw AppError.validation([
        {
          path: 'contentId',
          code: 'ORDER_WORK_TYPE_MISMATCH',
          params: {
            orderType: typeRef(order.type),
            workType: toMessageRef(WORK_TYPE_CODES[work.type] ?? 'WORK_TYPE_ARTICLE'),
          },
        },
      ]);
    if (work.status !== 'published')
      throw new AppError('CONFLICT', {
        code: 'ORDER_WORK_NOT_PUBLISHED',
        params: { status: workStatusRef(work.status) },
      });
    const holder = await repo.orderHoldingWork(tx, userId, contentId, order.id);
    if (holder)
      throw new AppError('CONFLICT', { code: 'ORDER_WORK_IN_USE', params: { brand: holder.brand } });
    const updated = await move(
      tx,
      order,
      'deliver',
      { role: 'author', id: userId },
      now,
      { contentId, deliveredAt: now },
      work.title,
    );
    await notify(tx, updated, now, 'business_order_delivered', { title: work.title, contentId });
  });
  return detailOf(db, id, now, opts.reportTz);
}

/**
 * `GET /api/business/deliverable_works { id }`: the author's published works that may deliver the order (fitting
 * type, held by no other order), newest first, at most 100.
 * @throws NOT_FOUND (10006, ORDER_NOT_FOUND)
 */
export async function deliverableWorks(
  db: Db,
  userId: number,
  id: number,
): Promise<{ list: DeliverableWork[] }> {
  const order = await repo.orderById(db, id);
  if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', 'ORDER_NOT_FOUND');
  const rows = await readDeliverableWorks(db, userId, ORDER_WORK_TYPES[order.type], order.id);
  return { list: rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })) };
}

// ---------------------------------------------------------------------------------------------------
// Operators' calls (the route has checked `requireOperator`)
// ---------------------------------------------------------------------------------------------------

/**
 * `POST /api/ops/business/create_order`: an invitation to the author `account`; messages them (`business_invite`
 * { brand, campaign }).
 * @throws NOT_FOUND (10006, USER_NOT_FOUND) for an unknown account; VALIDATION_FAILED (10007) respondBy not in the
 *   future (ORDER_RESPOND_BY_PAST), deliverBy not after it (ORDER_DELIVER_BY_TOO_EARLY)
 */
export async function createOrder(
  db: Db,
  operatorId: number,
  param: CreateOrderParam,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  const respondBy = new Date(param.respondBy);
  const deliverBy = new Date(param.deliverBy);
  if (respondBy <= now) throw AppError.validation([{ path: 'respondBy', code: 'ORDER_RESPOND_BY_PAST' }]);
  if (deliverBy <= respondBy)
    throw AppError.validation([{ path: 'deliverBy', code: 'ORDER_DELIVER_BY_TOO_EARLY' }]);
  const author = await findUserForOps(db, param.account);
  const id = await db.transaction(async (tx) => {
    const order = await repo.insertOrder(tx, {
      userId: author.userId,
      brand: param.brand,
      campaign: param.campaign,
      brief: param.brief,
      type: param.type,
      priceFen: param.priceFen,
      respondBy,
      deliverBy,
      revisionsAllowed: param.revisionsAllowed,
      keepDays: param.keepDays,
      state: 'invited',
      createdBy: operatorId,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertHistory(tx, {
      orderId: order.id,
      fromState: null,
      toState: 'invited',
      action: 'create',
      actorRole: 'operator',
      actorId: operatorId,
      at: now,
    });
    await notify(tx, order, now, 'business_invite', {
      type: order.type,
      priceFen: order.priceFen,
      respondBy: timeText(respondBy, opts.reportTz),
    });
    return order.id;
  });
  return detailOf(db, id, now, opts.reportTz);
}

/** `GET /api/ops/business/order_list`: every author's orders (or one account's), newest first. */
export async function opsListOrders(db: Db, param: OpsOrderListParam): Promise<ListData<OpsOrderItem>> {
  const { rows, total } = await readOrderViews(db, {
    account: param.account || undefined,
    states: statesOf(param.state),
    page: param.page,
    pageSize: param.pageSize,
  });
  return {
    list: rows.map((r) => ({ ...toItem(r), userId: r.userId, account: r.account, mediaName: r.mediaName })),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}

/** `GET /api/ops/business/order_detail`: any order's detail. @throws NOT_FOUND (10006, ORDER_NOT_FOUND) */
export async function opsOrderDetail(
  db: Db,
  id: number,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  return detailOf(db, id, now, opts.reportTz);
}

/**
 * `POST /api/ops/business/review_order`: `approve` a delivered order whose work is still published — settle-on is
 * the approval day + ORDER_SETTLE_DAYS and the work must stay until the approval day + keep days (REPORT_TZ) —
 * or `revise` with a note while revisions remain: the author gets until the later of the deliver-by and
 * ORDER_REVISION_WINDOW_HOURS from now to deliver again. Messages the author either way.
 * @throws NOT_FOUND (10006); VALIDATION_FAILED (10007, note: ORDER_REVISION_NOTE_REQUIRED) for a revision without a
 *   note; CONFLICT (10008) ORDER_ACTION_NOT_ALLOWED unless delivered, ORDER_WORK_GONE { status } when the work is no
 *   longer published, ORDER_NO_REVISIONS_LEFT { allowed }
 */
export async function reviewOrder(
  db: Db,
  operatorId: number,
  param: ReviewOrderParam,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  const tz = opts.reportTz;
  const note = param.note?.trim() || null;
  if (param.decision === 'revise' && !note)
    throw AppError.validation([{ path: 'note', code: 'ORDER_REVISION_NOTE_REQUIRED' }]);
  await actOnOrder(db, param.id, undefined, now, tz, async (tx, order) => {
    const actor: Actor = { role: 'operator', id: operatorId };
    if (param.decision === 'approve') {
      transition(order.state, 'approve');
      const work = order.contentId ? await findContentItemById(tx, order.contentId) : undefined;
      if (!work || work.status !== 'published')
        throw new AppError('CONFLICT', {
          code: 'ORDER_WORK_GONE',
          params: { status: workStatusRef(work?.status ?? 'deleted') },
        });
      const day = dayOf(now, tz);
      const settleOn = addDays(day, ORDER_SETTLE_DAYS, tz);
      const keepUntilDay = addDays(day, order.keepDays, tz);
      const updated = await move(
        tx,
        order,
        'approve',
        actor,
        now,
        { approvedAt: now, settleOn, keepUntilDay, keepUntil: startOfDay(addDays(keepUntilDay, 1, tz), tz) },
        note,
      );
      await notify(tx, updated, now, 'business_order_approved', {
        amount: fenToYuanText(updated.priceFen),
        settleOn,
        keepUntil: keepUntilDay,
      });
      return;
    }
    transition(order.state, 'revise');
    if (order.revisionsUsed >= order.revisionsAllowed)
      throw new AppError('CONFLICT', {
        code: 'ORDER_NO_REVISIONS_LEFT',
        params: { allowed: order.revisionsAllowed },
      });
    const window = dayjs(now).add(ORDER_REVISION_WINDOW_HOURS, 'hour').toDate();
    const deliverBy = order.deliverBy > window ? order.deliverBy : window;
    const updated = await move(
      tx,
      order,
      'revise',
      actor,
      now,
      { revisionsUsed: order.revisionsUsed + 1, deliverBy },
      note,
    );
    await notify(tx, updated, now, 'business_order_revision', {
      note: note!,
      deliverBy: timeText(deliverBy, tz),
      left: updated.revisionsAllowed - updated.revisionsUsed,
    });
  });
  return detailOf(db, param.id, now, tz);
}

/**
 * `POST /api/ops/business/cancel_order`: operators cancel an order before approval; the note tells the author why
 * (`business_order_cancelled`).
 * @throws NOT_FOUND (10006); CONFLICT (10008) ORDER_ACTION_NOT_ALLOWED once approved, settled or closed,
 *   ORDER_EXPIRED when its deadline had passed (it is expired instead)
 */
export async function cancelOrder(
  db: Db,
  operatorId: number,
  id: number,
  note: string,
  now: Date,
  opts: BusinessOptions,
): Promise<OrderDetail> {
  await actOnOrder(db, id, undefined, now, opts.reportTz, async (tx, order) => {
    const updated = await move(tx, order, 'cancel', { role: 'operator', id: operatorId }, now, {}, note);
    await notify(tx, updated, now, 'business_order_cancelled', { note });
  });
  return detailOf(db, id, now, opts.reportTz);
}

// ---------------------------------------------------------------------------------------------------
// The job (jobs/business.ts): safe to repeat
// ---------------------------------------------------------------------------------------------------

const JOB_BATCH = 500;

/**
 * Expires every order whose current deadline passed by `now` (invitations past respond-by, deliveries past
 * deliver-by), one transaction each, re-checked under the row lock; messages each author.
 * @returns how many expired in this run
 */
export async function expireDueOrders(db: Db, now: Date, opts: BusinessOptions): Promise<number> {
  let expired = 0;
  for (;;) {
    const ids = await repo.dueExpiries(db, now, JOB_BATCH);
    let moved = 0;
    for (const id of ids) {
      const done = await db.transaction(async (tx) => {
        const order = await repo.orderForUpdate(tx, id);
        const deadline = order && currentDeadline(order);
        if (!order || !deadline || deadline > now) return false;
        await expireLocked(tx, order, now, opts.reportTz);
        return true;
      });
      if (done) moved += 1;
    }
    expired += moved;
    if (ids.length < JOB_BATCH || moved === 0) return expired;
  }
}

/**
 * Settles every approved order whose settle-on day (REPORT_TZ) has come: the state `settled` and the wallet posting
 * (`order_settlement`, key `order:<id>`) in one transaction, so an order is credited exactly once however often the
 * job runs; messages each author (`business_order_settled`).
 * @returns how many settled in this run
 */
export async function settleDueOrders(db: Db, now: Date, opts: BusinessOptions): Promise<number> {
  const today = dayOf(now, opts.reportTz);
  let settled = 0;
  for (;;) {
    const ids = await repo.dueSettlements(db, today, JOB_BATCH);
    let moved = 0;
    for (const id of ids) {
      const done = await db.transaction(async (tx) => {
        const order = await repo.orderForUpdate(tx, id);
        if (!order || order.state !== 'approved' || !order.settleOn || order.settleOn > today) return false;
        const posted = await postWalletEntry(tx, {
          userId: order.userId,
          amountFen: order.priceFen,
          kind: 'order_settlement',
          ref: `order:${order.id}`,
          key: `order:${order.id}`,
        });
        const updated = await move(tx, order, 'settle', { role: 'system', id: null }, now, {
          settledAt: now,
        });
        await notify(tx, updated, now, 'business_order_settled', {
          amount: fenToYuanText(order.priceFen),
          balance: fenToYuanText(posted.balanceFen),
        });
        return true;
      });
      if (done) moved += 1;
    }
    settled += moved;
    if (ids.length < JOB_BATCH || moved === 0) return settled;
  }
}
