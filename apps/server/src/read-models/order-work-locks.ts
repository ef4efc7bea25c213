import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { businessOrders } from '../modules/business/business.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * the works business orders hold (issue #14 "the work must stay published for the agreed days (deleting it earlier
 * is refused with the reason)"). Content's delete paths (content.service.ts `deleteContent`, `deleteContentBatch`)
 * call `refuseLockedOrderWorks` inside their transaction.
 */

/** The first lock among `contentIds`: the order's brand and the last day the work must stay, or null. */
export async function findOrderWorkLock(
  db: Db,
  contentIds: readonly number[],
  now: Date,
): Promise<{ orderId: number; contentId: number; brand: string; keepUntilDay: string } | null> {
  if (contentIds.length === 0) return null;
  const [row] = await db
    .select({
      orderId: businessOrders.id,
      contentId: businessOrders.contentId,
      brand: businessOrders.brand,
      keepUntilDay: businessOrders.keepUntilDay,
    })
    .from(businessOrders)
    .where(
      and(
        inArray(businessOrders.contentId, [...contentIds]),
        inArray(businessOrders.state, ['approved', 'settled']),
        gt(businessOrders.keepUntil, now),
      ),
    )
    .orderBy(asc(businessOrders.contentId), asc(businessOrders.id))
    .limit(1);
  return row ? { ...row, contentId: row.contentId!, keepUntilDay: row.keepUntilDay ?? '' } : null;
}

/**
 * Refuses deleting works an approved or settled order still holds (approval day + keep days, REPORT_TZ).
 * @param db the delete's transaction
 * @param contentIds the works about to be deleted
 * @throws AppError CONFLICT (10008, ORDER_WORK_LOCKED { brand, until }) naming the brand and the last day
 */
export async function refuseLockedOrderWorks(
  db: Db,
  contentIds: readonly number[],
  now: Date,
): Promise<void> {
  const lock = await findOrderWorkLock(db, contentIds, now);
  if (lock)
    throw new AppError('CONFLICT', {
      code: 'ORDER_WORK_LOCKED',
      params: { brand: lock.brand, until: lock.keepUntilDay },
    });
}
