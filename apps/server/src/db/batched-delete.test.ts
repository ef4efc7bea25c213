import { describe, expect, it } from 'vitest';
import { deleteInBatches, PURGE_BATCH_ROWS } from './batched-delete.js';

/** A fake table of `rows` rows: each call deletes up to `limit`, and the calls are recorded. */
function fakeTable(rows: number) {
  let left = rows;
  const limits: number[] = [];
  return {
    limits,
    left: () => left,
    deleteBatch: async (limit: number) => {
      limits.push(limit);
      const n = Math.min(limit, left);
      left -= n;
      return n;
    },
  };
}

describe('deleteInBatches (issue #7 purge)', () => {
  it('repeats until a batch comes back short, and returns the total', async () => {
    const table = fakeTable(10);
    expect(await deleteInBatches(table.deleteBatch, { batchRows: 4 })).toBe(10);
    expect(table.limits).toEqual([4, 4, 4]);
    expect(table.left()).toBe(0);
  });

  it('asks once more after an exactly full batch, then stops on the empty one', async () => {
    const table = fakeTable(8);
    expect(await deleteInBatches(table.deleteBatch, { batchRows: 4 })).toBe(8);
    expect(table.limits).toEqual([4, 4, 4]);
  });

  it('stops after maxBatches statements and leaves the rest', async () => {
    const table = fakeTable(100);
    expect(await deleteInBatches(table.deleteBatch, { batchRows: 10, maxBatches: 3 })).toBe(30);
    expect(table.left()).toBe(70);
  });

  it(`defaults to ${PURGE_BATCH_ROWS} rows per statement`, async () => {
    const table = fakeTable(1);
    await deleteInBatches(table.deleteBatch);
    expect(table.limits).toEqual([PURGE_BATCH_ROWS]);
  });
});
