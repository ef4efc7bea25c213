import type {
  BilingualText,
  GradeChangeReason,
  PointSource,
  TaskKind,
  TaskMetric,
  TaskReward,
} from '@cc/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema.js';

/*
 * Tables of the growth module (tasks and grades, issue #14; docs/api.md "Tasks and grades"): only growth.repo.ts
 * reads and writes them; other modules call growth.service.ts, read-models may SELECT them. `users` is imported
 * for foreign keys only. db/schema/index.ts re-exports this file for drizzle-kit.
 */

/**
 * Task definitions, as data (operators create, edit and deactivate them; the defaults are inserted by code when
 * missing at start, growth.service.ts `ensureDefaultTasks`). `reward` is `{ points }` or `{ coupon: { valueFen,
 * minSpendFen, validDays } }`; `title`/`description` hold both languages.
 */
export const growthTasks = pgTable(
  'growth_tasks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').$type<TaskKind>().notNull(),
    metric: text('metric').$type<TaskMetric>().notNull(),
    target: integer('target').notNull(),
    reward: jsonb('reward').$type<TaskReward>().notNull(),
    title: jsonb('title').$type<BilingualText>().notNull(),
    description: jsonb('description').$type<BilingualText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('growth_tasks_code_uq').on(t.code),
    check('growth_tasks_target_ck', sql`${t.target} >= 1`),
  ],
);

/**
 * One claimed reward: per author, task and period (`once` for newcomer tasks, ISO week `2026-W48` or month
 * `2026-11` in REPORT_TZ) — the unique key is what makes a reward granted at most once, even under concurrent
 * claims. `reward` is the definition's reward when claimed; `coupon_id` the coupon granted (coupon rewards).
 */
export const growthTaskClaims = pgTable(
  'growth_task_claims',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: integer('task_id')
      .notNull()
      .references(() => growthTasks.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    reward: jsonb('reward').$type<TaskReward>().notNull(),
    couponId: integer('coupon_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('growth_task_claims_user_task_period_uq').on(t.userId, t.taskId, t.period),
    index('growth_task_claims_task_idx').on(t.taskId),
  ],
);

/**
 * The growth-points ledger: every point an author has, with where it came from (`source`), what it refers to
 * (`ref`: a task claim `task:<id>:<period>` or a day `2026-11-20`) and the day it counts for (REPORT_TZ).
 * `key` is unique per author: a repeated grant (a job re-run, a repeated claim) adds nothing.
 */
export const growthPoints = pgTable(
  'growth_points',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    source: text('source').$type<PointSource>().notNull(),
    ref: text('ref').notNull(),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('growth_points_user_key_uq').on(t.userId, t.key),
    index('growth_points_user_day_idx').on(t.userId, t.day),
  ],
);

/**
 * An author's growth account: `points` is the ledger's sum (kept in the same transaction as each entry, under
 * this row's lock); `written_grade` the grade this module last wrote to `users.grade` (null: never), `floor_grade`
 * the grade an operator set (a `users.grade` this module did not write; kept as a floor, docs/decisions/
 * 0011-tasks-and-grades.md).
 */
export const growthAccounts = pgTable('growth_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  points: integer('points').notNull().default(0),
  writtenGrade: smallint('written_grade'),
  floorGrade: smallint('floor_grade'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The points of one author for one closed day (REPORT_TZ), by component, with the facts they came from. Written
 * once by the daily grade job (the primary key makes a re-run add nothing); a day without points has no row.
 */
export const growthDaily = pgTable(
  'growth_daily',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    creation: integer('creation').notNull(),
    engagement: integer('engagement').notNull(),
    credit: integer('credit').notNull(),
    /** works of TASK_WORK_TYPES published that day (still published when computed) */
    works: integer('works').notNull(),
    /** views + plays of the author's works that day */
    plays: integer('plays').notNull(),
    fansGained: integer('fans_gained').notNull(),
    creditScore: smallint('credit_score').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('growth_daily_day_idx').on(t.day)],
);

/** The closed days the daily grade job finished (every author), so a run computes each day once. */
export const growthDays = pgTable('growth_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  authors: integer('authors').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** Every change of an author's grade: by points (the job or a claim) or by an operator (seen by the job). */
export const growthGradeHistory = pgTable(
  'growth_grade_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromGrade: smallint('from_grade').notNull(),
    toGrade: smallint('to_grade').notNull(),
    reason: text('reason').$type<GradeChangeReason>().notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('growth_grade_history_user_idx').on(t.userId, t.createdAt)],
);
