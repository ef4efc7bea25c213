import {
  COUPON_VALUE_MAX_FEN,
  type CouponDetail,
  type CouponItem,
  type CouponListParam,
  CREDIT_MIN_PROMOTION,
  fenToYuanText,
  type ListData,
  type MessageRef,
  MsgGroup,
  type OpenPromotionList,
  type OpsCouponItem,
  type OpsCouponListParam,
  type OpsGrantCouponParam,
  PROMOTION_BUDGET_MAX_FEN,
  PROMOTION_KEY_MAX,
  PROMOTION_VIEWS_PER_FAN,
  PROMOTION_PRICE_PER_VIEW_FEN,
  type PromotionCreateParam,
  type PromotionDetail,
  type PromotionItem,
  type PromotionListParam,
  type PromotionStopReason,
  zodFieldIssues,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  type CouponWithAuthor,
  type PromotionWithWork,
  readCouponWithAuthor,
  readOpenPromotions,
  readOpsCouponPage,
  readPromotionDelivery,
  readPromotionPage,
  readPromotionTraffic,
  readPromotionWithWork,
} from '../../read-models/promotion-delivery.js';
import { findOwnContentItem } from '../content/content.service.js';
import { getCreditScore } from '../credit/credit.service.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { findUserForOps } from '../user/user.service.js';
import { postWalletEntry } from '../wallet/wallet.service.js';
import * as repo from './promotion.repo.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Growth coupons and promotion (issue #14 "Coupons and promotion"; DOU+). Other modules reach coupons only
 * through this file (task rewards grant coupons with `grantCoupon`).
 */

/** A coupon to grant (amounts in fen). */
export interface CouponGrant {
  userId: number;
  /** the coupon's value, fen (> 0) */
  valueFen: number;
  /** the least promotion budget it applies to, fen (≥ 0) */
  minSpendFen: number;
  expiresAt: Date;
  /** who granted it: a task reward or an operator */
  source: 'task' | 'operator';
  /** e.g. `task:3:2026-W47` or `operator:5` (shown to the author) */
  sourceRef: string;
  /** idempotency key, unique per author: a grant with a key already granted grants nothing */
  key: string;
  /** an operator's note shown to the author (optional) */
  note?: string | null;
}

/** The bounds of a grant (the operators' route checks the same with its param schema). */
const couponGrantCheck = z.object({
  valueFen: z
    .int('FIELD_EXPECTED_INTEGER')
    .min(1, 'FIELD_TOO_SMALL')
    .max(COUPON_VALUE_MAX_FEN, 'FIELD_TOO_BIG'),
  minSpendFen: z
    .int('FIELD_EXPECTED_INTEGER')
    .min(0, 'FIELD_TOO_SMALL')
    .max(PROMOTION_BUDGET_MAX_FEN, 'FIELD_TOO_BIG'),
  expiresAt: z.date('FIELD_INVALID_FORMAT'),
  sourceRef: z.string().min(1, 'FIELD_REQUIRED').max(PROMOTION_KEY_MAX, 'FIELD_TOO_LONG'),
  key: z.string().min(1, 'FIELD_REQUIRED').max(PROMOTION_KEY_MAX, 'FIELD_TOO_LONG'),
});

/**
 * Grants one coupon in the caller's transaction; a repeated `key` answers the first coupon (`repeated: true`)
 * and grants nothing, whatever the other fields say (issue #14 "double claims … nothing granted twice").
 * The coupon starts `available`; the daily job (jobs/promotion.ts) expires it after `expiresAt`.
 * @returns the coupon's id
 * @throws AppError VALIDATION (10007) when `valueFen` is not a whole number in 1…COUPON_VALUE_MAX_FEN,
 *   `minSpendFen` not in 0…PROMOTION_BUDGET_MAX_FEN, `key` empty or longer than PROMOTION_KEY_MAX, or
 *   `expiresAt` not a valid date
 */
