import type { BarrageState, CommentState, ContentType, HoldReason, MessageRef } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';
import { users } from '../user/user.schema.js';

/*
 * Tables of the comment module (issue #13; API.md §10 the `/open/` comment and barrage calls, §12 the author's
 * side): only comment.repo.ts reads and writes them (read models may SELECT). `contents` and `users` are
 * imported for foreign keys only.
 *
 * `author_id` and `content_type` are the work's, copied at arrival: the inbox filters by them on every request
 * and a work never changes author or type.
 */

/**
 * Readers' comments and the author's replies. A reader's comment carries the site's id (`site`,
 * `external_id`; unique per site: a repeated id changes nothing); an author's reply has neither and shows on
 * `/open/` as `author:<id>`. Threads are two levels: `root_id` is the top-level comment, `parent_id` the one
 * answered. `reply_count` (on top-level comments) counts the thread's replies that are not deleted.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    site: text('site'),
    externalId: text('external_id'),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<ContentType>().notNull(),
    rootId: integer('root_id'),
    parentId: integer('parent_id'),
    /** the reader's id on the site; `author:<userId>` on an author's reply */
    readerId: text('reader_id').notNull(),
    readerName: text('reader_name').notNull(),
    isAuthor: boolean('is_author').notNull().default(false),
    text: text('text').notNull(),
    state: text('state').$type<CommentState>().notNull(),
    holdCode: text('hold_code').$type<HoldReason>(),
    /** the hold reason as a catalog message (rendered in the reader's language of the inbox) */
    holdReason: jsonb('hold_reason').$type<MessageRef>(),
    /** readers' likes plus the author's */
    likes: integer('likes').notNull().default(0),
    authorLiked: boolean('author_liked').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    isRead: boolean('is_read').notNull().default(false),
    /** when the reader wrote it (`at`), or when the author replied */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comments_site_external_uq').on(t.site, t.externalId),
    index('comments_author_time_idx').on(t.authorId, t.createdAt, t.id),
    index('comments_author_type_time_idx').on(t.authorId, t.contentType, t.createdAt, t.id),
    index('comments_author_state_time_idx').on(t.authorId, t.state, t.createdAt, t.id),
    index('comments_author_unread_idx').on(t.authorId, t.isRead, t.contentType),
    index('comments_author_reader_idx').on(t.authorId, t.readerId),
    index('comments_content_time_idx').on(t.contentId, t.createdAt, t.id),
    index('comments_root_idx').on(t.rootId, t.createdAt),
    // the inbox sorted by likes / replies (bench/README.md "Comments": a sort without its index read all of a
    // big author's 200,000 rows per page)
    index('comments_author_likes_idx')
      .on(t.authorId, t.likes, t.createdAt, t.id)
      .where(sql`${t.state} <> 'deleted'`),
    index('comments_author_replies_idx')
      .on(t.authorId, t.replyCount, t.createdAt, t.id)
      .where(sql`${t.state} <> 'deleted'`),
    // the per-work counts of `comment/work_list`, from the index alone
    index('comments_content_state_idx').on(t.contentId, t.state, t.isAuthor, t.isRead),
  ],
);

/** Readers' likes of comments (`POST /open/comments/like`): the (comment, reader) state of a toggle. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    readerId: text('reader_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.readerId] })],
);

/** Barrage (danmaku) of videos: one message at a position of the video. */
export const barrages = pgTable(
  'barrages',
  {
    id: serial('id').primaryKey(),
    site: text('site').notNull(),
    externalId: text('external_id').notNull(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: text('reader_id').notNull(),
    readerName: text('reader_name').notNull(),
    text: text('text').notNull(),
    positionMs: integer('position_ms').notNull(),
    mode: text('mode').$type<'scroll' | 'top' | 'bottom'>().notNull().default('scroll'),
    color: text('color').notNull().default('#FFFFFF'),
    state: text('state').$type<BarrageState>().notNull(),
    holdCode: text('hold_code').$type<HoldReason>(),
    holdReason: jsonb('hold_reason').$type<MessageRef>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('barrages_site_external_uq').on(t.site, t.externalId),
    index('barrages_author_time_idx').on(t.authorId, t.createdAt, t.id),
    index('barrages_author_state_time_idx').on(t.authorId, t.state, t.createdAt, t.id),
    index('barrages_content_position_idx').on(t.contentId, t.positionMs),
    index('barrages_author_reader_idx').on(t.authorId, t.readerId),
  ],
);

/** An author's moderation settings (API.md §12 `comment/settings`): blocked words and hold-all. */
export const commentSettings = pgTable('comment_settings', {
  authorId: integer('author_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  blockedWords: jsonb('blocked_words').$type<string[]>().notNull().default([]),
  holdAll: boolean('hold_all').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per-work switches (extension `comment/work_settings`): comments off, barrage off. */
export const workVoiceSettings = pgTable('work_voice_settings', {
  contentId: integer('content_id')
    .primaryKey()
    .references(() => contents.id, { onDelete: 'cascade' }),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  commentsOff: boolean('comments_off').notNull().default(false),
  barrageOff: boolean('barrage_off').notNull().default(false),
});

/** Readers an author blocked (API.md §12 `reader/block`): their new comments and barrage are held. */
export const blockedReaders = pgTable(
  'blocked_readers',
  {
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readerId: text('reader_id').notNull(),
    readerName: text('reader_name').notNull(),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.readerId] })],
);
