import { CREDIT_MAX } from '@cc/contracts';
import { and, desc, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { creditLedger } from '../modules/credit/credit.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: SELECT only): the credit scores of many
 * authors at once, as they stood at an instant (issue #14 "Credit score" → the influence index's credit factor,
 * docs/decisions/0009-influence-index.md). The score at an instant is the `score_after` of the author's last ledger
 * entry before it (the ledger is append-only and every entry records the score it left), 100 without one — so a
 * day computed again later, or caught up after a restart, reads the same score.
 */

/**
 * The credit score (0…100) of each author in `userIds` as it stood just before `at`, in ONE query (DISTINCT ON the
 * author over the ledger's (user, created_at, id) index).
 * @returns by author id, every id of `userIds` present (100 for an author without entries before `at`)
 */
export async function readCreditScoresAt(
  db: Db,
  userIds: readonly number[],
  at: Date,
): Promise<Map<number, number>> {
  const out = new Map<number, number>(userIds.map((id) => [id, CREDIT_MAX]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([creditLedger.userId], {
      userId: creditLedger.userId,
      score: creditLedger.scoreAfter,
    })
    .from(creditLedger)
    .where(
      and(
        // one array parameter, however many authors the run has
        sql`${creditLedger.userId} = any(${sql.param([...userIds])}::int4[])`,
        lt(creditLedger.createdAt, at),
      ),
    )
    .orderBy(creditLedger.userId, desc(creditLedger.createdAt), desc(creditLedger.id));
  for (const r of rows) out.set(r.userId, r.score);
  return out;
}
