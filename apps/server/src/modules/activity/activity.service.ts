import {
  type ActivityDetail,
  type ActivityEligibleWork,
  type ActivityEntry,
  type ActivityItem,
  type ActivityJoinParam,
  type ActivityListParam,
  type ActivityNumbers,
  activityPhase,
  type ActivityPrize,
  activityScore,
  ACTIVITY_RANKING_SIZE,
  ACTIVITY_SCORE_WEIGHTS,
  type ListData,
  type MessageLanguage,
  MsgGroup,
  type OpsActivity,
  type OpsActivityDetail,
  type OpsActivityDisqualifyParam,
  type OpsActivityListParam,
  type OpsActivitySaveParam,
  renderMessage,
  renderMessageKind,
} from '@cc/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import { publishNotice } from '../notice/notice.service.js';
import { topicExists } from '../topic/topic.service.js';
import * as rm from '../../read-models/activity-numbers.js';
import * as repo from './activity.repo.js';
import { assertCan, stateConflict } from './activity.rules.js';
import type { FrozenNumbers } from './activity.schema.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Activities (issue #15 "Activities"; spec §7 "tasks and activities"; docs/api.md "Activities";
 * docs/decisions activity): campaigns run by operators that authors join with their published works. The numbers
 * of an entry come from the audience data inside the entry window (read-models/activity-numbers.ts); the ranking orders
 * qualified entries by the published score (ACTIVITY_SCORE_WEIGHTS, ties to the earlier entry); announcing
 * freezes it, publishes a notice in both languages and sends every entrant one message, exactly once.
 */

/** `YYYY-MM-DD HH:mm` in REPORT_TZ: how texts show a time. */
const timeText = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD HH:mm');

const notFound = () => new AppError('NOT_FOUND', 'ACTIVITY_NOT_FOUND');

/** The prize text of a rank in a language, or null. */
export function prizeOf(prizes: ActivityPrize[], rank: number | null, lang: MessageLanguage): string | null {
  if (rank === null) return null;
  const p = prizes.find((x) => x.fromRank <= rank && rank <= x.toRank);
  if (!p) return null;
  return lang === 'zh-CN' ? p.textZh : p.textEn;
}

/** An entry with its numbers, score and rank (null when disqualified). */
interface RankedEntry {
  row: repo.EntryRow;
  numbers: FrozenNumbers;
  rank: number | null;
}

/**
 * Ranks entries: qualified ones by score descending, then the earlier entry, then the lower id; 1-based.
 * @param numbers the numbers by work id
 */
export function rankEntries(rows: repo.EntryRow[], numbers: Map<number, ActivityNumbers>): RankedEntry[] {
  const withScore = rows.map((row) => {
    const n = numbers.get(row.contentId) ?? { views: 0, likes: 0, comments: 0, fans: 0 };
    return { row, numbers: { ...n, score: activityScore(n) }, rank: null as number | null };
  });
  const qualified = withScore
    .filter((e) => e.row.state === 'entered')
    .sort(
      (a, b) =>
        b.numbers.score - a.numbers.score ||
        a.row.createdAt.getTime() - b.row.createdAt.getTime() ||
        a.row.id - b.row.id,
    );
  qualified.forEach((e, i) => (e.rank = i + 1));
  return withScore;
}

/**
 * The entries of an activity ranked: frozen results once announced, else computed now from the audience data
 * in the entry window [startsAt, endsAt).
 */
async function rankedEntries(db: Db, a: repo.ActivityRow, tz: string): Promise<RankedEntry[]> {
  const rows = await repo.entriesOf(db, a.id);
  if (a.state === 'announced') {
    return rows.map((row) => ({
      row,
      numbers: row.frozen ?? { views: 0, likes: 0, comments: 0, fans: 0, score: 0 },
      rank: row.state === 'entered' ? row.rank : null,
    }));
  }
  const numbers = await rm.readEntryNumbers(
    db,
    { from: a.startsAt, to: a.endsAt, tz },
    rows.map((r) => ({ contentId: r.contentId, authorId: r.userId })),
  );
  return rankEntries(rows, numbers);
}

