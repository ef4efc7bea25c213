import { and, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * how many of an author's works carry each topic (issue #10 "Topics"). It reads `contents` (content module)
 * for topic.service.ts, which content.service.ts already imports (topics are checked on save), so the topic
 * module cannot call the content module without an import cycle.
 */

/**
 * Per topic id, how many of the author's works (any type, not deleted) carry it; topics without one are absent.
 * @param topicIds the topics to count; empty answers an empty map
 */
export async function countAuthorWorksByTopic(
  db: Db,
  userId: number,
  topicIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (topicIds.length === 0) return out;
  const rows = await db
    .select({ topicId: contents.topicId, n: count() })
    .from(contents)
    .where(
      and(
        eq(contents.userId, userId),
        ne(contents.status, 'deleted'),
        isNotNull(contents.topicId),
        inArray(contents.topicId, topicIds),
      ),
    )
    .groupBy(contents.topicId);
  for (const r of rows) if (r.topicId !== null) out.set(r.topicId, Number(r.n));
  return out;
}
