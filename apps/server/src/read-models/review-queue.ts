import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ContentType } from '@cc/contracts';
import type { Db } from '../db/client.js';
import { albums } from '../modules/album/album.schema.js';
import { contents } from '../modules/content/content.schema.js';
import { dynamics } from '../modules/dynamic/dynamic.schema.js';
import { users } from '../modules/user/user.schema.js';

/*
 * Read model (see read-models/home-overview.ts for the folder's rules: several modules' tables, SELECT only):
 * the operators' review queue (issue #10 "Review", API.md §13 `ops/review/list`): works of every author that
 * wait as `reviewing`, with the author's name and the images an operator must see (albums', dynamics'), which
 * live in three modules' tables.
 */

/** One waiting work with what an operator judges it by. */
export interface ReviewQueueRow {
  id: number;
  type: ContentType;
  title: string;
  content: string;
  coverUrls: string[];
  holdMessage: unknown;
  rejectReason: string | null;
  submittedAt: Date;
  authorId: number;
  authorName: string;
  /** album images (urls in order) or dynamic images; empty for other types */
  imageUrls: string[];
}

/**
 * Works waiting for an operator, oldest submission first — authors on the `reviewPriority` white list first
 * (spec §6, issue #10 "Permissions").
 * @param opts.type only this type; `limit`/`offset` a page
 */
export async function readReviewQueue(
  db: Db,
  opts: { type?: ContentType; limit: number; offset: number },
): Promise<{ rows: ReviewQueueRow[]; total: number }> {
  const where: SQL[] = [eq(contents.status, 'reviewing')];
  if (opts.type) where.push(eq(contents.type, opts.type));
  const cond = and(...where);
  const priority = sql<number>`case when ${users.whiteLists} @> '["reviewPriority"]'::jsonb then 0 else 1 end`;
  const rows = await db
    .select({
      id: contents.id,
      type: contents.type,
      title: contents.title,
      content: contents.content,
      coverUrls: contents.coverUrls,
      holdMessage: contents.holdMessage,
      rejectReason: contents.rejectReason,
      submittedAt: contents.updatedAt,
      authorId: users.id,
      authorName: users.mediaName,
      albumImages: albums.images,
      dynamicImages: dynamics.images,
    })
    .from(contents)
    .innerJoin(users, eq(users.id, contents.userId))
    .leftJoin(albums, eq(albums.contentId, contents.id))
    .leftJoin(dynamics, eq(dynamics.contentId, contents.id))
    .where(cond)
    .orderBy(asc(priority), asc(contents.updatedAt), asc(contents.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [total] = await db.select({ n: count() }).from(contents).where(cond);
  return {
    rows: rows.map(({ albumImages, dynamicImages, ...r }) => ({
      ...r,
      imageUrls: albumImages?.map((i) => i.url) ?? dynamicImages ?? [],
    })),
    total: Number(total?.n ?? 0),
  };
}
