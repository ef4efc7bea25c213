import type { ContentType } from '@cc/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contents } from '../modules/content/content.schema.js';
import { uploads } from '../modules/fileservice/fileservice.schema.js';
import { users } from '../modules/user/user.schema.js';
import { videos } from '../modules/video/video.schema.js';

/*
 * Read model (rules in read-models/home-overview.ts: several modules' tables, SELECT only): what ingestion of
 * reader events needs to know of the works and authors an event names (issue #12, API.md §10): the work's
 * author and type and, for videos, the duration a play's completion is measured against.
 */

/** A work as ingestion sees it. */
export interface WorkFacts {
  authorId: number;
  type: ContentType;
  /** the video's duration, seconds; null for other types and videos not yet probed */
  duration: number | null;
}

/**
 * The facts of the works `ids` that exist and are not deleted (API.md §10: an unknown `contentId` rejects that
 * event). One query for a batch.
 * @param ids work ids (duplicates allowed)
 * @returns by id; an id absent from the map is unknown
 */
export async function readWorkFacts(db: Db, ids: number[]): Promise<Map<number, WorkFacts>> {
  const out = new Map<number, WorkFacts>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .select({ id: contents.id, authorId: contents.userId, type: contents.type, duration: uploads.duration })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(and(inArray(contents.id, unique), ne(contents.status, 'deleted')));
  for (const r of rows) out.set(r.id, { authorId: r.authorId, type: r.type, duration: r.duration });
  return out;
}

/**
 * Which of `ids` are authors (users with the role `author`): a follow names one (API.md §10).
 * @returns the ids that exist
 */
export async function readAuthorIds(db: Db, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, 'author')));
  return new Set(rows.map((r) => r.id));
}

/** A work of an author as the data pages list it. */
export interface AuthorWork {
  id: number;
  type: ContentType;
  title: string;
  publishedAt: Date | null;
  /** video duration, seconds; null otherwise */
  duration: number | null;
}

/**
 * One work of `authorId` (not deleted), or null when it is not theirs or gone: the data pages' ownership rule
 * (API.md §3 10006 for another author's work).
 */
export async function readAuthorWork(db: Db, authorId: number, id: number): Promise<AuthorWork | null> {
  const [row] = await db
    .select({
      id: contents.id,
      type: contents.type,
      title: contents.title,
      publishedAt: contents.publishedAt,
      duration: uploads.duration,
    })
    .from(contents)
    .leftJoin(videos, eq(videos.contentId, contents.id))
    .leftJoin(uploads, sql`${uploads.key} = md5(${contents.userId}::text || ':' || ${videos.uploadKey})`)
    .where(and(eq(contents.id, id), eq(contents.userId, authorId), ne(contents.status, 'deleted')))
    .limit(1);
  return row ?? null;
}
