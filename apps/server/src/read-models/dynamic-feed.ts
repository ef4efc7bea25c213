import { and, count, desc, eq, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentStatus, ContentType, DynamicListView } from '@cc/contracts';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { dynamics } from '../modules/dynamic/dynamic.schema.js';
import { uploads } from '../modules/fileservice/fileservice.schema.js';
import { videos } from '../modules/video/video.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * the `newDynamic/*` feeds of an author's dynamics (issue #10 "Dynamics") join `contents` (content module) with
 * `dynamics` (dynamic module), and the video a dynamic shows is read from `contents`, `videos` (video module)
 * and `uploads` (file service). dynamic.service.ts calls it.
 */

/** A dynamic as the feeds read it: its `contents` row's fields and its `dynamics` row's images and video. */
export interface DynamicFeedRow {
  id: number;
  content: string;
  status: ContentStatus;
  topicId: number | null;
  carSeriesIds: number[];
  publishedAt: Date | null;
  updatedAt: Date;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  images: string[];
  videoId: number | null;
}

const video = alias(contents, 'dynamic_video');

/**
 * One page of the author's published dynamics of a view (docs/api.md "Dynamics"), newest publication first:
 * `community` all of them; `old` those published before `now` − `oldAfterDays` days; `smallVideo` those whose
 * video exists and is not deleted.
 * @param oldAfterDays days (× 24 h) after which a dynamic is old
 * @returns the page's rows and how many match in all
 */
export async function listAuthorDynamics(
  db: Db,
  userId: number,
  query: { view: DynamicListView; now: Date; oldAfterDays: number; limit: number; offset: number },
): Promise<{ rows: DynamicFeedRow[]; total: number }> {
  const conditions: SQL[] = [
    eq(contents.userId, userId),
    eq(contents.type, 'dynamic'),
    eq(contents.status, 'published'),
  ];
  if (query.view === 'old') {
    const before = new Date(query.now.getTime() - query.oldAfterDays * 24 * 60 * 60 * 1000);
    conditions.push(lt(contents.publishedAt, sql`${before.toISOString()}::timestamptz`));
  }
  if (query.view === 'smallVideo') {
    conditions.push(isNotNull(dynamics.videoId), isNotNull(video.id), ne(video.status, 'deleted'));
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: contents.id,
      content: contents.content,
      status: contents.status,
      topicId: contents.topicId,
      carSeriesIds: contents.carSeriesIds,
      publishedAt: contents.publishedAt,
      updatedAt: contents.updatedAt,
      // lifetime numbers from the audience rollup (issue #12: every number from reader events)
      views: sql<number>`(select coalesce(sum(w.views), 0)::int from work_daily w where w.content_id = ${contents.id})`,
      likes: sql<number>`(select greatest(coalesce(sum(w.likes), 0), 0)::int from work_daily w where w.content_id = ${contents.id})`,
      comments: sql<number>`(select coalesce(sum(w.comments), 0)::int from work_daily w where w.content_id = ${contents.id})`,
      shares: sql<number>`(select coalesce(sum(w.shares), 0)::int from work_daily w where w.content_id = ${contents.id})`,
      images: dynamics.images,
      videoId: dynamics.videoId,
    })
    .from(contents)
    .innerJoin(dynamics, eq(dynamics.contentId, contents.id))
    .leftJoin(video, eq(video.id, dynamics.videoId))
    .where(where)
    .orderBy(desc(contents.publishedAt), desc(contents.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await db
    .select({ n: count() })
    .from(contents)
    .innerJoin(dynamics, eq(dynamics.contentId, contents.id))
    .leftJoin(video, eq(video.id, dynamics.videoId))
    .where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** A work a dynamic shows as its video: its `contents` facts and its upload's duration and frame. */
export interface AttachedVideoFacts {
  id: number;
  userId: number;
  type: ContentType;
  status: ContentStatus;
  title: string;
  coverUrls: string[];
  /** seconds, null until probed or when the upload is gone */
  duration: number | null;
  /** the upload's frame (a storage key), null when none */
  uploadCover: string | null;
}

/**
 * The works `ids` as the videos of dynamics, by content id; missing ids are absent. Works of another type answer
 * too (the caller checks `type`), with a null duration and frame.
 */
export async function readAttachedVideos(db: Db, ids: number[]): Promise<Map<number, AttachedVideoFacts>> {
  const out = new Map<number, AttachedVideoFacts>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: contents.id,
      userId: contents.userId,
      type: contents.type,
      status: contents.status,
      title: contents.title,
      coverUrls: contents.coverUrls,
      duration: uploads.duration,
      uploadCover: uploads.cover,
    })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    // the file service's user-scoped key, as read-models/video-facts.ts joins it
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(inArray(contents.id, [...new Set(ids)]));
  for (const r of rows) out.set(r.id, r);
  return out;
}
