import type { ContentStatus, ContentType } from '@cc/contracts';
import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { barrages, comments, workVoiceSettings } from '../modules/comment/comment.schema.js';
import { contents } from '../modules/content/content.schema.js';
import { uploads } from '../modules/fileservice/fileservice.schema.js';
import { videos } from '../modules/video/video.schema.js';
import { escapeLike } from '../db/like.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): the works readers
 * comment on and the author's per-work view of their voices (issue #13; API.md §10, §12 and the extension
 * `comment/work_list` of docs/api.md "Comments and barrage").
 */

/** A work as the comment and barrage calls see it. */
export interface VoiceWork {
  id: number;
  authorId: number;
  type: ContentType;
  status: ContentStatus;
  title: string;
  /** the video's duration, seconds; null for other types and videos not yet probed */
  duration: number | null;
}

/**
 * One work that is not deleted, whoever its author (the reader side names works by id), or null.
 * @param id the work's id
 */
export async function readVoiceWork(db: Db, id: number): Promise<VoiceWork | null> {
  const [row] = await db
    .select({
      id: contents.id,
      authorId: contents.userId,
      type: contents.type,
      status: contents.status,
      title: contents.title,
      duration: uploads.duration,
    })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(and(eq(contents.id, id), ne(contents.status, 'deleted')))
    .limit(1);
  return row ?? null;
}

/** A row of `comment/work_list`. */
export interface VoiceWorkRow {
  contentId: number;
  type: ContentType;
  title: string;
  comments: number;
  held: number;
  unread: number;
  barrages: number;
  commentsOff: boolean;
  barrageOff: boolean;
  duration: number | null;
}

/**
 * The author's works that readers can reach (published) with their voices and switches, newest published
 * first: `comments` counts readers' comments that are not deleted, `held` the held ones, `unread` the ones the
 * author has not seen, `barrages` the barrage messages that are not deleted. Counts are computed for the page's
 * works only (indexes `comments_content_time_idx`, `barrages_content_position_idx`).
 * @param filter `type` of work; `keyword` matched case-insensitively in the title
 * @returns the page's rows and the total number of works matching
 */
export async function readVoiceWorkList(
  db: Db,
  authorId: number,
  filter: { type?: ContentType; keyword?: string },
  limit: number,
  offset: number,
): Promise<{ rows: VoiceWorkRow[]; total: number }> {
  const where: SQL[] = [eq(contents.userId, authorId), eq(contents.status, 'published')];
  if (filter.type) where.push(eq(contents.type, filter.type));
  if (filter.keyword) where.push(ilike(contents.title, `%${escapeLike(filter.keyword)}%`));
  const [works, [count]] = await Promise.all([
    db
      .select({
        contentId: contents.id,
        type: contents.type,
        title: contents.title,
        duration: uploads.duration,
        commentsOff: sql<boolean>`coalesce(${workVoiceSettings.commentsOff}, false)`,
        barrageOff: sql<boolean>`coalesce(${workVoiceSettings.barrageOff}, false)`,
      })
      .from(contents)
      .leftJoin(videos, eq(videos.contentId, contents.id))
      .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
      .leftJoin(workVoiceSettings, eq(workVoiceSettings.contentId, contents.id))
      .where(and(...where))
      .orderBy(sql`${contents.publishedAt} desc nulls last`, desc(contents.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contents)
      .where(and(...where)),
  ]);
  const ids = works.map((w) => w.contentId);
  if (ids.length === 0) return { rows: [], total: count?.n ?? 0 };
  const [commentCounts, barrageCounts] = await Promise.all([
    db
      .select({
        contentId: comments.contentId,
        comments: sql<number>`count(*) filter (where ${comments.state} <> 'deleted')::int`,
        held: sql<number>`count(*) filter (where ${comments.state} = 'held')::int`,
        unread: sql<number>`count(*) filter (where not ${comments.isRead} and ${comments.state} <> 'deleted')::int`,
      })
      .from(comments)
      .where(and(inArray(comments.contentId, ids), eq(comments.isAuthor, false)))
      .groupBy(comments.contentId),
    db
      .select({
        contentId: barrages.contentId,
        barrages: sql<number>`count(*) filter (where ${barrages.state} <> 'deleted')::int`,
      })
      .from(barrages)
      .where(inArray(barrages.contentId, ids))
      .groupBy(barrages.contentId),
  ]);
  const byComment = new Map(commentCounts.map((c) => [c.contentId, c]));
  const byBarrage = new Map(barrageCounts.map((c) => [c.contentId, c.barrages]));
  return {
    rows: works.map((w) => ({
      ...w,
      comments: byComment.get(w.contentId)?.comments ?? 0,
      held: byComment.get(w.contentId)?.held ?? 0,
      unread: byComment.get(w.contentId)?.unread ?? 0,
      barrages: byBarrage.get(w.contentId) ?? 0,
    })),
    total: count?.n ?? 0,
  };
}
