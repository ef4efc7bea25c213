import type { ActivityEntryState, ActivityPrize, ActivityState, ContentType } from '@cc/contracts';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';
import { topics } from '../topic/topic.schema.js';
import { users } from '../user/user.schema.js';

/*
 * Tables of the activity module (issue #15 "Activities"; spec §7 "tasks and activities"; docs/api.md
 * "Activities"): only activity.repo.ts reads and writes them; read-models/activity-numbers.ts SELECTs the
 * audience data for them. db/schema/index.ts re-exports this file for drizzle-kit. `users`, `contents`, `topics`
 * are imported for foreign keys only.
 */

/** What an entry's numbers were when the results were announced (frozen). */
export interface FrozenNumbers {
  views: number;
  likes: number;
  comments: number;
  fans: number;
  score: number;
}

/**
 * Campaigns run by operators: both languages' texts, the entry window [starts_at, ends_at), the results date,
 * an optional linked topic, the work types that may enter and the text prizes by rank range. `state` moves
 * draft → published → closed → announced (activity.rules.ts); `announced_at` is set once, with the notice.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    state: text('state').$type<ActivityState>().notNull().default('draft'),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    rulesZh: text('rules_zh').notNull(),
    rulesEn: text('rules_en').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    resultsAt: timestamp('results_at', { withTimezone: true }).notNull(),
    topicId: integer('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    workTypes: jsonb('work_types').$type<ContentType[]>().notNull(),
    prizes: jsonb('prizes').$type<ActivityPrize[]>().notNull().default([]),
    coverUrl: text('cover_url'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** the results notice (modules/notice), set with `announced_at` */
    noticeId: integer('notice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_state_idx').on(t.state, t.endsAt)],
);

/**
 * A work entered into an activity: once per (activity, work). Withdrawing before the close deletes the row.
 * `rank`, `prize_index` and `frozen` are written once, at the announcement.
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<ActivityEntryState>().notNull().default('entered'),
    reason: text('reason'),
    rank: integer('rank'),
    frozen: jsonb('frozen').$type<FrozenNumbers>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_entries_work_uq').on(t.activityId, t.contentId),
    index('activity_entries_user_idx').on(t.userId, t.activityId),
  ],
);
