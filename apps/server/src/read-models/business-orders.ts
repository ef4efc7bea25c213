import type { ContentStatus, ContentType, OrderState } from '@cc/contracts';
import { and, count, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { businessOrders } from '../modules/business/business.schema.js';
import { contents } from '../modules/content/content.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * business orders (issue #14) with the delivered work as it is now (contents) and the author's names (users), for the
 * author's and the operators' lists and the order detail; and the works that may deliver an order.
 */

export type OrderViewRow = typeof businessOrders.$inferSelect & {
  work: { id: number; title: string; type: ContentType; status: ContentStatus } | null;
  account: string;
  mediaName: string;
};

const columns = {
  order: businessOrders,
  workId: contents.id,
  workTitle: contents.title,
  workType: contents.type,
  workStatus: contents.status,
  account: users.account,
  mediaName: users.mediaName,
};

type Joined = {
  order: typeof businessOrders.$inferSelect;
  workId: number | null;
  workTitle: string | null;
  workType: ContentType | null;
  workStatus: ContentStatus | null;
  account: string;
  mediaName: string;
};

const toView = (r: Joined): OrderViewRow => ({
  ...r.order,
  work:
    r.workId !== null
      ? { id: r.workId, title: r.workTitle ?? '', type: r.workType!, status: r.workStatus! }
      : null,
  account: r.account,
  mediaName: r.mediaName,
});

/**
 * One page of orders, newest first.
 * @param filter.userId one author's; `account` one author's by account (operators); `states` only these
 */
export async function readOrderViews(
  db: Db,
  filter: {
    userId?: number;
    account?: string;
    states?: readonly OrderState[];
    page: number;
    pageSize: number;
  },
): Promise<{ rows: OrderViewRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.userId !== undefined) where.push(eq(businessOrders.userId, filter.userId));
  if (filter.account) where.push(sql`lower(${users.account}) = lower(${filter.account})`);
  if (filter.states) where.push(inArray(businessOrders.state, [...filter.states]));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(businessOrders)
      .innerJoin(users, eq(users.id, businessOrders.userId))
      .leftJoin(contents, eq(contents.id, businessOrders.contentId))
      .where(cond)
      .orderBy(desc(businessOrders.createdAt), desc(businessOrders.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(businessOrders)
      .innerJoin(users, eq(users.id, businessOrders.userId))
      .where(cond),
  ]);
  return { rows: rows.map(toView), total: totalRow?.n ?? 0 };
}

/** One order with its work and author, or null. */
export async function readOrderView(db: Db, id: number): Promise<OrderViewRow | null> {
  const [row] = await db
    .select(columns)
    .from(businessOrders)
    .innerJoin(users, eq(users.id, businessOrders.userId))
    .leftJoin(contents, eq(contents.id, businessOrders.contentId))
    .where(eq(businessOrders.id, id))
    .limit(1);
  return row ? toView(row) : null;
}

/**
 * The author's published works of `types` that no other order holds (delivered, in revision, approved or settled),
 * newest first, at most `limit`: what the author may deliver for order `orderId`.
 */
export async function readDeliverableWorks(
  db: Db,
  userId: number,
  types: readonly ContentType[],
  orderId: number,
  limit = 100,
): Promise<{ id: number; title: string; type: ContentType; publishedAt: Date | null }[]> {
  return db
    .select({
      id: contents.id,
      title: contents.title,
      type: contents.type,
      publishedAt: contents.publishedAt,
    })
    .from(contents)
    .where(
      and(
        eq(contents.userId, userId),
        eq(contents.status, 'published'),
        inArray(contents.type, [...types]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(businessOrders)
            .where(
              and(
                eq(businessOrders.contentId, contents.id),
                sql`${businessOrders.id} <> ${orderId}`,
                inArray(businessOrders.state, ['delivered', 'revision_requested', 'approved', 'settled']),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(contents.publishedAt), desc(contents.id))
    .limit(limit);
}
