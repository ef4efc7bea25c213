import { asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { topics } from './topic.schema.js';
import { escapeLike } from '../../db/like.js';

export type TopicRow = typeof topics.$inferSelect;

/** Topics in list order (`sort`, then id), those whose name (either language) contains `keyword` when given. */
export async function listTopics(db: Db, keyword?: string): Promise<TopicRow[]> {
  const q = db.select().from(topics);
  const pattern = keyword ? `%${escapeLike(keyword)}%` : undefined;
  const filtered = pattern ? q.where(or(ilike(topics.name, pattern), ilike(topics.nameEn, pattern))) : q;
  return filtered.orderBy(asc(topics.sort), asc(topics.id));
}

/** The topic by id; undefined when absent. */
export async function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await db.select().from(topics).where(eq(topics.id, id)).limit(1);
  return row;
}
