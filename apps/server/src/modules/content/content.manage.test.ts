import type { ContentStatusCounts } from '@cc/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contents } from '../../db/schema/index.js';
import { createArticle } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';

// Issue #10 "One management view": per-status counts for the tabs and bulk delete (docs/api.md).
const t = useTestApp();

describe('content management of every type', () => {
  it('status_counts counts the author’s works per status (of a type when given), not deleted ones nor others’', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await createArticle(t.db, a.userId, { status: 'draft' });
    await createArticle(t.db, a.userId, { status: 'published' });
    await createArticle(t.db, a.userId, { status: 'published', type: 'album' });
    await createArticle(t.db, a.userId, { status: 'rejected', type: 'dynamic' });
    await createArticle(t.db, a.userId, { status: 'reviewing' });
    await createArticle(t.db, a.userId, { status: 'deleted' });
    await createArticle(t.db, b.userId, { status: 'published' });
    const all = await t.get<ContentStatusCounts>('/api/content/status_counts', {}, a);
    expect(all.data).toEqual({ all: 5, draft: 1, reviewing: 1, published: 2, rejected: 1, scheduled: 0 });
    const albums = await t.get<ContentStatusCounts>('/api/content/status_counts', { type: 'album' }, a);
    expect(albums.data).toEqual({ all: 1, draft: 0, reviewing: 0, published: 1, rejected: 0, scheduled: 0 });
  });

  it('delete_batch deletes all of them in one go, or nothing when one is not the author’s (10006)', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const mine = [
      (await createArticle(t.db, a.userId)).id,
      (await createArticle(t.db, a.userId, { type: 'album', status: 'published' })).id,
    ];
    const theirs = (await createArticle(t.db, b.userId)).id;
    const refused = await t.post('/api/content/delete_batch', { ids: [...mine, theirs] }, a, { json: true });
    expect(refused.status).toBe(10006);
    for (const id of [...mine, theirs]) {
      const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
      expect(row!.status).not.toBe('deleted');
    }
    const ok = await t.post('/api/content/delete_batch', { ids: mine }, a, { json: true });
    expect(ok).toMatchObject({ status: 1, data: { deleted: 2 } });
    for (const id of mine) {
      const [row] = await t.db.select().from(contents).where(eq(contents.id, id));
      expect(row!.status).toBe('deleted');
    }
    // a second time they are gone: 10006, as `content/delete`
    expect((await t.post('/api/content/delete_batch', { ids: mine }, a, { json: true })).status).toBe(10006);
  });

  it('delete_batch refuses an empty list, more than 100 ids and a repeated id (10007)', async () => {
    const a = await t.signIn();
    const id = (await createArticle(t.db, a.userId)).id;
    const code = async (ids: number[]) =>
      (await t.post<{ fields: { code: string }[] }>('/api/content/delete_batch', { ids }, a, { json: true }))
        .data.fields[0]!.code;
    expect(await code([])).toBe('FIELD_TOO_FEW');
    expect(await code(Array.from({ length: 101 }, (_, i) => i + 1))).toBe('FIELD_TOO_MANY');
    expect(await code([id, id])).toBe('IDS_REPEATED');
  });
});
