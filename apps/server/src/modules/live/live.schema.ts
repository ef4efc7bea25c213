import type { LiveState } from '@cc/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contents } from '../content/content.schema.js';

/*
 * Tables of the live module (issue #10 "Live shows"): only live.repo.ts reads and writes them; other modules
 * call live.service.ts. Title, cover and review status live on the show's `contents` row (type `live`).
 */

/** A live show: when it starts, its state (upcoming → live → ended), its stream key and its replay. */
export const lives = pgTable(
  'lives',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    description: text('description').notNull().default(''),
    state: text('state').$type<LiveState>().notNull().default('upcoming'),
    /** the secret the author's encoder pushes with (shown to the author only; reset makes a new one) */
    streamKey: text('stream_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** the content id of the author's video attached as the replay; null when none */
    replayVideoId: integer('replay_video_id').references(() => contents.id, { onDelete: 'set null' }),
    /** when the reminder message before the start was sent; null until then */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [index('lives_state_start_idx').on(t.state, t.startAt)],
);