async function toEntries(
  db: Db,
  a: repo.ActivityRow,
  ranked: RankedEntry[],
  lang: MessageLanguage,
): Promise<ActivityEntry[]> {
  const labels = await rm.readWorkLabels(
    db,
    ranked.map((e) => e.row.contentId),
  );
  return ranked.map((e) => {
    const label = labels.get(e.row.contentId);
    return {
      id: e.row.id,
      contentId: e.row.contentId,
      contentTitle: label?.title ?? '',
      contentType: label?.type ?? 'article',
      authorName: label?.authorName ?? '',
      state: e.row.state,
      reason: e.row.reason,
      enteredAt: e.row.createdAt.toISOString(),
      numbers: e.numbers,
      rank: e.rank,
      prize: prizeOf(a.prizes, e.rank, lang),
    };
  });
}

async function toItems(
  db: Db,
  rows: repo.ActivityRow[],
  userId: number | null,
  now: Date,
  lang: MessageLanguage,
): Promise<ActivityItem[]> {
  const [counts, topics] = await Promise.all([
    repo.entryCounts(
      db,
      rows.map((r) => r.id),
      userId,
    ),
    rm.readTopicNames(
      db,
      rows.flatMap((r) => (r.topicId ? [r.topicId] : [])),
    ),
  ]);
  return rows.map((r) => {
    const topic = r.topicId ? topics.get(r.topicId) : undefined;
    const c = counts.get(r.id);
    const times = {
      state: r.state,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
    };
    return {
      id: r.id,
      title: lang === 'zh-CN' ? r.titleZh : r.titleEn,
      coverUrl: r.coverUrl,
      ...times,
      phase: activityPhase(times, now),
      resultsAt: r.resultsAt.toISOString(),
      topic:
        topic && r.topicId ? { id: r.topicId, name: lang === 'zh-CN' ? topic.name : topic.nameEn } : null,
      workTypes: r.workTypes,
      entryCount: c?.all ?? 0,
      myEntryCount: c?.mine ?? 0,
    };
  });
}

/** A visible activity (published, closed or announced). @throws NOT_FOUND ACTIVITY_NOT_FOUND otherwise */
async function visibleActivity(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  const a = await repo.findActivity(db, id, opts);
  if (!a || !repo.VISIBLE_STATES.includes(a.state)) throw notFound();
  return a;
}

// ---- authors ----

/** `GET /api/activity/list`: visible activities (by phase; only those I joined with `joined`), with counts. */
export async function listActivities(
  db: Db,
  userId: number,
  p: ActivityListParam,
  now: Date,
  lang: MessageLanguage,
): Promise<ListData<ActivityItem>> {
  const { rows, total } = await repo.listVisible(db, {
    phase: p.phase,
    joinedBy: p.joined ? userId : undefined,
    now,
    page: p.page,
    pageSize: p.pageSize,
  });
  return { list: await toItems(db, rows, userId, now, lang), total, page: p.page, pageSize: p.pageSize };
}

/**
 * `GET /api/activity/detail`: rules, prizes, the score rule, my entries and the ranking (numbers inside the entry
 * window; frozen once announced). @throws NOT_FOUND ACTIVITY_NOT_FOUND for a draft or an unknown id
 */
