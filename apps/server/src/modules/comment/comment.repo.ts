import type { BarrageState, MessageRef } from '@cc/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  barrages,
  blockedReaders,
  commentLikes,
  comments,
  commentSettings,
  workVoiceSettings,
} from './comment.schema.js';

/*
 * SQL of the comment module (issue #13): only this file touches its tables. Writes take the caller's
 * transaction; every write of an action happens in one.
 */

export type CommentRow = typeof comments.$inferSelect;
export type BarrageRow = typeof barrages.$inferSelect;

// ---- arrivals (`/open/`) ----

/** Inserts a comment; with a site id, ON CONFLICT (site, external_id) DO NOTHING. @returns the new row or null */
export async function insertComment(tx: Db, row: typeof comments.$inferInsert): Promise<CommentRow | null> {
  const [inserted] = await tx.insert(comments).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The comment a site sent with `externalId`, or null. */
export async function commentByExternal(
  db: Db,
  site: string,
  externalId: string,
): Promise<CommentRow | null> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.site, site), eq(comments.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/** One comment by its id, or null. */
export async function commentById(db: Db, id: number): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

/**
 * Adds `delta` to the `reply_count` of each top-level comment of `byRoot`, in one statement (a bulk delete of
 * 1,000 replies touches hundreds of threads: one UPDATE each took half of its time, bench/README.md "Comments").
 */
export async function addReplyCounts(tx: Db, byRoot: Map<number, number>): Promise<void> {
  const entries = [...byRoot].filter(([, delta]) => delta !== 0).sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return;
  await tx.execute(sql`update comments c set reply_count = greatest(c.reply_count + d.delta, 0)
    from unnest(${sql.param(entries.map(([id]) => id))}::int4[], ${sql.param(entries.map(([, d]) => d))}::int4[])
      as d(id, delta)
    where c.id = d.id`);
}

/** Inserts a barrage message, ON CONFLICT (site, external_id) DO NOTHING. @returns the new row or null */
export async function insertBarrage(tx: Db, row: typeof barrages.$inferInsert): Promise<BarrageRow | null> {
  const [inserted] = await tx.insert(barrages).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The barrage message a site sent with `externalId`, or null. */
export async function barrageByExternal(
  db: Db,
  site: string,
  externalId: string,
): Promise<BarrageRow | null> {
  const [row] = await db
    .select()
    .from(barrages)
    .where(and(eq(barrages.site, site), eq(barrages.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/**
 * Sets a reader's like of a comment (a toggle: a like of a liked comment changes nothing) and keeps
 * `comments.likes` in step. @returns the comment's likes after the call
 */
export async function setReaderLike(
  tx: Db,
  commentId: number,
  readerId: string,
  liked: boolean,
): Promise<number> {
  const changed = liked
    ? await tx.insert(commentLikes).values({ commentId, readerId }).onConflictDoNothing().returning()
    : await tx
        .delete(commentLikes)
        .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.readerId, readerId)))
        .returning();
  const [row] = await tx
    .update(comments)
    .set({ likes: sql`greatest(${comments.likes} + ${changed.length > 0 ? (liked ? 1 : -1) : 0}, 0)` })
    .where(eq(comments.id, commentId))
    .returning({ likes: comments.likes });
  return row?.likes ?? 0;
}

// ---- the author's settings ----

/** An author's settings; the defaults (no words, hold-all off) when never saved. */
export async function settingsOf(
  db: Db,
  authorId: number,
): Promise<{ blockedWords: string[]; holdAll: boolean; updatedAt: Date | null }> {
  const [row] = await db
    .select()
    .from(commentSettings)
    .where(eq(commentSettings.authorId, authorId))
    .limit(1);
  return row
    ? { blockedWords: row.blockedWords, holdAll: row.holdAll, updatedAt: row.updatedAt }
    : { blockedWords: [], holdAll: false, updatedAt: null };
}

/** Replaces an author's settings. */
export async function saveSettings(
  db: Db,
  authorId: number,
  blockedWords: string[],
  holdAll: boolean,
  now: Date,
) {
  await db
    .insert(commentSettings)
    .values({ authorId, blockedWords, holdAll, updatedAt: now })
    .onConflictDoUpdate({ target: commentSettings.authorId, set: { blockedWords, holdAll, updatedAt: now } });
}

/** A work's switches; both off when never set. */
export async function workSwitchesOf(
  db: Db,
  contentId: number,
): Promise<{ commentsOff: boolean; barrageOff: boolean }> {
  const [row] = await db
    .select()
    .from(workVoiceSettings)
    .where(eq(workVoiceSettings.contentId, contentId))
    .limit(1);
  return { commentsOff: row?.commentsOff ?? false, barrageOff: row?.barrageOff ?? false };
}

/** Sets a work's switches (the ones given). @returns both switches after the call */
export async function saveWorkSwitches(
  db: Db,
  contentId: number,
  authorId: number,
  set: { commentsOff?: boolean; barrageOff?: boolean },
): Promise<{ commentsOff: boolean; barrageOff: boolean }> {
  const [row] = await db
    .insert(workVoiceSettings)
    .values({
      contentId,
      authorId,
      commentsOff: set.commentsOff ?? false,
      barrageOff: set.barrageOff ?? false,
    })
    .onConflictDoUpdate({
      target: workVoiceSettings.contentId,
      set: {
        ...(set.commentsOff === undefined ? {} : { commentsOff: set.commentsOff }),
        ...(set.barrageOff === undefined ? {} : { barrageOff: set.barrageOff }),
        authorId,
      },
    })
    .returning();
  return { commentsOff: row!.commentsOff, barrageOff: row!.barrageOff };
}

/** Whether `authorId` blocked `readerId`. */
export async function isBlocked(db: Db, authorId: number, readerId: string): Promise<boolean> {
  const [row] = await db
    .select({ readerId: blockedReaders.readerId })
    .from(blockedReaders)
    .where(and(eq(blockedReaders.authorId, authorId), eq(blockedReaders.readerId, readerId)))
    .limit(1);
  return row !== undefined;
}

/** Blocks a reader (again: keeps the first time). */
export async function block(tx: Db, authorId: number, readerId: string, readerName: string, now: Date) {
  await tx
    .insert(blockedReaders)
    .values({ authorId, readerId, readerName, blockedAt: now })
    .onConflictDoNothing();
}

/** Unblocks a reader. */
export async function unblock(tx: Db, authorId: number, readerId: string) {
  await tx
    .delete(blockedReaders)
    .where(and(eq(blockedReaders.authorId, authorId), eq(blockedReaders.readerId, readerId)));
}

/** The name a reader last used on the author's works (comments, then barrage), or null. */
export async function lastReaderName(db: Db, authorId: number, readerId: string): Promise<string | null> {
  const [c] = await db
    .select({ name: comments.readerName })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), eq(comments.readerId, readerId)))
    .orderBy(desc(comments.createdAt))
    .limit(1);
  if (c) return c.name;
  const [b] = await db
    .select({ name: barrages.readerName })
    .from(barrages)
    .where(and(eq(barrages.authorId, authorId), eq(barrages.readerId, readerId)))
    .orderBy(desc(barrages.createdAt))
    .limit(1);
  return b?.name ?? null;
}

