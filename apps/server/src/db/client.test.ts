import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DbHandle, openDb, PGLITE_SHARED_BUFFERS, pgliteNeedsInit } from './client.js';

/** `show shared_buffers` on the open database, e.g. '16MB'. */
async function sharedBuffers(handle: DbHandle): Promise<string | undefined> {
  const res = (await handle.db.execute(sql`show shared_buffers`)) as { rows: { shared_buffers?: string }[] };
  return res.rows[0]?.shared_buffers;
}

describe('openDb on PGlite', () => {
  it('runs with the small buffer pool (issue #7: idle memory) and closes idempotently', async () => {
    const handle = await openDb({ pgliteDir: 'memory://' });
    expect(await sharedBuffers(handle)).toBe(PGLITE_SHARED_BUFFERS);
    await Promise.all([handle.close(), handle.close()]);
    await expect(handle.ping()).rejects.toThrow('database closed');
  });

  it('pgliteNeedsInit: true for a new directory, false once initdb has run', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cc-pglite-'));
    try {
      expect(pgliteNeedsInit(dir)).toBe(true);
      const handle = await openDb({ pgliteDir: dir });
      await handle.close();
      expect(pgliteNeedsInit(dir)).toBe(false);
      expect(pgliteNeedsInit('memory://')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
