import type { AppealState } from '@cc/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { creditAppeals, creditLedger, creditScores } from '../modules/credit/credit.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * the operators' appeal queue (issue #14 "appeals decided by an operator", `ops/credit/appeal_list`): appeals with
 * their deduction, the author's name and score and the deciding operator's name (users live in the user module).
 */

/** One appeal with what an operator judges it by. */
export interface AppealQueueRow {
  appeal: typeof creditAppeals.$inferSelect;
  entry: typeof creditLedger.$inferSelect;
  author: { id: number; account: string; mediaName: string };
  /** the author's score now; null when the author has no score row (100) */
  score: number | null;
  operatorName: string | null;
}

/**
 * Appeals in `state`, oldest first (the order they were made, so none waits behind newer ones).
 * @param opts `limit`/`offset` a page
 */
export async function readAppealQueue(
  db: Db,
  opts: { state: AppealState; limit: number; offset: number },
): Promise<{ rows: AppealQueueRow[]; total: number }> {
  const operators = alias(users, 'operators');
  const rows = await db
    .select({
      appeal: creditAppeals,
      entry: creditLedger,
      author: { id: users.id, account: users.account, mediaName: users.mediaName },
      score: creditScores.score,
      operatorName: operators.mediaName,
    })
    .from(creditAppeals)
    .innerJoin(creditLedger, eq(creditLedger.id, creditAppeals.entryId))
    .innerJoin(users, eq(users.id, creditAppeals.userId))
    .leftJoin(creditScores, eq(creditScores.userId, creditAppeals.userId))
    .leftJoin(operators, eq(operators.id, creditAppeals.operatorId))
    .where(eq(creditAppeals.state, opts.state))
    .orderBy(asc(creditAppeals.createdAt), asc(creditAppeals.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db
    .select({ n: count() })
    .from(creditAppeals)
    .where(eq(creditAppeals.state, opts.state));
  return { rows, total: Number(total?.n ?? 0) };
}
