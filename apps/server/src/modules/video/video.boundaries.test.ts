import { describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/index.js';
import { readVideoFacts } from '../../read-models/video-facts.js';
import { createArticle, createUpload, createUser } from '../../test/factories.js';
import { useTestApp } from '../../test/support.js';
import { findFirstLiveOwnItem, getContentDetail } from '../content/content.service.js';
import { findUserUpload } from '../fileservice/fileservice.service.js';

/**
 * The video module reaches `contents` and `uploads` only through the content and file services, and content
 * lists read video facts through `read-models/video-facts.ts` (issue #7). Upload keys are the client's and
 * are stored per author (`scopedUploadKey`), so two authors sending the same key never see each other's.
 */

const t = useTestApp();

async function videoItem(userId: number, uploadKey: string) {
  const row = await createArticle(t.db, userId, { type: 'video', coverUrls: [] });
  await t.db.insert(videos).values({ contentId: row.id, use: 'video', uploadKey });
  return row;
}

describe('video facts and uploads across modules', () => {
  it("lists the author's own upload facts, never another author's upload under the same client key", async () => {
    const a = await createUser(t.db, t.config);
    const b = await createUser(t.db, t.config);
    const key = await createUpload(t.db, a.id, { duration: 42.5 });
    const mine = await videoItem(a.id, key);
    const theirs = await videoItem(b.id, key);
    // the read model's md5 join and the file service's scopedUploadKey name the same row
    expect(await getContentDetail(t.db, a.id, mine.id, 'zh-CN')).toMatchObject({
      coverUrl: `/media/img/0x0/covers/${key}.jpg`,
      stats: { plays: 0, duration: 42.5 },
    });
    expect(await getContentDetail(t.db, b.id, theirs.id, 'zh-CN')).toMatchObject({
      coverUrl: null,
      stats: { plays: 0, duration: null },
    });
    expect(await findUserUpload(t.db, b.id, key)).toBeNull();
    expect((await findUserUpload(t.db, a.id, key))?.duration).toBe(42.5);
  });

  it('the read model answers video items only', async () => {
    const a = await createUser(t.db, t.config);
    const article = await createArticle(t.db, a.id);
    const video = await videoItem(a.id, await createUpload(t.db, a.id, { duration: 7 }));
    const facts = await readVideoFacts(t.db, [article.id, video.id]);
    expect([...facts.keys()]).toEqual([video.id]);
    expect(facts.get(video.id)?.duration).toBe(7);
    expect((await readVideoFacts(t.db, [])).size).toBe(0);
  });

  it("findFirstLiveOwnItem keeps only the author's items that are not deleted", async () => {
    const a = await createUser(t.db, t.config);
    const b = await createUser(t.db, t.config);
    const deleted = await createArticle(t.db, a.id, { status: 'deleted' });
    const others = await createArticle(t.db, b.id);
    const live = await createArticle(t.db, a.id);
    expect(await findFirstLiveOwnItem(t.db, a.id, [deleted.id, others.id])).toBeUndefined();
    expect(await findFirstLiveOwnItem(t.db, a.id, [others.id, live.id, deleted.id])).toBe(live.id);
    expect(await findFirstLiveOwnItem(t.db, a.id, [])).toBeUndefined();
  });
});
