import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories.js';
import { body } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';
import { uploadTokens } from '../user/user.schema.js';
import {
  lookupShard,
  storeShard,
  UploadTokenCache,
  type VerifiedUploadToken,
} from './fileservice.service.js';
import {
  md5Base64,
  planUpload,
  sendShard,
  shardBytes,
  shardFields,
  testFileDeps,
  tokenFor,
} from './test-support.js';

/**
 * The shard path's shortcuts of issue #16 and the rules that keep them safe: the upload-token cache (the
 * database stays the authority within UPLOAD_TOKEN_CACHE_MS and at the token's expiry) and the upload-row
 * read started while the bytes arrive (used only for its own upload and index; a failed one never leaks).
 * On PGlite or PostgreSQL (DATABASE_URL).
 */

const t = useTestApp();

describe('UploadTokenCache', () => {
  const token = (expiresAt: number, userId = 7): VerifiedUploadToken => ({
    userId,
    userGuid: 'guid',
    expiresAt: new Date(expiresAt),
  });

  it('believes a verified token for at most the TTL, then asks the database again', async () => {
    let now = 1_000_000;
    let live = true;
    const verify = vi.fn(() => Promise.resolve(live ? token(now + 3_600_000) : null));
    const cache = new UploadTokenCache(verify, () => now, 5_000);
    expect((await cache.get('T'))?.userId).toBe(7);
    now += 4_999;
    live = false; // removed in the database meanwhile
    expect((await cache.get('T'))?.userId).toBe(7);
    expect(verify).toHaveBeenCalledTimes(1);
    now += 1;
    expect(await cache.get('T')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never believes a token at or after its own expiry, whatever the TTL', async () => {
    let now = 1_000_000;
    const verify = vi.fn(() => Promise.resolve(now < 1_001_000 ? token(1_001_000) : null));
    const cache = new UploadTokenCache(verify, () => now, 60_000);
    expect(await cache.get('T')).not.toBeNull();
    now = 1_001_000;
    expect(await cache.get('T')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('does not cache refusals, keys tokens apart, and holds at most `max` entries', async () => {
    const now = 1_000_000;
    let known = false;
    const verify = vi.fn((t: string) => Promise.resolve(known ? token(now + 3_600_000, t.length) : null));
    const cache = new UploadTokenCache(verify, () => now, 5_000, 2);
    expect(await cache.get('A')).toBeNull();
    known = true;
    expect((await cache.get('A'))?.userId).toBe(1);
    expect((await cache.get('BB'))?.userId).toBe(2);
    expect((await cache.get('CCC'))?.userId).toBe(3); // evicts A, the oldest
    expect(verify).toHaveBeenCalledTimes(4);
    await cache.get('BB');
    expect(verify).toHaveBeenCalledTimes(4);
    await cache.get('A');
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('through the route: a token whose row is gone stops working once the TTL has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const user = await createUser(t.db, t.config);
      const tok = await tokenFor(t.db, user.id);
      const plan = planUpload(randomBytes(1024 * 1024 + 3000));
      expect(body(await sendShard(t.app, tok, plan, 1)).status).toBe(1);
      await t.db.delete(uploadTokens).where(eq(uploadTokens.userId, user.id));
      vi.setSystemTime(Date.now() + 5_001);
      const res = await sendShard(t.app, tok, plan, 2);
      expect(body(res).status).toBe(10002);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('one token lookup for the byte budget and the route (issue #16)', () => {
  it('looks an upload token up in the database once per TTL, not once per shard or per check', async () => {
    const user = await createUser(t.db, t.config);
    const token = await tokenFor(t.db, user.id);
    const plan = planUpload(randomBytes(3 * 1024 * 1024));
    // every statement the app sends goes through its driver's query (PGlite or node-postgres' Pool)
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    try {
      for (let i = 1; i <= plan.shardTotal; i++)
        expect(body(await sendShard(t.app, token, plan, i)).status).toBe(1);
      const lookups = query.mock.calls.filter((call) => {
        const text = typeof call[0] === 'string' ? call[0] : (call[0] as { text?: string }).text;
        return /"upload_tokens"/.test(text ?? '');
      });
      // the byte budget (plugins/security.ts) and the route share the file service's cache
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });
});

describe('the upload-row read started while the bytes arrive (lookupShard)', () => {
  it('is not started for malformed fields', () => {
    expect(lookupShard({ db: t.db }, 1, { key: 'nope', shardIndex: '1' })).toBeNull();
    expect(lookupShard({ db: t.db }, 1, { key: 'a'.repeat(32), shardIndex: 'x' })).toBeNull();
  });

  it('a failed read of a refused call is never an unhandled rejection', async () => {
    const failing = {
      db: {
        select: () => ({
          from: () => ({ where: () => ({ limit: () => Promise.reject(new Error('db down')) }) }),
        }),
      },
    };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(lookupShard(failing as never, 1, { key: 'a'.repeat(32), shardIndex: '1' })).not.toBeNull();
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is used only for its own upload and index: a read for another shard is ignored', async () => {
    const user = await createUser(t.db, t.config);
    const deps = testFileDeps(t.db, t.config);
    const plan = planUpload(randomBytes(1024 * 1024 + 3000));
    const shard = (i: number) => {
      const bytes = shardBytes(plan, i);
      return { chunks: [bytes], length: bytes.length, md5Base64: md5Base64(bytes) };
    };
    expect((await storeShard(deps, user.id, shardFields(plan, 1), shard(1))).received).toBe(1);
    // The read for shard 1 says "stored, with shard 1's MD5": used for shard 2 it would refuse shard 2's
    // bytes as other bytes under a stored index.
    const forShard1 = lookupShard(deps, user.id, shardFields(plan, 1))!;
    const second = await storeShard(
      deps,
      user.id,
      shardFields(plan, 2),
      shard(2),
      undefined,
      undefined,
      forShard1,
    );
    expect(second.received).toBe(2);
    // Its own read is used: shard 1 again with its bytes is harmless.
    const again = lookupShard(deps, user.id, shardFields(plan, 1))!;
    const dup = await storeShard(deps, user.id, shardFields(plan, 1), shard(1), undefined, undefined, again);
    expect(dup.received).toBe(2);
  });
});
