import type {
  ContentStatus,
  ContentType,
  CouponState,
  PromotionState,
  PromotionTargeting,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, count, desc, eq, getTableColumns, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { coupons, promotions } from '../modules/promotion/promotion.schema.js';
import { users } from '../modules/user/user.schema.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only) of promotions
 * (issue #14 "Coupons and promotion"): their delivery counted from the raw reader events (`reader_events`,
 * analytics), the state of the promoted work (`contents`), and the lists that show a promotion with its work or
 * a coupon with its author.
 *
 * Delivery of promotion P of work W by author A in the window [from, to):
 * - promoted impressions / views: W's `impression` / `view` events carrying `promotion_id = P` (a site that sends
 *   another work's promotion id credits nothing);
 * - natural impressions / views: W's events of those types without a promotion id;
 * - new fans: distinct readers whose effective `follow` of A (a follow that made them a fan, API.md §10 state
 *   rules) falls in the window, after a promoted impression or view of P by the same reader of the same site.
 * Every query bounds `day` (the partition key, REPORT_TZ days) as well as `at`, so only the window's partitions
 * are read, through the existing (content_id, day) and (author_id, day) indexes: no index of its own.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** One promotion's window and whom it is about. */
export interface DeliveryWindow {
  promotionId: number;
  contentId: number;
  authorId: number;
  from: Date;
  /** exclusive */
  to: Date;
  /** REPORT_TZ: the events' `day` partitions */
  tz: string;
}

/** What a promotion delivered in its window. */
export interface Delivery {
  impressions: number;
  views: number;
  fans: number;
}

const dayOf = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD');

function bounds(w: DeliveryWindow) {
  const to = w.to.getTime() < w.from.getTime() ? w.from : w.to;
  return {
    from: w.from.toISOString(),
    to: to.toISOString(),
    fromDay: dayOf(w.from, w.tz),
    toDay: dayOf(to, w.tz),
  };
}

/** The new fans SQL of a window (see the file's comment), `bucket` an expression over the follow `f`. */
function fansQuery(w: DeliveryWindow, bucket: SQL) {
  const b = bounds(w);
  return sql`
    select ${bucket} as k, count(distinct f.site || ':' || f.reader_id)::int as n
    from reader_events f
    where f.author_id = ${w.authorId} and f.type = 'follow' and f.effective
      and f.day >= ${b.fromDay}::date and f.day <= ${b.toDay}::date
      and f.at >= ${b.from}::timestamptz and f.at < ${b.to}::timestamptz
      and exists (
        select 1 from reader_events e
        where e.content_id = ${w.contentId} and e.promotion_id = ${w.promotionId}
          and e.day >= ${b.fromDay}::date and e.day <= ${b.toDay}::date
          and e.at >= ${b.from}::timestamptz and e.at <= f.at
          and e.site = f.site and e.reader_id = f.reader_id
          and e.type in ('impression', 'view'))
    group by 1`;
}

/**
 * A promotion's delivery in its window (see the file's comment): what the delivery job charges for.
 * @returns counts (0 when nothing arrived)
 */
export async function readPromotionDelivery(db: Db, w: DeliveryWindow): Promise<Delivery> {
  const b = bounds(w);
  const [traffic, fans] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where type = 'impression')::int as impressions,
        count(*) filter (where type = 'view')::int as views
      from reader_events
      where content_id = ${w.contentId} and promotion_id = ${w.promotionId}
        and type in ('impression', 'view')
        and day >= ${b.fromDay}::date and day <= ${b.toDay}::date
        and at >= ${b.from}::timestamptz and at < ${b.to}::timestamptz`),
    db.execute(fansQuery(w, sql`0`)),
  ]);
  const t = rowsOf<{ impressions: number; views: number }>(traffic)[0];
  const f = rowsOf<{ n: number }>(fans)[0];
  return { impressions: Number(t?.impressions ?? 0), views: Number(t?.views ?? 0), fans: Number(f?.n ?? 0) };
}

/** The work's traffic in a promotion's window, promoted (this promotion) vs natural (no promotion). */
export interface PromotionTraffic {
  promotedImpressions: number;
  naturalImpressions: number;
  promotedViews: number;
  naturalViews: number;
  /** one per hour from `from` (hour k = [from + k h, from + (k+1) h)), up to `to` */
  series: {
    hour: Date;
    promotedImpressions: number;
    promotedViews: number;
    naturalViews: number;
    fans: number;
  }[];
}

/**
 * Promoted vs natural traffic of the promoted work in the window, in total and per hour from the window's start
 * (issue #14 "natural vs promoted traffic"), with the new fans per hour.
 * @param hours how many hourly points (the promotion's hours; points after `to` are 0)
 */
export async function readPromotionTraffic(
  db: Db,
  w: DeliveryWindow,
  hours: number,
): Promise<PromotionTraffic> {
  const b = bounds(w);
  const bucket = (col: string) =>
    sql`least(${hours - 1}, greatest(0, floor(extract(epoch from (${sql.raw(col)} - ${b.from}::timestamptz)) / 3600)::int))`;
  const [traffic, fans] = await Promise.all([
    db.execute(sql`
      select ${bucket('at')} as k,
        count(*) filter (where type = 'impression' and promotion_id = ${w.promotionId})::int as pi,
        count(*) filter (where type = 'impression' and promotion_id is null)::int as ni,
        count(*) filter (where type = 'view' and promotion_id = ${w.promotionId})::int as pv,
        count(*) filter (where type = 'view' and promotion_id is null)::int as nv
      from reader_events
      where content_id = ${w.contentId} and type in ('impression', 'view')
        and day >= ${b.fromDay}::date and day <= ${b.toDay}::date
        and at >= ${b.from}::timestamptz and at < ${b.to}::timestamptz
      group by 1`),
    db.execute(fansQuery(w, bucket('f.at'))),
  ]);
  const series = Array.from({ length: hours }, (_, k) => ({
    hour: new Date(w.from.getTime() + k * 3_600_000),
    promotedImpressions: 0,
    promotedViews: 0,
    naturalViews: 0,
    fans: 0,
  }));
  const out: PromotionTraffic = {
    promotedImpressions: 0,
    naturalImpressions: 0,
    promotedViews: 0,
    naturalViews: 0,
    series,
  };
  for (const r of rowsOf<{ k: number; pi: number; ni: number; pv: number; nv: number }>(traffic)) {
    const point = series[Number(r.k)];
    if (!point) continue;
    point.promotedImpressions += Number(r.pi);
    point.promotedViews += Number(r.pv);
    point.naturalViews += Number(r.nv);
    out.promotedImpressions += Number(r.pi);
    out.naturalImpressions += Number(r.ni);
    out.promotedViews += Number(r.pv);
    out.naturalViews += Number(r.nv);
  }
  for (const r of rowsOf<{ k: number; n: number }>(fans)) {
    const point = series[Number(r.k)];
    if (point) point.fans += Number(r.n);
  }
  return out;
}

/** A promotion row with its work's title, type and state. */
export type PromotionWithWork = typeof promotions.$inferSelect & {
  contentTitle: string;
  contentType: ContentType;
  contentStatus: ContentStatus;
  contentDeletedAt: Date | null;
};

const withWork = {
  ...getTableColumns(promotions),
  contentTitle: contents.title,
  contentType: contents.type,
  contentStatus: contents.status,
  contentDeletedAt: contents.deletedAt,
};

/** One promotion with its work, or null. */
export async function readPromotionWithWork(db: Db, id: number): Promise<PromotionWithWork | null> {
  const [row] = await db
    .select(withWork)
    .from(promotions)
    .innerJoin(contents, eq(contents.id, promotions.contentId))
    .where(eq(promotions.id, id))
    .limit(1);
  return row ?? null;
}

/** A page of an author's promotions with their works, newest first (optionally in one state). */
export async function readPromotionPage(
  db: Db,
  userId: number,
  opts: { state?: PromotionState; page: number; pageSize: number },
): Promise<{ rows: PromotionWithWork[]; total: number }> {
  const where = and(eq(promotions.userId, userId), opts.state ? eq(promotions.state, opts.state) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(withWork)
      .from(promotions)
      .innerJoin(contents, eq(contents.id, promotions.contentId))
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A running promotion as the reader site sees it. */
export interface OpenPromotionRow {
  id: number;
  contentId: number;
  goal: 'views' | 'fans';
  targeting: PromotionTargeting;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The promotions a reader site should deliver at `now` (`GET /open/promotions`): running, within their time, of a
 * work that is published (the delivery job ends the others within a minute; this answer never waits for it).
 */
export async function readOpenPromotions(db: Db, now: Date): Promise<OpenPromotionRow[]> {
  const at = now.toISOString();
  return db
    .select({
      id: promotions.id,
      contentId: promotions.contentId,
      goal: promotions.goal,
      targeting: promotions.targeting,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
    })
    .from(promotions)
    .innerJoin(contents, eq(contents.id, promotions.contentId))
    .where(
      and(
        eq(promotions.state, 'running'),
        lte(promotions.startsAt, sql`${at}::timestamptz`),
        gt(promotions.endsAt, sql`${at}::timestamptz`),
        eq(contents.status, 'published'),
        sql`${contents.deletedAt} is null`,
      ),
    )
    .orderBy(promotions.id);
}

/** The SQL condition of a coupon state at `now` (an `available` coupon past its expiry shows as `expired`). */
function couponStateIs(state: CouponState, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (state === 'available') return and(eq(coupons.state, 'available'), gt(coupons.expiresAt, at));
  if (state === 'expired')
    return or(eq(coupons.state, 'expired'), and(eq(coupons.state, 'available'), lte(coupons.expiresAt, at)));
  return eq(coupons.state, state);
}

/** A coupon row with its author's account and name. */
export type CouponWithAuthor = typeof coupons.$inferSelect & { account: string; mediaName: string };

/** A page of every author's coupons for operators, newest first (optionally one account's, one state at `now`). */
export async function readOpsCouponPage(
  db: Db,
  opts: { account?: string; state?: CouponState; now: Date; page: number; pageSize: number },
): Promise<{ rows: CouponWithAuthor[]; total: number }> {
  const where = and(
    opts.account ? eq(users.account, opts.account) : undefined,
    opts.state ? couponStateIs(opts.state, opts.now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(coupons), account: users.account, mediaName: users.mediaName })
      .from(coupons)
      .innerJoin(users, eq(users.id, coupons.userId))
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(coupons).innerJoin(users, eq(users.id, coupons.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One coupon with its author, or null. */
export async function readCouponWithAuthor(db: Db, id: number): Promise<CouponWithAuthor | null> {
  const [row] = await db
    .select({ ...getTableColumns(coupons), account: users.account, mediaName: users.mediaName })
    .from(coupons)
    .innerJoin(users, eq(users.id, coupons.userId))
    .where(eq(coupons.id, id))
    .limit(1);
  return row ?? null;
}
