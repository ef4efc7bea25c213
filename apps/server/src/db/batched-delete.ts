/*
 * Batched deletes for the purge job (issue #7 "Tables that do not grow forever"): a huge backlog is removed
 * a bounded number of rows per statement, each statement its own short transaction, so no purge holds a
 * table's locks for long or bloats one transaction. Each module's repo writes the statement for its own
 * table (`DELETE … WHERE id IN (SELECT id … LIMIT n FOR UPDATE SKIP LOCKED)`); this file only repeats it.
 */

/** Rows one purge statement deletes at most. */
export const PURGE_BATCH_ROWS = 5_000;
/** Statements one purge run issues per table at most (1,000,000 rows at the default batch); the rest waits for the next run. */
export const PURGE_MAX_BATCHES_PER_RUN = 200;

/**
 * Calls `deleteBatch(batchRows)` until it deletes fewer than `batchRows` rows (nothing left) or
 * `maxBatches` statements ran.
 * @param deleteBatch deletes at most `limit` rows in one statement and returns how many it deleted
 * @returns the rows deleted in all
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  opts: { batchRows?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchRows = opts.batchRows ?? PURGE_BATCH_ROWS;
  const maxBatches = opts.maxBatches ?? PURGE_MAX_BATCHES_PER_RUN;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await deleteBatch(batchRows);
    total += deleted;
    if (deleted < batchRows) break;
  }
  return total;
}
