import type { CreateOrderParam, OrderDetail } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { createArticle, createUser, type FactoryContext } from '../../test/factories.js';
import * as service from './business.service.js';

/*
 * Test data of the business area (tests only: the authorization matrix and the business tests). Orders are made
 * through the service, as operators make them, so the history and messages are real.
 */

const HOUR_MS = 3_600_000;
export const TEST_TZ = 'Asia/Shanghai';

/** A new operator (role `operator`). */
export async function createOperator(t: FactoryContext) {
  return createUser(t.db, t.config, { role: 'operator' });
}

/**
 * An invitation for `userId`'s account made by a new operator at `now` (respond-by +24 h, deliver-by +7 days,
 * 2 revisions, 1,000.00 yuan, an implanted video) unless `fields` say otherwise.
 */
export async function createTestOrder(
  t: FactoryContext,
  userId: number,
  fields: Partial<CreateOrderParam> = {},
  now = new Date(),
): Promise<OrderDetail> {
  const op = await createOperator(t);
  const [author] = await t.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, userId), limit: 1 });
  return service.createOrder(
    t.db,
    op.id,
    {
      account: author!.account,
      brand: '星途汽车',
      campaign: '冬季试驾',
      brief: '试驾新车并在视频中口播品牌卖点，时长 3 分钟以上。',
      type: 'implanted_video',
      priceFen: 100_000,
      respondBy: new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
      deliverBy: new Date(now.getTime() + 7 * 24 * HOUR_MS).toISOString(),
      revisionsAllowed: 2,
      keepDays: 60,
      ...fields,
    },
    now,
    { reportTz: TEST_TZ },
  );
}

/** A published work of `userId` (a video unless `type` says otherwise). */
export async function createPublishedWork(
  db: Db,
  userId: number,
  type: 'video' | 'smallVideo' | 'article' | 'dynamic' = 'video',
) {
  return createArticle(db, userId, {
    type,
    title: `交付作品 ${type}`,
    status: 'published',
    publishedAt: new Date(),
  });
}
