import type { ContentType } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): topics with their works
 * and engagement (issue #12 `topic`; docs/api.md "Creative trends and topics"). `topics` (topic module), `contents`
 * (content module: `topic_id`, author, status) and the work rollup `work_daily` (analytics module). Engagement is
 * views + plays + likes + favorites + shares of the rollup (API.md §11 counts); deleted works are left out.
 */

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** One topic's figures. */
export interface TopicEngagementRow {
  id: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  sort: number;
  /** published works of every author */
  works: number;
  /** the author's works, any status but deleted */
  myWorks: number;
  engagement: number;
  previous: number;
  myEngagement: number;
  /** day → engagement, days of `[start, end]` with data only */
  days: Map<string, number>;
  /** the most engaged works of `[start, end]` (others' only when published), at most `topWorks` */
  topWorks: { id: number; type: ContentType; title: string; engagement: number; authorId: number }[];
}

/**
 * Every topic (or one, `topicId`) in list order with its works and engagement over `[start, end]` and
 * `[prevStart, prevEnd]` (inclusive `YYYY-MM-DD`), the author's share, its days and its top works.
 * @param topWorks works kept per topic (`TOPIC_TOP_WORKS`)
 */
export async function readTopicEngagement(
  db: Db,
  q: {
    authorId: number;
    start: string;
    end: string;
    prevStart: string;
    prevEnd: string;
    topicId?: number;
    topWorks: number;
  },
): Promise<TopicEngagementRow[]> {
  const only = q.topicId === undefined ? sql`true` : sql`t.id = ${q.topicId}`;
  const onlyC = q.topicId === undefined ? sql`true` : sql`c.topic_id = ${q.topicId}`;
  const [topics, perWork] = await Promise.all([
    db.execute(sql`
      select t.id, t.name, t.name_en, t.description, t.description_en, t.sort,
        coalesce(n.works, 0)::int as works, coalesce(n.my_works, 0)::int as my_works
      from topics t
      left join (
        select c.topic_id,
          count(*) filter (where c.status = 'published') as works,
          count(*) filter (where c.user_id = ${q.authorId} and c.status <> 'deleted') as my_works
        from contents c
        where c.topic_id is not null and ${onlyC}
        group by c.topic_id
      ) n on n.topic_id = t.id
      where ${only}
      order by t.sort, t.id`),
    db.execute(sql`
      select c.topic_id, c.id, c.type, c.title, c.user_id, c.status,
        coalesce(sum(w.views + w.plays + w.likes + w.favorites + w.shares)
          filter (where w.day >= ${q.start}::date), 0)::int as engagement,
        coalesce(sum(w.views + w.plays + w.likes + w.favorites + w.shares)
          filter (where w.day <= ${q.prevEnd}::date), 0)::int as previous,
        jsonb_object_agg(w.day::text, w.views + w.plays + w.likes + w.favorites + w.shares)
          filter (where w.day >= ${q.start}::date) as days
      from work_daily w
      join contents c on c.id = w.content_id
      where w.day >= ${q.prevStart}::date and w.day <= ${q.end}::date
        and c.topic_id is not null and c.status <> 'deleted' and ${onlyC}
      group by c.topic_id, c.id, c.type, c.title, c.user_id, c.status`),
  ]);
  const byTopic = new Map<number, TopicEngagementRow>();
  const out = rowsOf<Record<string, unknown>>(topics).map((r) => {
    const row: TopicEngagementRow = {
      id: Number(r.id),
      name: String(r.name),
      nameEn: String(r.name_en),
      description: String(r.description),
      descriptionEn: String(r.description_en),
      sort: Number(r.sort),
      works: Number(r.works),
      myWorks: Number(r.my_works),
      engagement: 0,
      previous: 0,
      myEngagement: 0,
      days: new Map(),
      topWorks: [],
    };
    byTopic.set(row.id, row);
    return row;
  });
  const candidates = new Map<number, TopicEngagementRow['topWorks']>();
  for (const r of rowsOf<Record<string, unknown>>(perWork)) {
    const topic = byTopic.get(Number(r.topic_id));
    if (!topic) continue;
    const engagement = Number(r.engagement);
    const authorId = Number(r.user_id);
    topic.engagement += engagement;
    topic.previous += Number(r.previous);
    if (authorId === q.authorId) topic.myEngagement += engagement;
    const days = (typeof r.days === 'string' ? JSON.parse(r.days) : (r.days ?? {})) as Record<
      string,
      unknown
    >;
    for (const [day, n] of Object.entries(days)) topic.days.set(day, (topic.days.get(day) ?? 0) + Number(n));
    // another author's work is named only once it is published (its title is public then)
    if (engagement > 0 && (r.status === 'published' || authorId === q.authorId)) {
      const list = candidates.get(topic.id) ?? [];
      list.push({
        id: Number(r.id),
        type: r.type as ContentType,
        title: String(r.title),
        engagement,
        authorId,
      });
      candidates.set(topic.id, list);
    }
  }
  for (const [id, list] of candidates) {
    byTopic.get(id)!.topWorks = list
      .sort((a, b) => b.engagement - a.engagement || a.id - b.id)
      .slice(0, q.topWorks);
  }
  return out;
}