export async function grantCoupon(
  tx: Db,
  grant: CouponGrant,
): Promise<{ couponId: number; repeated: boolean }> {
  const checked = couponGrantCheck.safeParse(grant);
  if (!checked.success) throw AppError.validation(zodFieldIssues(checked.error));

  const inserted = await repo.insertCoupon(tx, {
    userId: grant.userId,
    valueFen: grant.valueFen,
    minSpendFen: grant.minSpendFen,
    expiresAt: grant.expiresAt,
    source: grant.source,
    sourceRef: grant.sourceRef,
    note: grant.note ?? null,
    key: grant.key,
  });
  if (inserted) return { couponId: inserted.id, repeated: false };
  const first = await repo.couponByKey(tx, grant.userId, grant.key);
  if (!first) throw new Error(`grantCoupon: key ${grant.key} conflicted but no coupon found`);
  return { couponId: first.id, repeated: true };
}

// ---------------------------------------------------------------------------------------------------
// coupons
// ---------------------------------------------------------------------------------------------------

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
/** A time as messages and refusals name it: `YYYY-MM-DD HH:mm` in REPORT_TZ. */
const localTime = (d: Date, tz: string) => dayjs(d).tz(tz).format('YYYY-MM-DD HH:mm');

const COUPON_STATE_CODES = {
  available: 'COUPON_STATE_AVAILABLE',
  used: 'COUPON_STATE_USED',
  expired: 'COUPON_STATE_EXPIRED',
} as const;
const STOP_REASON_CODES = {
  budget: 'PROMOTION_STOP_BUDGET',
  time: 'PROMOTION_STOP_TIME',
  work: 'PROMOTION_STOP_WORK',
  author: 'PROMOTION_STOP_AUTHOR',
} as const satisfies Record<PromotionStopReason, string>;

function toCouponItem(row: repo.CouponRow, now: Date): CouponItem {
  return {
    id: row.id,
    valueFen: row.valueFen,
    minSpendFen: row.minSpendFen,
    expiresAt: iso(row.expiresAt),
    source: row.source,
    sourceRef: row.sourceRef,
    note: row.note,
    state: repo.couponStateAt(row, now),
    promotionId: row.promotionId,
    usedAt: isoOrNull(row.usedAt),
    createdAt: iso(row.createdAt),
  };
}

function toOpsCouponItem(row: CouponWithAuthor, now: Date): OpsCouponItem {
  return { ...toCouponItem(row, now), userId: row.userId, account: row.account, mediaName: row.mediaName };
}

/**
 * `GET /api/promotion/coupon_list`: the author's coupons, optionally in one state as of `now` (an available
 * coupon past its expiry lists as `expired` before the daily job marks it). Available ones soonest-expiring
 * first, the others newest first.
 */
