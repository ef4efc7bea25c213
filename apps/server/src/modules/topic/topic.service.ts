import type { MessageLanguage, TopicItem, TopicListParam } from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { countAuthorWorksByTopic } from '../../read-models/topic-works.js';
import * as repo from './topic.repo.js';

/**
 * Topics (issue #10 "Topics"): the platform's list (shipped by migration 0010), which authors attach to works
 * and dynamics (`topicId`); the `topic` page lists them with the author's works.
 */

/**
 * `GET /api/topic/list { keyword? }` (docs/api.md "Topics"): every topic (or those whose name contains the
 * keyword, in either language), in list order, named in `lang`, with how many of the author's works carry it.
 */
export async function listTopics(
  db: Db,
  userId: number,
  param: TopicListParam,
  lang: MessageLanguage,
): Promise<TopicItem[]> {
  const rows = await repo.listTopics(db, param.keyword || undefined);
  const counts = await countAuthorWorksByTopic(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: lang === 'zh-CN' ? r.name : r.nameEn,
    description: lang === 'zh-CN' ? r.description : r.descriptionEn,
    myWorkCount: counts.get(r.id) ?? 0,
  }));
}

/** True when a topic with this id exists (works may carry only real topics, issue #10 "Bad input"). */
export async function topicExists(db: Db, id: number): Promise<boolean> {
  return (await repo.findTopic(db, id)) !== undefined;
}
