import {
  applyCreditDelta,
  type AppealState,
  type ContentType,
  CREDIT_DELTAS,
  CREDIT_MAX,
  CREDIT_RECENT_ENTRIES,
  CREDIT_UPLOAD_BONUS_INTERVAL_HOURS,
  CREDIT_UPLOAD_TYPES,
  CREDIT_VIOLATION_RULES,
  type CreditAppealParam,
  type CreditAppealResult,
  type CreditEntry,
  type CreditLedgerParam,
  type CreditReason,
  type CreditScore,
  creditThresholdStatus,
  type ListData,
  type MessageLanguage,
  type MessageRef,
  MsgGroup,
  type OpsAppealItem,
  type OpsAppealListParam,
  type OpsDecideAppealParam,
  type OpsDecideAppealResult,
  renderStoredMessage,
  ruleRefOfMessage,
} from '@cc/contracts';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readAppealQueue } from '../../read-models/credit-appeals.js';
import { kindMessage, sendSystemMessage } from '../message/message.service.js';
import * as repo from './credit.repo.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/**
 * The credit score (issue #14 "Credit score"; Bilibili 信用分): starts at 100, moderation deductions with the rule
 * and the work, recovery per clean week, appeals decided by operators, thresholds that restrict.
 * Other modules reach the score only through this file.
 *
 * Every change goes through `applyChange`: the author's score row locked (`FOR UPDATE`), one ledger entry with the
 * delta as applied after the 0…100 clamp and an idempotency key unique per author, the new score — in the caller's
 * transaction. So the score is always the replay of the ledger from 100, and a repeated event changes nothing.
 */

/** Where the author's messages of this area link: the credit score page. */
export const CREDIT_PAGE = '/growUp/creditScore';

/**
 * The author's credit score now, 0…100 (100 for an author with no ledger entry).
 * @throws nothing for an unknown user (100)
 */
export async function getCreditScore(db: Db, userId: number): Promise<number> {
  return (await repo.scoreOf(db, userId)) ?? CREDIT_MAX;
}

/** One change of a score: the nominal delta (clamped when applied), why, the key and what it is about. */
interface Change {
  userId: number;
  delta: number;
  reason: CreditReason;
  /** idempotency key, unique per author (e.g. `violation:12:publish-prohibited#prohibited-words`) */
  key: string;
  work?: { id: number; type: ContentType; title: string } | null;
  ruleRef?: string | null;
  detail?: MessageRef | null;
  restoresEntryId?: number;
  operatorId?: number;
  now: Date;
}

/**
 * Applies one change in the caller's transaction: locks the author's score row (creating it at 100), appends the
 * entry with the clamped delta and the score after it, writes the score.
 * @returns the entry and the new score; `repeated` (and no change) when the author already has an entry with `key`
 */
async function applyChange(
  tx: Db,
  change: Change,
): Promise<{ entry: repo.CreditEntryRow | null; score: number; repeated: boolean }> {
  const before = await repo.lockScore(tx, change.userId, CREDIT_MAX, change.now);
  const { score, applied } = applyCreditDelta(before, change.delta);
  const entry = await repo.insertEntry(tx, {
    userId: change.userId,
    delta: applied,
    scoreAfter: score,
    reason: change.reason,
    contentId: change.work?.id ?? null,
    contentType: change.work?.type ?? null,
    contentTitle: change.work?.title ?? null,
    ruleRef: change.ruleRef ?? null,
    detail: change.detail ?? null,
    restoresEntryId: change.restoresEntryId ?? null,
    operatorId: change.operatorId ?? null,
    key: change.key,
    createdAt: change.now,
  });
  if (!entry) return { entry: null, score: before, repeated: true };
  if (score !== before) await repo.setScore(tx, change.userId, score, change.now);
  return { entry, score, repeated: false };
}

/** A review's outcome as the content module has it (`ReviewResult`): status, the broken rule's code, the reason. */
export interface ModerationReview {
  status: 'published' | 'rejected' | 'reviewing';
  /** `SENSITIVE_WORD`, `OPERATOR`, `TITLE_LENGTH`, … (null when published) */
  rule: string | null;
  /** the refusal as a catalog message (null when published) */
  reason: MessageRef | null;
}

/** What `recordModerationResult` did: nothing, a deduction or a bonus (points as applied), and the score. */
export type ModerationCredit =
  { kind: 'none' } | { kind: 'violation' | 'approved_upload'; delta: number; score: number; entryId: number };

/**
 * The credit side of a review's outcome (issue #14 "deductions from moderation results"), called by every path
 * that decides a work — the automatic review at publish/submit and at a scheduled time, and an operator's decision
 * on a held work — in THE SAME transaction as the outcome:
 * - `rejected` for a violation (`CREDIT_VIOLATION_RULES`: a prohibited word, an operator's refusal): −5
 *   (`CREDIT_DELTAS.violation`, never below 0), the entry naming the work (title at the time) and the rule
 *   (`ruleRefOfMessage` of the reason, `slug#section`); once per work and rule (key
 *   `violation:<work>:<rule>`), so reviewing the same work again for the same rule does not deduct twice; the
 *   author gets a `credit_deducted` message linking to the credit score page;
 * - `published` for a work of `CREDIT_UPLOAD_TYPES` while the score is below 100: +3
 *   (`CREDIT_DELTAS.approvedUpload`, capped at 100), once per work (key `approved_upload:<work>`) and at most once
 *   per `CREDIT_UPLOAD_BONUS_INTERVAL_HOURS` hours;
 * - anything else (held, refused for a form rule such as a title length): nothing.
 * @param tx the transaction that writes the outcome
 * @returns what changed
 */
export async function recordModerationResult(
  tx: Db,
  input: {
    userId: number;
    contentId: number;
    contentType: ContentType;
    /** the work's title at the time */
    title: string;
    review: ModerationReview;
    now?: Date;
  },
): Promise<ModerationCredit> {
  const now = input.now ?? new Date();
  const { review } = input;
  const work = { id: input.contentId, type: input.contentType, title: input.title };
  if (review.status === 'rejected' && isViolation(review.rule)) {
    const ruleRef = ruleRefOfMessage(review.reason) ?? null;
    const result = await applyChange(tx, {
      userId: input.userId,
      delta: CREDIT_DELTAS.violation,
      reason: 'violation',
      key: `violation:${input.contentId}:${ruleRef ?? review.rule}`,
      work,
      ruleRef,
      detail: review.reason,
      now,
    });
    if (!result.entry) return { kind: 'none' };
    await sendSystemMessage(tx, {
      userId: input.userId,
      ...kindMessage(
        'credit_deducted',
        {
          entryId: result.entry.id,
          id: input.contentId,
          title: input.title,
          points: -result.entry.delta,
          score: result.score,
          reason: review.reason ?? '',
          ...(ruleRef ? { ruleRef } : {}),
        },
        CREDIT_PAGE,
        MsgGroup.SYSTEM,
      ),
      // no `createdAt`: stamped like the review's own message (the database's now), which follows it
    });
    return { kind: 'violation', delta: result.entry.delta, score: result.score, entryId: result.entry.id };
  }
  if (
    review.status === 'published' &&
    (CREDIT_UPLOAD_TYPES as readonly string[]).includes(input.contentType)
  ) {
    // at the top nothing can be added: no lock, no row
    if ((await repo.scoreOf(tx, input.userId)) === null) return { kind: 'none' };
    const before = await repo.lockScore(tx, input.userId, CREDIT_MAX, now);
    if (before >= CREDIT_MAX) return { kind: 'none' };
    const since = dayjs(now).subtract(CREDIT_UPLOAD_BONUS_INTERVAL_HOURS, 'hour').toDate();
    if (await repo.uploadBonusGiven(tx, input.userId, input.contentId, since)) return { kind: 'none' };
    const result = await applyChange(tx, {
      userId: input.userId,
      delta: CREDIT_DELTAS.approvedUpload,
      reason: 'approved_upload',
      key: `approved_upload:${input.contentId}`,
      work,
      now,
    });
    if (!result.entry) return { kind: 'none' };
    return {
      kind: 'approved_upload',
      delta: result.entry.delta,
      score: result.score,
      entryId: result.entry.id,
    };
  }
  return { kind: 'none' };
}

function isViolation(rule: string | null): boolean {
  return rule !== null && (CREDIT_VIOLATION_RULES as readonly string[]).includes(rule);
}

/** The catalog name of an appeal state, as a 10008 `state` param. */
const appealStateRef = (state: AppealState): MessageRef =>
  ({ code: `CREDIT_APPEAL_STATE_${state.toUpperCase()}` }) as MessageRef;
/** The catalog name of an entry's reason. */
const reasonRef = (reason: CreditReason): MessageRef =>
  ({ code: `CREDIT_REASON_${reason.toUpperCase()}` }) as MessageRef;

/** Whether an entry can be appealed at all: deductions for violations (never recoveries, bonuses, restorations). */
const isAppealable = (entry: repo.CreditEntryRow) => entry.reason === 'violation';

function workOf(entry: repo.CreditEntryRow): CreditEntry['work'] {
  return entry.contentId !== null && entry.contentType !== null
    ? { id: entry.contentId, type: entry.contentType, title: entry.contentTitle ?? '' }
    : null;
}

function toAppeal(row: repo.CreditAppealRow): NonNullable<CreditEntry['appeal']> {
  return {
    id: row.id,
    state: row.state,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function toEntry(row: repo.EntryWithAppeal, lang: MessageLanguage): CreditEntry {
  const { entry, appeal } = row;
  return {
    id: entry.id,
    delta: entry.delta,
    scoreAfter: entry.scoreAfter,
    reason: entry.reason,
    work: workOf(entry),
    ruleRef: entry.ruleRef,
    detail: renderStoredMessage(entry.detail, lang),
    createdAt: entry.createdAt.toISOString(),
    appeal: appeal ? toAppeal(appeal) : null,
    appealable: isAppealable(entry) && !appeal,
  };
}

/**
 * `GET /api/credit/score {}` (issue #14 "thresholds … shown before the author meets them"): the score, the rules'
 * points, each threshold with whether it applies and how far away it is (`creditThresholdStatus`), the appeals
 * waiting and the last `CREDIT_RECENT_ENTRIES` changes (texts in `lang`).
 */
export async function getCreditSummary(db: Db, userId: number, lang: MessageLanguage): Promise<CreditScore> {
  const [score, recent, pendingAppeals] = await Promise.all([
    getCreditScore(db, userId),
    repo.listEntries(db, userId, CREDIT_RECENT_ENTRIES, 0),
    repo.countAppeals(db, userId, 'pending'),
  ]);
  return {
    score,
    max: CREDIT_MAX,
    deltas: { ...CREDIT_DELTAS },
    thresholds: creditThresholdStatus(score),
    pendingAppeals,
    recent: recent.rows.map((r) => toEntry(r, lang)),
  };
}

/** `GET /api/credit/ledger { page, pageSize }`: the author's entries, newest first, with work, rule and appeal. */
export async function listCreditLedger(
  db: Db,
  userId: number,
  param: CreditLedgerParam,
  lang: MessageLanguage,
): Promise<ListData<CreditEntry>> {
  const { rows, total } = await repo.listEntries(
    db,
    userId,
    param.pageSize,
    (param.page - 1) * param.pageSize,
  );
  return { list: rows.map((r) => toEntry(r, lang)), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `POST /api/credit/appeal { entryId, reason }` (issue #14 "appeals decided by an operator"): the author appeals
 * one of their deductions; the appeal waits as `pending`. One appeal per entry, ever (a dismissed appeal is final).
 * @param param validated by `creditAppealParamSchema` (reason 10–500 characters, trimmed)
 * @throws NOT_FOUND (10006, CREDIT_ENTRY_NOT_FOUND) for a missing or another author's entry; CONFLICT (10008)
 *   CREDIT_APPEAL_ONLY_DEDUCTIONS naming the entry's kind for anything but a deduction, CREDIT_APPEAL_EXISTS naming
 *   the existing appeal's state for a second appeal
 */
export async function appealCreditEntry(
  db: Db,
  userId: number,
  param: CreditAppealParam,
  now = new Date(),
): Promise<CreditAppealResult> {
  return db.transaction(async (tx) => {
    const entry = await repo.entryById(tx, param.entryId);
    if (!entry || entry.userId !== userId) throw new AppError('NOT_FOUND', 'CREDIT_ENTRY_NOT_FOUND');
    if (!isAppealable(entry))
      throw new AppError('CONFLICT', {
        code: 'CREDIT_APPEAL_ONLY_DEDUCTIONS',
        params: { state: reasonRef(entry.reason) },
      });
    const appeal = await repo.insertAppeal(tx, {
      entryId: entry.id,
      userId,
      reason: param.reason,
      state: 'pending',
      createdAt: now,
    });
    if (!appeal) {
      const existing = await repo.appealOfEntry(tx, entry.id);
      throw new AppError('CONFLICT', {
        code: 'CREDIT_APPEAL_EXISTS',
        params: { state: appealStateRef(existing?.state ?? 'pending') },
      });
    }
    return { ...toAppeal(appeal), entryId: entry.id };
  });
}

/**
 * `GET /api/ops/credit/appeal_list { state, page, pageSize }` (operators): appeals in `state`, oldest first, each
 * with the author, the deduction (work, rule, points, the review's reason in `lang`) and the author's score.
 */
export async function listAppeals(
  db: Db,
  param: OpsAppealListParam,
  lang: MessageLanguage,
): Promise<ListData<OpsAppealItem>> {
  const { rows, total } = await readAppealQueue(db, {
    state: param.state,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return {
    list: rows.map((r) => ({
      ...toAppeal(r.appeal),
      author: r.author,
      score: r.score ?? CREDIT_MAX,
      entry: {
        id: r.entry.id,
        delta: r.entry.delta,
        reason: r.entry.reason,
        work: workOf(r.entry),
        ruleRef: r.entry.ruleRef,
        detail: renderStoredMessage(r.entry.detail, lang),
        createdAt: r.entry.createdAt.toISOString(),
      },
      operatorName: r.operatorName,
    })),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}

/**
 * `POST /api/ops/credit/decide_appeal { appealId, decision, note }` (operators): `uphold` restores the deducted
 * points (an `appeal_upheld` entry, capped at 100, keyed by the appeal so it happens once), `dismiss` leaves the
 * score; either way the author gets a message with the note. The appeal row is locked: two operators deciding at
 * once decide once.
 * @returns the appeal's new state, the points restored (0 when dismissed) and the author's score
 * @throws NOT_FOUND (10006, CREDIT_APPEAL_NOT_FOUND); CONFLICT (10008, CREDIT_APPEAL_DECIDED naming the state) when
 *   already decided
 */
export async function decideAppeal(
  db: Db,
  operatorId: number,
  param: OpsDecideAppealParam,
  now = new Date(),
): Promise<OpsDecideAppealResult> {
  return db.transaction(async (tx) => {
    const appeal = await repo.appealForUpdate(tx, param.appealId);
    if (!appeal) throw new AppError('NOT_FOUND', 'CREDIT_APPEAL_NOT_FOUND');
    if (appeal.state !== 'pending')
      throw new AppError('CONFLICT', {
        code: 'CREDIT_APPEAL_DECIDED',
        params: { state: appealStateRef(appeal.state) },
      });
    const entry = (await repo.entryById(tx, appeal.entryId))!;
    const state: AppealState = param.decision === 'uphold' ? 'upheld' : 'dismissed';
    await repo.decideAppeal(tx, appeal.id, { state, operatorId, note: param.note, decidedAt: now });
    let restored = 0;
    let score: number;
    if (state === 'upheld') {
      const result = await applyChange(tx, {
        userId: appeal.userId,
        delta: -entry.delta,
        reason: 'appeal_upheld',
        key: `appeal_upheld:${appeal.id}`,
        work: workOf(entry),
        ruleRef: entry.ruleRef,
        detail: entry.detail,
        restoresEntryId: entry.id,
        now,
      });
      restored = result.entry?.delta ?? 0;
      score = result.score;
    } else score = await getCreditScore(tx, appeal.userId);
    const title = entry.contentTitle ?? '';
    await sendSystemMessage(tx, {
      userId: appeal.userId,
      ...kindMessage(
        state === 'upheld' ? 'credit_appeal_upheld' : 'credit_appeal_dismissed',
        { appealId: appeal.id, entryId: entry.id, title, points: restored, score, note: param.note },
        CREDIT_PAGE,
        MsgGroup.SYSTEM,
      ),
      createdAt: now,
    });
    return { id: appeal.id, state, restored, score };
  });
}

/**
 * The week a clean-week recovery run at `now` is for: the last complete ISO week (Monday–Sunday) in `reportTz`.
 * @returns `week` its Monday (`YYYY-MM-DD`), `from` the instant it started
 */
export function closedWeek(now: Date, reportTz: string): { week: string; from: Date } {
  const monday = dayjs(now).tz(reportTz).startOf('isoWeek').subtract(1, 'week');
  return { week: monday.format('YYYY-MM-DD'), from: monday.toDate() };
}

/**
 * The weekly recovery (issue #14 "recovery per clean week by a job"; Bilibili +1 per clean week), run by the
 * `credit-clean-week` job on Mondays 00:30 REPORT_TZ: every author below 100 with no standing deduction (one not
 * restored by an upheld appeal) from the start of the week just closed until `now` gets +1 (`CREDIT_DELTAS.cleanWeek`,
 * capped at 100), keyed `clean_week:<Monday>` — a repeated or late run gives nothing twice. One query finds the
 * candidates; each author changes in its own transaction, re-checked under the score lock.
 * @returns the week (its Monday) and how many authors recovered
 */
export async function recoverCleanWeek(
  db: Db,
  now: Date,
  reportTz: string,
): Promise<{ week: string; recovered: number }> {
  const { week, from } = closedWeek(now, reportTz);
  const candidates = await repo.cleanWeekCandidates(db, CREDIT_MAX, from, now);
  let recovered = 0;
  for (const userId of candidates) {
    const done = await db.transaction(async (tx) => {
      const before = await repo.lockScore(tx, userId, CREDIT_MAX, now);
      if (before >= CREDIT_MAX) return false;
      if (await repo.hasStandingDeduction(tx, userId, from, now)) return false;
      const result = await applyChange(tx, {
        userId,
        delta: CREDIT_DELTAS.cleanWeek,
        reason: 'clean_week',
        key: `clean_week:${week}`,
        now,
      });
      return !result.repeated;
    });
    if (done) recovered += 1;
  }
  return { week, recovered };
}