export async function listCoupons(
  db: Db,
  userId: number,
  param: CouponListParam,
  now: Date,
): Promise<ListData<CouponItem>> {
  const { rows, total } = await repo.listCoupons(db, userId, { ...param, now });
  return { list: rows.map((r) => toCouponItem(r, now)), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `GET /api/promotion/coupon_detail`: one of the author's coupons and the promotion it paid.
 * @throws NOT_FOUND (10006, COUPON_NOT_FOUND) when there is no such coupon or it is another author's
 */
export async function couponDetail(db: Db, userId: number, id: number, now: Date): Promise<CouponDetail> {
  const row = await repo.couponById(db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'COUPON_NOT_FOUND');
  const paid = row.promotionId === null ? null : await readPromotionWithWork(db, row.promotionId);
  return {
    ...toCouponItem(row, now),
    promotion: paid
      ? {
          id: paid.id,
          contentId: paid.contentId,
          contentTitle: paid.contentTitle,
          state: paid.state,
          budgetFen: paid.budgetFen,
          couponFen: paid.couponFen,
          createdAt: iso(paid.createdAt),
        }
      : null,
  };
}

/**
 * `POST /api/ops/promotion/grant_coupon` (operators): a coupon for the author of `account`, valid until the end
 * of the REPORT_TZ day `validDays` days from `now`; the author gets a `coupon_granted` message. Idempotent by
 * the operator's `key` per author (stored as `ops:<key>`, apart from task rewards' keys): a repeat answers the
 * first coupon and sends nothing.
 * @throws NOT_FOUND (10006, USER_NOT_FOUND) when there is no such account; VALIDATION (10007) as `grantCoupon`
 */
export async function opsGrantCoupon(
  db: Db,
  operatorId: number,
  param: OpsGrantCouponParam,
  now: Date,
  tz: string,
): Promise<OpsCouponItem> {
  const author = await findUserForOps(db, param.account);
  const expiresAt = dayjs(now).tz(tz).add(param.validDays, 'day').endOf('day').toDate();
  const couponId = await db.transaction(async (tx) => {
    const granted = await grantCoupon(tx, {
      userId: author.userId,
      valueFen: param.valueFen,
      minSpendFen: param.minSpendFen,
      expiresAt,
      source: 'operator',
      sourceRef: `operator:${operatorId}`,
      note: param.note?.length ? param.note : null,
      key: `ops:${param.key}`,
    });
    if (!granted.repeated) {
      await sendSystemMessage(tx, {
        userId: author.userId,
        ...kindMessage(
          'coupon_granted',
          {
            value: fenToYuanText(param.valueFen),
            minSpend: fenToYuanText(param.minSpendFen),
            expiresAt: localTime(expiresAt, tz),
            note: param.note ?? '',
          },
          `/growthInterest/couponDetail?id=${granted.couponId}`,
          MsgGroup.SYSTEM,
        ),
        createdAt: now,
      });
    }
    return granted.couponId;
  });
  const row = await readCouponWithAuthor(db, couponId);
  return toOpsCouponItem(row!, now);
}

/** `GET /api/ops/promotion/coupon_list` (operators): every author's coupons, newest first. */
export async function opsCouponList(
  db: Db,
  param: OpsCouponListParam,
  now: Date,
): Promise<ListData<OpsCouponItem>> {
  const { rows, total } = await readOpsCouponPage(db, {
    ...(param.account?.length ? { account: param.account } : {}),
    ...(param.state ? { state: param.state } : {}),
    now,
    page: param.page,
    pageSize: param.pageSize,
  });
  return {
    list: rows.map((r) => toOpsCouponItem(r, now)),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}

/**
 * The daily job: marks every available coupon past its expiry `expired` (idempotent).
 * @returns how many it marked
 */
export async function expireCoupons(db: Db, now: Date): Promise<number> {
  return db.transaction((tx) => repo.expireCoupons(tx, now));
}

// ---------------------------------------------------------------------------------------------------
// promotions
// ---------------------------------------------------------------------------------------------------

/**
 * The price of one unit of a promotion's goal, fen: a promoted view at the price recorded when it was created,
 * a new fan at `PROMOTION_VIEWS_PER_FAN` of them (docs/decisions/0014-coupons-and-promotion.md "Price").
 */
export function unitPriceFen(p: Pick<repo.PromotionRow, 'goal' | 'pricePerViewFen'>): number {
  return p.goal === 'fans' ? p.pricePerViewFen * PROMOTION_VIEWS_PER_FAN : p.pricePerViewFen;
}

/**
 * What a promotion has spent given its delivery, fen: units of its goal × the unit price, never more than the
 * budget and never less than already charged (a late event can only add).
 */
export function spentFor(
  p: Pick<repo.PromotionRow, 'goal' | 'pricePerViewFen' | 'budgetFen' | 'spentFen'>,
  delivery: { views: number; fans: number },
): number {
  const units = p.goal === 'fans' ? delivery.fans : delivery.views;
  return Math.min(p.budgetFen, Math.max(p.spentFen, units * unitPriceFen(p)));
}

/**
 * The refund of a promotion that ended having spent `spentFen` (docs/decisions/0014-coupons-and-promotion.md "Refund"):
 * the unspent budget, but at most the cash paid — spending uses the coupon's part first, and a coupon is
 * consumed once used (its unspent value is not returned).
 */
export function refundFor(p: Pick<repo.PromotionRow, 'budgetFen' | 'cashFen'>, spentFen: number): number {
  return Math.max(0, Math.min(p.cashFen, p.budgetFen - spentFen));
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function toPromotionItem(row: PromotionWithWork): PromotionItem {
  return {
    id: row.id,
    contentId: row.contentId,
    contentTitle: row.contentTitle,
    contentType: row.contentType,
    goal: row.goal,
    hours: row.hours as PromotionItem['hours'],
    targeting: row.targeting,
    budgetFen: row.budgetFen,
    couponId: row.couponId,
    couponFen: row.couponFen,
    cashFen: row.cashFen,
    unitPriceFen: unitPriceFen(row),
    state: row.state,
    stopReason: row.stopReason,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    stoppedAt: isoOrNull(row.stoppedAt),
    impressions: row.impressions,
    views: row.views,
    fans: row.fans,
    spentFen: row.spentFen,
    refundedFen: row.refundedFen,
    costPerViewFen: row.views > 0 ? round2(row.spentFen / row.views) : null,
    costPerFanFen: row.fans > 0 ? round2(row.spentFen / row.fans) : null,
    createdAt: iso(row.createdAt),
  };
}

async function promotionItem(db: Db, id: number): Promise<PromotionItem> {
  return toPromotionItem((await readPromotionWithWork(db, id))!);
}

/** A field error of the create call (10007). */
function fieldError(path: string, message: MessageRef): AppError {
  return AppError.validation([{ path, ...message }]);
}

/**
 * `POST /api/promotion/create` (issue #14 "spend one to promote a work"; DOU+): promotes one of the author's
 * published works for `hours` from `now`, paid at once in one transaction — the coupon first (its value, at
 * most the budget), the rest from the wallet (`promotion_spend`, key `promotion:<id>:spend`). Idempotent by
 * `key`: a repeated create answers the first promotion as it is now and pays nothing.
 * @returns the promotion
 * @throws NOT_FOUND (10006, PROMOTION_WORK_NOT_FOUND) when the work is not the author's published work;
 *   FORBIDDEN (10005, PROMOTION_CREDIT_TOO_LOW) below CREDIT_MIN_PROMOTION;
 *   CONFLICT (10008, PROMOTION_ALREADY_RUNNING) when the work has a running promotion;
 *   NOT_FOUND (10006, COUPON_NOT_FOUND) for a coupon that is missing or another author's;
 *   CONFLICT (10008, COUPON_NOT_AVAILABLE naming its state / COUPON_EXPIRED_AT) for a used or expired coupon;
 *   VALIDATION (10007, budgetFen COUPON_MIN_SPEND_NOT_MET) for a budget under the coupon's minimum spend;
 *   CONFLICT (10008, WALLET_INSUFFICIENT) when the wallet cannot pay the rest — nothing is paid or used then
 */
export async function createPromotion(
  db: Db,
  userId: number,
  param: PromotionCreateParam,
  now: Date,
): Promise<PromotionItem> {
  const id = await db.transaction(async (tx) => {
    // the coupon's lock first: a repeat of the same create waits here for the first and then answers it
    const coupon = param.couponId === undefined ? null : await repo.couponById(tx, param.couponId, true);
    const earlier = await repo.promotionByKey(tx, userId, param.key);
    if (earlier) return earlier.id;

    const work = await findOwnContentItem(tx, userId, param.contentId);
    if (!work || work.status !== 'published' || work.deletedAt !== null)
      throw new AppError('NOT_FOUND', 'PROMOTION_WORK_NOT_FOUND');
    const score = await getCreditScore(tx, userId);
    if (score < CREDIT_MIN_PROMOTION)
      throw new AppError('FORBIDDEN', {
        code: 'PROMOTION_CREDIT_TOO_LOW',
        params: { score, min: CREDIT_MIN_PROMOTION },
      });
    const running = await repo.runningPromotionOf(tx, param.contentId);
    if (running)
      throw new AppError('CONFLICT', { code: 'PROMOTION_ALREADY_RUNNING', params: { id: running.id } });

    let couponFen = 0;
    if (param.couponId !== undefined) {
      if (!coupon || coupon.userId !== userId) throw new AppError('NOT_FOUND', 'COUPON_NOT_FOUND');
      const state = repo.couponStateAt(coupon, now);
      if (state === 'expired' && coupon.state === 'available')
        throw new AppError('CONFLICT', { code: 'COUPON_EXPIRED_AT', params: { at: iso(coupon.expiresAt) } });
      if (state !== 'available')
        throw new AppError('CONFLICT', {
          code: 'COUPON_NOT_AVAILABLE',
          params: { state: { code: COUPON_STATE_CODES[state] } },
        });
      if (param.budgetFen < coupon.minSpendFen)
        throw fieldError('budgetFen', {
          code: 'COUPON_MIN_SPEND_NOT_MET',
          params: { min: fenToYuanText(coupon.minSpendFen), budget: fenToYuanText(param.budgetFen) },
        });
      couponFen = Math.min(coupon.valueFen, param.budgetFen);
    }
    const cashFen = param.budgetFen - couponFen;
    const inserted = await repo.insertPromotion(tx, {
      userId,
      contentId: param.contentId,
      goal: param.goal,
      hours: param.hours,
      budgetFen: param.budgetFen,
      couponId: param.couponId ?? null,
      couponFen,
      cashFen,
      pricePerViewFen: PROMOTION_PRICE_PER_VIEW_FEN,
      targeting: param.targeting ?? {},
      key: param.key,
      state: 'running',
      startsAt: now,
      endsAt: dayjs(now).add(param.hours, 'hour').toDate(),
      createdAt: now,
    });
    if (!inserted) {
      // a concurrent create took the key or the work's running slot first
      const first = await repo.promotionByKey(tx, userId, param.key);
      if (first) return first.id;
      const other = await repo.runningPromotionOf(tx, param.contentId);
      throw new AppError('CONFLICT', { code: 'PROMOTION_ALREADY_RUNNING', params: { id: other?.id ?? 0 } });
    }
    if (coupon) await repo.setCouponState(tx, coupon.id, 'used', { promotionId: inserted.id, at: now });
    if (cashFen > 0)
      await postWalletEntry(tx, {
        userId,
        amountFen: -cashFen,
        kind: 'promotion_spend',
        ref: `promotion:${inserted.id}`,
        key: `promotion:${inserted.id}:spend`,
      });
    return inserted.id;
  });
  return promotionItem(db, id);
}

/**
 * Ends a running promotion in the caller's transaction (the row locked by the caller): its delivery up to the
 * end, the final charge, state `ended` with the reason, the refund once (`refundFor`; wallet key
 * `promotion:<id>:refund`, so even a second settlement pays nothing twice) and the author's `promotion_ended`
 * message.
 */
async function endPromotion(
  tx: Db,
  p: repo.PromotionRow,
  reason: PromotionStopReason,
  at: Date,
  tz: string,
  title: string,
): Promise<void> {
  const end = at.getTime() < p.endsAt.getTime() ? at : p.endsAt;
  const delivery = await readPromotionDelivery(tx, {
    promotionId: p.id,
    contentId: p.contentId,
    authorId: p.userId,
    from: p.startsAt,
    to: end,
    tz,
  });
  const spentFen = spentFor(p, delivery);
  const refundFen = refundFor(p, spentFen);
  if (refundFen > 0)
    await postWalletEntry(tx, {
      userId: p.userId,
      amountFen: refundFen,
      kind: 'promotion_refund',
      ref: `promotion:${p.id}`,
      key: `promotion:${p.id}:refund`,
    });
  await repo.updatePromotion(tx, p.id, {
    ...delivery,
    spentFen,
    refundedFen: refundFen,
    state: 'ended',
    stopReason: reason,
    stoppedAt: end,
    settledAt: at,
    lastTickAt: at,
  });
  await sendSystemMessage(tx, {
    userId: p.userId,
    ...kindMessage(
      'promotion_ended',
      {
        id: p.id,
        title,
        reason: { code: STOP_REASON_CODES[reason] },
        spent: fenToYuanText(spentFen),
        views: delivery.views,
        fans: delivery.fans,
        refund: fenToYuanText(refundFen),
      },
      `/growthInterest/myPromotion?id=${p.id}`,
      MsgGroup.SYSTEM,
    ),
    createdAt: at,
  });
}

/**
 * `POST /api/promotion/stop`: the author stops a running promotion early; it is charged for what it delivered
 * until now and the rest is refunded (see `endPromotion`).
 * @throws NOT_FOUND (10006, PROMOTION_NOT_FOUND) when it is missing or another author's;
 *   CONFLICT (10008, PROMOTION_NOT_RUNNING naming its state) when it has already ended
 */
export async function stopPromotion(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  tz: string,
): Promise<PromotionItem> {
  await db.transaction(async (tx) => {
    const p = await repo.promotionById(tx, id, true);
    if (!p || p.userId !== userId) throw new AppError('NOT_FOUND', 'PROMOTION_NOT_FOUND');
    if (p.state !== 'running')
      throw new AppError('CONFLICT', {
        code: 'PROMOTION_NOT_RUNNING',
        params: { state: { code: 'PROMOTION_STATE_ENDED' } },
      });
    const work = await readPromotionWithWork(tx, id);
    await endPromotion(tx, p, 'author', now, tz, work!.contentTitle);
  });
  return promotionItem(db, id);
}

/**
 * One tick of the delivery job for one promotion (issue #14: "stops when the budget or time runs out or the
 * work is deleted or rejected"): in one transaction with the promotion locked, counts its delivery up to `now`,
 * charges it (`spentFor`), and ends it when the budget is spent, its time is up or its work is no longer
 * published. Safe to repeat: an ended promotion is left alone, the charge is recomputed from the events.
 * @returns what happened: `charged` (still running), `ended` with the reason, or `skipped` (not running)
 */
export async function tickPromotion(
  db: Db,
  id: number,
  now: Date,
  tz: string,
): Promise<'charged' | 'skipped' | PromotionStopReason> {
  return db.transaction(async (tx) => {
    const p = await repo.promotionById(tx, id, true);
    if (!p || p.state !== 'running') return 'skipped';
    const work = (await readPromotionWithWork(tx, id))!;
    const to = now.getTime() < p.endsAt.getTime() ? now : p.endsAt;
    const delivery = await readPromotionDelivery(tx, {
      promotionId: p.id,
      contentId: p.contentId,
      authorId: p.userId,
      from: p.startsAt,
      to,
      tz,
    });
    const spentFen = spentFor(p, delivery);
    const workGone = work.contentStatus !== 'published' || work.contentDeletedAt !== null;
    const reason: PromotionStopReason | null =
      spentFen >= p.budgetFen
        ? 'budget'
        : now.getTime() >= p.endsAt.getTime()
          ? 'time'
          : workGone
            ? 'work'
            : null;
    if (reason) {
      await endPromotion(tx, p, reason, now, tz, work.contentTitle);
      return reason;
    }
    await repo.updatePromotion(tx, p.id, { ...delivery, spentFen, lastTickAt: now });
    return 'charged';
  });
}

/**
 * The delivery job (jobs/promotion.ts, every minute and at start): `tickPromotion` for every running promotion.
 * @returns counts for the log
 */
export async function runDelivery(
  db: Db,
  now: Date,
  tz: string,
): Promise<{ running: number; ended: number }> {
  let ended = 0;
  const ids = await repo.runningPromotionIds(db);
  for (const id of ids) {
    const r = await tickPromotion(db, id, now, tz);
    if (r !== 'charged' && r !== 'skipped') ended += 1;
  }
  return { running: ids.length - ended, ended };
}

/** `GET /api/promotion/list`: the author's promotions, newest first, with their delivery as last charged. */
export async function listPromotions(
  db: Db,
  userId: number,
  param: PromotionListParam,
): Promise<ListData<PromotionItem>> {
  const { rows, total } = await readPromotionPage(db, userId, param);
  return { list: rows.map(toPromotionItem), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `GET /api/promotion/detail`: the promotion with promoted vs natural traffic of its work in its window (up to
 * `now` while running) and the hourly series (issue #14 "natural vs promoted traffic").
 * @throws NOT_FOUND (10006, PROMOTION_NOT_FOUND) when it is missing or another author's
 */
export async function promotionDetail(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  tz: string,
): Promise<PromotionDetail> {
  const row = await readPromotionWithWork(db, id);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'PROMOTION_NOT_FOUND');
  const end = row.stoppedAt ?? row.endsAt;
  const to = now.getTime() < end.getTime() ? now : end;
  const traffic = await readPromotionTraffic(
    db,
    { promotionId: row.id, contentId: row.contentId, authorId: row.userId, from: row.startsAt, to, tz },
    row.hours,
  );
  return {
    ...toPromotionItem(row),
    traffic: {
      promotedImpressions: traffic.promotedImpressions,
      naturalImpressions: traffic.naturalImpressions,
      promotedViews: traffic.promotedViews,
      naturalViews: traffic.naturalViews,
    },
    series: traffic.series.map((h) => ({ ...h, hour: iso(h.hour) })),
  };
}

/** `GET /open/promotions`: what the reader site should promote now (see `readOpenPromotions`). */
export async function openPromotions(db: Db, now: Date): Promise<OpenPromotionList> {
  const rows = await readOpenPromotions(db, now);
  return {
    list: rows.map((r) => ({
      promotionId: r.id,
      contentId: r.contentId,
      goal: r.goal,
      targeting: r.targeting,
      startsAt: iso(r.startsAt),
      endsAt: iso(r.endsAt),
    })),
  };
}