export async function activityDetail(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  lang: MessageLanguage,
  tz: string,
): Promise<ActivityDetail> {
  const a = await visibleActivity(db, id);
  const [item] = await toItems(db, [a], userId, now, lang);
  const ranked = await rankedEntries(db, a, tz);
  const mine = ranked.filter((e) => e.row.userId === userId);
  const ranking = ranked
    .filter((e) => e.rank !== null)
    .sort((x, y) => x.rank! - y.rank!)
    .slice(0, ACTIVITY_RANKING_SIZE);
  const [myEntries, rankingOut] = await Promise.all([
    toEntries(db, a, mine, lang),
    toEntries(db, a, ranking, lang),
  ]);
  return {
    ...item!,
    rules: lang === 'zh-CN' ? a.rulesZh : a.rulesEn,
    prizes: a.prizes.map((p) => ({
      fromRank: p.fromRank,
      toRank: p.toRank,
      text: lang === 'zh-CN' ? p.textZh : p.textEn,
    })),
    scoreWeights: { ...ACTIVITY_SCORE_WEIGHTS },
    final: a.state === 'announced',
    myEntries,
    ranking: rankingOut,
  };
}

/** `GET /api/activity/eligible_works`: my published works of the allowed types not yet entered. */
export async function eligibleWorks(db: Db, userId: number, id: number): Promise<ActivityEligibleWork[]> {
  const a = await visibleActivity(db, id);
  const entered = (await repo.entriesOf(db, a.id)).map((e) => e.contentId);
  const works = await rm.readPublishedWorks(db, userId, a.workTypes, entered);
  return works.map((w) => ({
    id: w.id,
    title: w.title,
    type: w.type,
    publishedAt: w.publishedAt?.toISOString() ?? null,
  }));
}

/** @throws CONFLICT ACTIVITY_NOT_OPEN unless the activity is published and `now` is inside its entry window */
function assertOpen(a: repo.ActivityRow, now: Date, tz: string): void {
  if (a.state !== 'published' || now < a.startsAt || now >= a.endsAt)
    throw new AppError('CONFLICT', {
      code: 'ACTIVITY_NOT_OPEN',
      params: { from: timeText(a.startsAt, tz), to: timeText(a.endsAt, tz) },
    });
}

/**
 * `POST /api/activity/join`: enters one of my works (spec §7; issue #15).
 * @throws NOT_FOUND ACTIVITY_NOT_FOUND (not visible), ACTIVITY_WORK_NOT_FOUND (not mine, or deleted)
 * @throws CONFLICT ACTIVITY_NOT_OPEN (outside the window or not published), ACTIVITY_WORK_NOT_PUBLISHED,
 *   ACTIVITY_WORK_TYPE_NOT_ALLOWED, ACTIVITY_WORK_ALREADY_ENTERED
 */
export async function joinActivity(
  db: Db,
  userId: number,
  p: ActivityJoinParam,
  now: Date,
  lang: MessageLanguage,
  tz: string,
): Promise<ActivityEntry> {
  return db.transaction(async (tx) => {
    const a = await visibleActivity(tx, p.id, { forUpdate: true });
    const work = await rm.readWork(tx, p.contentId);
    if (!work || work.userId !== userId) throw new AppError('NOT_FOUND', 'ACTIVITY_WORK_NOT_FOUND');
    assertOpen(a, now, tz);
    if (work.status !== 'published') throw new AppError('CONFLICT', 'ACTIVITY_WORK_NOT_PUBLISHED');
    if (!a.workTypes.includes(work.type)) throw new AppError('CONFLICT', 'ACTIVITY_WORK_TYPE_NOT_ALLOWED');
    const row = await repo.insertEntry(tx, {
      activityId: a.id,
      contentId: work.id,
      userId,
      createdAt: now,
    });
    if (!row) throw new AppError('CONFLICT', 'ACTIVITY_WORK_ALREADY_ENTERED');
    const ranked = rankEntries([row], new Map());
    return (await toEntries(tx, a, ranked, lang))[0]!;
  });
}

/**
 * `POST /api/activity/withdraw`: takes my entry back while entries are open.
 * @throws NOT_FOUND ACTIVITY_ENTRY_NOT_FOUND (not mine); CONFLICT ACTIVITY_NOT_OPEN, ACTIVITY_ENTRY_DISQUALIFIED
 */