/**
 * Hides what a reader wrote on an author's works (issue #13 "block a reader … hides what they already
 * wrote"): shown or held comments become hidden (and unpinned); shown barrage becomes held with the reason.
 * @returns how many comments and barrage messages changed
 */
export async function hideReaderVoices(
  tx: Db,
  authorId: number,
  readerId: string,
  reason: MessageRef,
): Promise<{ comments: number; barrages: number }> {
  const c = await tx
    .update(comments)
    .set({ state: 'hidden', pinned: false })
    .where(
      and(
        eq(comments.authorId, authorId),
        eq(comments.readerId, readerId),
        inArray(comments.state, ['published', 'held']),
      ),
    )
    .returning({ id: comments.id });
  const b = await tx
    .update(barrages)
    .set({ state: 'held', holdCode: 'reader', holdReason: reason })
    .where(
      and(
        eq(barrages.authorId, authorId),
        eq(barrages.readerId, readerId),
        inArray(barrages.state, ['published', 'protected']),
      ),
    )
    .returning({ id: barrages.id });
  return { comments: c.length, barrages: b.length };
}

/** The readers an author blocked, newest first, and how many. */
export async function blockedList(db: Db, authorId: number, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(blockedReaders)
      .where(eq(blockedReaders.authorId, authorId))
      .orderBy(desc(blockedReaders.blockedAt), asc(blockedReaders.readerId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(blockedReaders)
      .where(eq(blockedReaders.authorId, authorId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

// ---- the inbox ----

/** Unread readers' comments per content type and the held ones, of an author. */
export async function inboxCounts(db: Db, authorId: number) {
  const [unread, [held]] = await Promise.all([
    db
      .select({ type: comments.contentType, n: sql<number>`count(*)::int` })
      .from(comments)
      .where(
        and(
          eq(comments.authorId, authorId),
          eq(comments.isRead, false),
          eq(comments.isAuthor, false),
          ne(comments.state, 'deleted'),
        ),
      )
      .groupBy(comments.contentType),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(eq(comments.authorId, authorId), eq(comments.state, 'held'))),
  ]);
  return { unread, held: held?.n ?? 0 };
}

/** Marks comments of an author as read: `ids`, or every unread one. @returns how many changed */
export async function markRead(db: Db, authorId: number, ids: number[] | undefined): Promise<number> {
  const where = [eq(comments.authorId, authorId), eq(comments.isRead, false)];
  if (ids) where.push(inArray(comments.id, ids));
  const rows = await db
    .update(comments)
    .set({ isRead: true })
    .where(and(...where))
    .returning({ id: comments.id });
  return rows.length;
}

/** The rows of `ids` (any author), locked FOR UPDATE in id order (a batch action's read). */
export async function lockComments(tx: Db, ids: number[]): Promise<CommentRow[]> {
  return tx.select().from(comments).where(inArray(comments.id, ids)).orderBy(asc(comments.id)).for('update');
}

/** Sets fields of the comments `ids` (one UPDATE). */
export async function updateComments(tx: Db, ids: number[], set: Partial<typeof comments.$inferInsert>) {
  if (ids.length === 0) return;
  await tx.update(comments).set(set).where(inArray(comments.id, ids));
}

/** Adds `delta` likes to the comments `ids` (the author's like). */
export async function addLikes(tx: Db, ids: number[], delta: 1 | -1, authorLiked: boolean) {
  if (ids.length === 0) return;
  await tx
    .update(comments)
    .set({ likes: sql`greatest(${comments.likes} + ${delta}, 0)`, authorLiked })
    .where(inArray(comments.id, ids));
}

/** Unpins every pinned comment of the works `contentIds` (a work has one pinned comment). */
export async function unpinWorks(tx: Db, contentIds: number[]) {
  if (contentIds.length === 0) return;
  await tx
    .update(comments)
    .set({ pinned: false })
    .where(and(inArray(comments.contentId, contentIds), eq(comments.pinned, true)));
}

// ---- the reader side (`GET /open/`) ----

/** The published top-level comments of a work, pinned first then newest, and how many. */
export async function openThreads(db: Db, contentId: number, limit: number, offset: number) {
  const where = and(
    eq(comments.contentId, contentId),
    eq(comments.state, 'published'),
    sql`${comments.rootId} is null`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.pinned), desc(comments.createdAt), desc(comments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * The published replies of the threads `rootIds`, oldest first, at most `perThread` each, with the id the
 * parent shows on `/open/` (its site id, or null for an author's reply), and the published count per thread.
 */
export async function openReplies(db: Db, rootIds: number[], perThread: number) {
  if (rootIds.length === 0) return { rows: [], counts: new Map<number, number>() };
  const ranked = db
    .select({
      id: comments.id,
      n: sql<number>`row_number() over (partition by ${comments.rootId} order by ${comments.createdAt}, ${comments.id})`.as(
        'n',
      ),
    })
    .from(comments)
    .where(and(inArray(comments.rootId, rootIds), eq(comments.state, 'published')))
    .as('ranked');
  const [rows, counts] = await Promise.all([
    db
      .select({
        c: getTableColumns(comments),
        parentExternalId: sql<
          string | null
        >`(select p.external_id from ${comments} p where p.id = ${comments.parentId})`,
      })
      .from(comments)
      .innerJoin(ranked, eq(ranked.id, comments.id))
      .where(sql`${ranked.n} <= ${perThread}`)
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db
      .select({ rootId: comments.rootId, n: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(inArray(comments.rootId, rootIds), eq(comments.state, 'published')))
      .groupBy(comments.rootId),
  ]);
  return { rows, counts: new Map(counts.map((c) => [c.rootId!, c.n])) };
}

/** The shown barrage of a video (published and protected): the newest `limit`, in position order. */
export async function openBarrage(db: Db, contentId: number, limit: number) {
  const newest = await db
    .select()
    .from(barrages)
    .where(and(eq(barrages.contentId, contentId), inArray(barrages.state, ['published', 'protected'])))
    .orderBy(desc(barrages.createdAt), desc(barrages.id))
    .limit(limit);
  return newest.sort((a, b) => a.positionMs - b.positionMs || a.id - b.id);
}

// ---- barrage, the author's side ----

/** The barrage rows of `ids` (any author), locked FOR UPDATE in id order. */
export async function lockBarrage(tx: Db, ids: number[]): Promise<BarrageRow[]> {
  return tx.select().from(barrages).where(inArray(barrages.id, ids)).orderBy(asc(barrages.id)).for('update');
}

/** Sets the state of the barrage messages `ids` (one UPDATE). */
export async function setBarrageState(tx: Db, ids: number[], state: BarrageState) {
  if (ids.length === 0) return;
  await tx.update(barrages).set({ state }).where(inArray(barrages.id, ids));
}