export async function withdrawEntry(
  db: Db,
  userId: number,
  entryId: number,
  now: Date,
  tz: string,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const e = await repo.findEntry(tx, entryId);
    if (!e || e.userId !== userId) throw new AppError('NOT_FOUND', 'ACTIVITY_ENTRY_NOT_FOUND');
    const a = await repo.findActivity(tx, e.activityId, { forUpdate: true });
    if (!a) throw new AppError('NOT_FOUND', 'ACTIVITY_ENTRY_NOT_FOUND');
    assertOpen(a, now, tz);
    if (e.state === 'disqualified') throw new AppError('CONFLICT', 'ACTIVITY_ENTRY_DISQUALIFIED');
    await repo.deleteEntry(tx, e.id);
    return { id: e.id };
  });
}

// ---- operators ----

function toOps(r: repo.ActivityRow, entryCount: number): OpsActivity {
  return {
    id: r.id,
    state: r.state,
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    rulesZh: r.rulesZh,
    rulesEn: r.rulesEn,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    resultsAt: r.resultsAt.toISOString(),
    topicId: r.topicId,
    workTypes: r.workTypes,
    prizes: r.prizes,
    coverUrl: r.coverUrl,
    entryCount,
    announcedAt: r.announcedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

async function opsOf(db: Db, r: repo.ActivityRow): Promise<OpsActivity> {
  const counts = await repo.entryCounts(db, [r.id], null);
  return toOps(r, counts.get(r.id)?.all ?? 0);
}

/**
 * `POST /api/ops/activity/save`: creates a draft, or edits one (`id`).
 * @throws NOT_FOUND ACTIVITY_NOT_FOUND; CONFLICT ACTIVITY_STATE_CONFLICT (not a draft);
 *   VALIDATION_FAILED ACTIVITY_TOPIC_NOT_FOUND (topicId)
 */
export async function opsSave(
  db: Db,
  operatorId: number,
  p: OpsActivitySaveParam,
  now: Date,
): Promise<OpsActivity> {
  if (p.topicId && !(await topicExists(db, p.topicId)))
    throw AppError.validation([{ path: 'topicId', code: 'ACTIVITY_TOPIC_NOT_FOUND' }]);
  const fields = {
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    rulesZh: p.rulesZh,
    rulesEn: p.rulesEn,
    startsAt: new Date(p.startsAt),
    endsAt: new Date(p.endsAt),
    resultsAt: new Date(p.resultsAt),
    topicId: p.topicId ?? null,
    workTypes: p.workTypes,
    prizes: p.prizes,
    coverUrl: p.coverUrl || null,
  };
  return db.transaction(async (tx) => {
    if (p.id === undefined) {
      const row = await repo.insertActivity(tx, { ...fields, createdBy: operatorId, createdAt: now });
      return toOps(row, 0);
    }
    const a = await repo.findActivity(tx, p.id, { forUpdate: true });
    if (!a) throw notFound();
    assertCan(a.state, 'edit');
    const row = await repo.updateActivityIn(tx, a.id, 'draft', fields);
    return opsOf(tx, row!);
  });
}

/** A state transition of an operator. @throws NOT_FOUND ACTIVITY_NOT_FOUND; CONFLICT ACTIVITY_STATE_CONFLICT */
async function transition(db: Db, id: number, action: 'publish' | 'close', now: Date): Promise<OpsActivity> {
  return db.transaction(async (tx) => {
    const a = await repo.findActivity(tx, id, { forUpdate: true });
    if (!a) throw notFound();
    assertCan(a.state, action);
    const row =
      action === 'publish'
        ? await repo.updateActivityIn(tx, id, 'draft', { state: 'published', publishedAt: now })
        : await repo.updateActivityIn(tx, id, 'published', { state: 'closed', closedAt: now });
    return opsOf(tx, row!);
  });
}

/** `POST /api/ops/activity/publish`: draft → published (visible to authors). */
export const opsPublish = (db: Db, id: number, now: Date) => transition(db, id, 'publish', now);

/** `POST /api/ops/activity/close`: published → closed (entries end early). */
export const opsClose = (db: Db, id: number, now: Date) => transition(db, id, 'close', now);

/**
 * The close job (jobs/activity.ts): published activities whose entry window has ended become closed.
 * Idempotent: a second run closes nothing. @returns how many it closed
 */
export async function closeDueActivities(db: Db, now: Date): Promise<number> {
  return repo.closeDue(db, now);
}

/** `GET /api/ops/activity/list`: every activity, newest first. */
export async function opsList(db: Db, p: OpsActivityListParam): Promise<ListData<OpsActivity>> {
  const { rows, total } = await repo.listAll(db, p);
  const counts = await repo.entryCounts(
    db,
    rows.map((r) => r.id),
    null,
  );
  return {
    list: rows.map((r) => toOps(r, counts.get(r.id)?.all ?? 0)),
    total,
    page: p.page,
    pageSize: p.pageSize,
  };
}

/** `GET /api/ops/activity/detail`: the activity and every entry with its numbers and rank. */
export async function opsDetail(
  db: Db,
  id: number,
  lang: MessageLanguage,
  tz: string,
): Promise<OpsActivityDetail> {
  const a = await repo.findActivity(db, id);
  if (!a) throw notFound();
  const ranked = await rankedEntries(db, a, tz);
  const entries = await toEntries(db, a, ranked, lang);
  entries.sort((x, y) => (x.rank ?? Infinity) - (y.rank ?? Infinity) || x.id - y.id);
  return { ...toOps(a, entries.length), entries };
}

/**
 * `POST /api/ops/activity/disqualify`: disqualifies an entry with a reason, before the results.
 * @throws NOT_FOUND ACTIVITY_ENTRY_NOT_FOUND; CONFLICT ACTIVITY_STATE_CONFLICT (announced),
 *   ACTIVITY_ENTRY_DISQUALIFIED (already)
 */
export async function opsDisqualify(
  db: Db,
  p: OpsActivityDisqualifyParam,
  lang: MessageLanguage,
  tz: string,
): Promise<ActivityEntry> {
  return db.transaction(async (tx) => {
    const e = await repo.findEntry(tx, p.id);
    if (!e) throw new AppError('NOT_FOUND', 'ACTIVITY_ENTRY_NOT_FOUND');
    const a = await repo.findActivity(tx, e.activityId, { forUpdate: true });
    if (!a) throw new AppError('NOT_FOUND', 'ACTIVITY_ENTRY_NOT_FOUND');
    assertCan(a.state, 'disqualify');
    if (e.state === 'disqualified') throw new AppError('CONFLICT', 'ACTIVITY_ENTRY_DISQUALIFIED');
    await repo.updateEntry(tx, e.id, { state: 'disqualified', reason: p.reason });
    const ranked = await rankedEntries(tx, a, tz);
    const mine = ranked.filter((x) => x.row.id === e.id);
    return (await toEntries(tx, a, mine, lang))[0]!;
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The results notice's texts in one language. */
function noticeTexts(
  a: repo.ActivityRow,
  ranking: { rank: number; work: string; author: string; score: number }[],
  lang: MessageLanguage,
): { title: string; summary: string; content: string } {
  const activity = lang === 'zh-CN' ? a.titleZh : a.titleEn;
  const title = renderMessage({ code: 'NOTICE_ACTIVITY_RESULT_TITLE', params: { activity } }, lang).slice(
    0,
    100,
  );
  const intro = renderMessage(
    { code: 'NOTICE_ACTIVITY_RESULT_INTRO', params: { activity, count: ranking.length } },
    lang,
  );
  const rows = ranking.map((r) => {
    const prize = prizeOf(a.prizes, r.rank, lang);
    const text = renderMessage(
      {
        code: 'NOTICE_ACTIVITY_RESULT_ROW',
        params: {
          rank: r.rank,
          work: r.work,
          author: r.author,
          score: r.score,
          prize: prize
            ? renderMessage({ code: 'NOTICE_ACTIVITY_RESULT_PRIZE', params: { prize } }, lang)
            : '',
        },
      },
      lang,
    );
    return `<li>${escapeHtml(text)}</li>`;
  });
  const body = ranking.length
    ? `<p>${escapeHtml(intro)}</p><ol>${rows.join('')}</ol>`
    : `<p>${escapeHtml(renderMessage('NOTICE_ACTIVITY_RESULT_EMPTY', lang))}</p>`;
  const summary = renderMessage(
    { code: 'NOTICE_ACTIVITY_RESULT_SUMMARY', params: { activity, count: ranking.length } },
    lang,
  ).slice(0, 200);
  return { title, summary, content: body };
}

/**
 * `POST /api/ops/activity/announce`: freezes the ranking at close (numbers in the entry window), publishes the
 * results notice (both languages) and sends every entry's author one message (rank and prize, or the
 * disqualification), in one transaction. Idempotent: an announced activity answers its results again and sends
 * nothing (spec §7; issue #15 "exactly once").
 * @throws NOT_FOUND ACTIVITY_NOT_FOUND; CONFLICT ACTIVITY_STATE_CONFLICT (draft or published)
 */
export async function opsAnnounce(
  db: Db,
  id: number,
  now: Date,
  lang: MessageLanguage,
  tz: string,
): Promise<OpsActivityDetail> {
  await db.transaction(async (tx) => {
    const a = await repo.findActivity(tx, id, { forUpdate: true });
    if (!a) throw notFound();
    if (a.state === 'announced') return;
    assertCan(a.state, 'announce');
    const ranked = await rankedEntries(tx, a, tz);
    const labels = await rm.readWorkLabels(
      tx,
      ranked.map((e) => e.row.contentId),
    );
    for (const e of ranked) await repo.updateEntry(tx, e.row.id, { rank: e.rank, frozen: e.numbers });
    const ranking = ranked
      .filter((e) => e.rank !== null)
      .sort((x, y) => x.rank! - y.rank!)
      .map((e) => ({
        rank: e.rank!,
        work: labels.get(e.row.contentId)?.title ?? '',
        author: labels.get(e.row.contentId)?.authorName ?? '',
        score: e.numbers.score,
      }));
    const zh = noticeTexts(a, ranking, 'zh-CN');
    const en = noticeTexts(a, ranking, 'en-US');
    const notice = await publishNotice(tx, { ...zh, publishedAt: now, translations: { 'en-US': en } });
    const link = `/activity/detail?id=${a.id}`;
    for (const e of ranked) {
      const work = labels.get(e.row.contentId)?.title ?? '';
      const paramsIn = (l: MessageLanguage) => {
        const activity = l === 'zh-CN' ? a.titleZh : a.titleEn;
        if (e.rank === null) return { activity, work, reason: e.row.reason ?? '' };
        const prize = prizeOf(a.prizes, e.rank, l);
        return {
          activity,
          work,
          rank: e.rank,
          prize: prize
            ? renderMessage({ code: 'ACTIVITY_PRIZE_WON', params: { prize } }, l)
            : renderMessage('ACTIVITY_NO_PRIZE', l),
        };
      };
      const kind = e.rank === null ? 'activity_disqualified' : 'activity_result';
      const en = renderMessageKind(kind, paramsIn('en-US'), 'en-US')!;
      const msg = kindMessage(
        kind,
        { ...paramsIn('zh-CN'), translations: { 'en-US': en } },
        link,
        MsgGroup.SYSTEM,
      );
      await sendSystemMessage(tx, { userId: e.row.userId, ...msg, createdAt: now });
    }
    const done = await repo.updateActivityIn(tx, a.id, 'closed', {
      state: 'announced',
      announcedAt: now,
      noticeId: notice.id,
    });
    if (!done) throw stateConflict(a.state, 'announce');
  });
  return opsDetail(db, id, lang, tz);
}
