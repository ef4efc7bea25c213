import { randomBytes } from 'node:crypto';
import {
  checkLiveStartAt,
  LIVE_REMINDER_MINUTES,
  type LiveDetail,
  type LiveResetKeyResult,
  type LiveState,
  type LiveStateParam,
  type LiveStateResult,
  type MessageLanguage,
  type MessageRef,
  type SaveLiveParam,
  type SaveLiveResult,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  checkOwnImages,
  type ContentRow,
  findContentItemById,
  findOwnContentItem,
  type PublishDeps,
  rejectReasonIn,
  rejectRuleRefOf,
  reviewContent,
  saveWork,
  updateContentItem,
  WORK_TYPE_NAMES,
} from '../content/content.service.js';
import { messageTemplates, sendSystemMessage } from '../message/message.service.js';
import { getVideoDetail } from '../video/video.service.js';
import * as repo from './live.repo.js';

/**
 * Live shows (issue #10 "Live shows", API.md §13, docs/api.md "Live shows"): a `contents` row of type `live`
 * (title, cover, review status; saved with `saveWork`) plus its `lives` row (start time, description, state,
 * stream key, replay, reminder). Every save is reviewed at once, like "publish now": the title rule and the
 * sensitive words on title and description; a held word leaves it `reviewing`. The state goes upcoming → live →
 * ended by the author only. Another author's show answers 10006, never 10005.
 */

/** How many shows one run of the reminder job handles at most (the window is 15 minutes wide). */
const REMINDER_BATCH = 500;

/** The push address of an RTMP ingest at `host` (`host[:port]`): `rtmp://<host>/live`; the key goes separately. */
export function pushUrlOf(host: string): string {
  return `rtmp://${host}/live`;
}

/** A new stream key: 18 random bytes, base64url (24 characters). */
export function newStreamKey(): string {
  return randomBytes(18).toString('base64url');
}

const STATE_NAMES: Readonly<Record<LiveState, MessageRef>> = {
  upcoming: { code: 'LIVE_STATE_UPCOMING' },
  live: { code: 'LIVE_STATE_LIVE' },
  ended: { code: 'LIVE_STATE_ENDED' },
};

const notFound = () =>
  new AppError('NOT_FOUND', { code: 'WORK_NOT_FOUND', params: { type: WORK_TYPE_NAMES.live } });

/**
 * The author's live show, its `contents` row and its `lives` row locked for the transaction.
 * @throws NOT_FOUND (10006) for a missing, another author's or a non-live id; CONFLICT (10008) WORK_DELETED for
 *   a deleted show
 */
async function lockOwnLive(
  tx: Db,
  userId: number,
  id: number,
): Promise<{ row: ContentRow; live: repo.LiveRow }> {
  const row = await findOwnContentItem(tx, userId, id);
  if (!row || row.type !== 'live') throw notFound();
  if (row.status === 'deleted')
    throw new AppError('CONFLICT', { code: 'WORK_DELETED', params: { type: WORK_TYPE_NAMES.live } });
  const live = await repo.findLiveForUpdate(tx, id);
  if (!live) throw notFound();
  return { row, live };
}

/**
 * `POST /api/live/save` (API.md §13): schedules a live show (no id) or edits the author's upcoming one.
 * - `startAt` after `now` and at most 30 days ahead (10007 on `startAt`: LIVE_START_PAST, LIVE_START_TOO_FAR,
 *   LIVE_START_INVALID); `coverUrl` an image the author uploaded (10007 IMAGE_NOT_YOURS on `coverUrl`)
 * - reviewed on every save, in the same transaction (`saveWork` with publishType 1, `reviewContent` on title and
 *   description): the show ends `published`, `rejected` (reason named) or `reviewing` (held for an operator),
 *   with its group-8 message
 * - a new show gets a random stream key; an edit keeps it, and a changed start time re-arms the reminder
 * - `requestId` (extension): a create repeated with the same key answers the first one and writes nothing
 * @param pushHost `host[:port]` of the push address (config `LIVE_PUSH_HOST`, else the request's host name)
 * @param now the clock (tests inject one)
 * @returns `{ id, state, pushUrl, streamKey }` — `state` is `upcoming` (a replayed create answers the show as it is)
 * @throws NOT_FOUND (10006) for another author's, a missing or a non-live id; CONFLICT (10008) WORK_DELETED for a
 *   deleted show, LIVE_NOT_EDITABLE once it went live or ended; VALIDATION_FAILED (10007) as above
 */
export async function saveLive(
  db: Db,
  userId: number,
  param: SaveLiveParam,
  pushHost: string,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<SaveLiveResult> {
  const title = param.title.trim();
  const description = param.description;
  const broken = checkLiveStartAt(param.startAt, now);
  if (broken) throw AppError.rule('startAt', broken);
  const startAt = new Date(param.startAt);
  return db.transaction(async (tx) => {
    let live: repo.LiveRow | undefined;
    if (param.id !== undefined) {
      live = (await lockOwnLive(tx, userId, param.id)).live;
      if (live.state !== 'upcoming')
        throw new AppError('CONFLICT', {
          code: 'LIVE_NOT_EDITABLE',
          params: { state: STATE_NAMES[live.state] },
        });
    }
    await checkOwnImages(tx, userId, [['coverUrl', param.coverUrl]]);
    const saved = await saveWork(
      tx,
      userId,
      {
        type: 'live',
        id: param.id,
        requestId: param.requestId,
        publishType: 1,
        title,
        content: description,
        coverUrls: [param.coverUrl],
        carSeriesIds: [],
        topicId: null,
        review: () => reviewContent({ title, text: description }),
      },
      deps,
      now,
    );
    const id = saved.row.id;
    if (saved.replayed) {
      const earlier = await repo.findLive(tx, id);
      if (!earlier) throw notFound();
      return { id, state: earlier.state, pushUrl: pushUrlOf(pushHost), streamKey: earlier.streamKey };
    }
    const fields = { startAt, description };
    const stored = live
      ? await repo.updateLive(tx, id, {
          ...fields,
          // a new time gets its own reminder
          remindedAt: live.startAt.getTime() === startAt.getTime() ? live.remindedAt : null,
        })
      : await repo.insertLive(tx, { contentId: id, ...fields, state: 'upcoming', streamKey: newStreamKey() });
    return { id, state: stored.state, pushUrl: pushUrlOf(pushHost), streamKey: stored.streamKey };
  });
}

/**
 * Checks that `videoId` can be a replay: one of the author's `video` works, not deleted, whose upload is ready.
 * @throws VALIDATION_FAILED (10007) LIVE_REPLAY_INVALID on `replayVideoId`
 */
async function checkReplay(tx: Db, userId: number, videoId: number): Promise<void> {
  const invalid = () => AppError.rule('replayVideoId', { code: 'LIVE_REPLAY_INVALID' });
  try {
    const video = await getVideoDetail(tx, userId, videoId, 'zh-CN');
    if (video.use !== 'video' || video.uploadState !== 'ready') throw invalid();
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw invalid();
    throw err;
  }
}

/**
 * `POST /api/live/state` (API.md §13): the author moves the show upcoming → live → ended, nothing else.
 * - `live`: only from `upcoming`, and only once the review passed (`published`): a `rejected` or `reviewing` show
 *   cannot go live (10008); `startedAt` = now
 * - `ended`: only from `live` (`endedAt` = now), optionally with `replayVideoId`; on an `ended` show, `ended` with a
 *   `replayVideoId` attaches or replaces the replay (without one it is the illegal ended → ended)
 * - `replayVideoId`: one of the author's own videos (type `video`, not deleted, upload ready), else 10007 on
 *   `replayVideoId`; with `state: live` it is 10007 LIVE_REPLAY_NOT_ENDED
 * @returns `{ id, state }` as stored
 * @throws NOT_FOUND (10006) as `live/save`; CONFLICT (10008) LIVE_STATE_ILLEGAL naming both states,
 *   LIVE_REJECTED_NO_START, LIVE_REVIEWING_NO_START, WORK_DELETED; VALIDATION_FAILED (10007) as above
 */
export async function changeLiveState(
  db: Db,
  userId: number,
  param: LiveStateParam,
  now = new Date(),
): Promise<LiveStateResult> {
  return db.transaction(async (tx) => {
    const { row, live } = await lockOwnLive(tx, userId, param.id);
    const from = live.state;
    const to = param.state;
    const illegal = () =>
      new AppError('CONFLICT', {
        code: 'LIVE_STATE_ILLEGAL',
        params: { from: STATE_NAMES[from], to: STATE_NAMES[to] },
      });
    let patch: Partial<repo.NewLiveRow>;
    if (to === 'live') {
      if (param.replayVideoId !== undefined)
        throw AppError.rule('replayVideoId', { code: 'LIVE_REPLAY_NOT_ENDED' });
      if (from !== 'upcoming') throw illegal();
      if (row.status === 'rejected') throw new AppError('CONFLICT', 'LIVE_REJECTED_NO_START');
      if (row.status !== 'published') throw new AppError('CONFLICT', 'LIVE_REVIEWING_NO_START');
      patch = { state: 'live', startedAt: now };
    } else {
      if (from === 'upcoming' || (from === 'ended' && param.replayVideoId === undefined)) throw illegal();
      if (param.replayVideoId !== undefined) await checkReplay(tx, userId, param.replayVideoId);
      patch = {
        ...(from === 'live' ? { state: 'ended' as const, endedAt: now } : {}),
        ...(param.replayVideoId !== undefined ? { replayVideoId: param.replayVideoId } : {}),
      };
    }
    const stored = await repo.updateLive(tx, live.contentId, patch);
    await updateContentItem(tx, row.id, { updatedAt: now });
    return { id: row.id, state: stored.state };
  });
}

/**
 * `POST /api/live/reset_key { id }` (extension, docs/api.md "Live shows"): a new random stream key for an upcoming
 * or live show; the old key stops being the show's at once (an encoder pushing with it must be given the new one).
 * @returns `{ streamKey, pushUrl }`
 * @throws NOT_FOUND (10006) as `live/save`; CONFLICT (10008) LIVE_KEY_ENDED for an ended show, WORK_DELETED
 */
export async function resetStreamKey(
  db: Db,
  userId: number,
  id: number,
  pushHost: string,
): Promise<LiveResetKeyResult> {
  return db.transaction(async (tx) => {
    const { live } = await lockOwnLive(tx, userId, id);
    if (live.state === 'ended') throw new AppError('CONFLICT', 'LIVE_KEY_ENDED');
    const stored = await repo.updateLive(tx, id, { streamKey: newStreamKey() });
    return { streamKey: stored.streamKey, pushUrl: pushUrlOf(pushHost) };
  });
}

/**
 * `GET /api/live/detail { id }` (extension): what the author's live page shows — the show, its review status and
 * reason (in `lang`), push address and stream key, state and its times, and the replay (`{ id, title }`, null when
 * none or when that video was deleted since).
 * @throws NOT_FOUND (10006) for another author's, a missing, a deleted or a non-live id
 */
export async function getLiveDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
  pushHost: string,
): Promise<LiveDetail> {
  const row = await findOwnContentItem(db, userId, id);
  if (!row || row.type !== 'live' || row.status === 'deleted') throw notFound();
  const live = await repo.findLive(db, id);
  if (!live) throw notFound();
  const replayRow =
    live.replayVideoId !== null ? await findOwnContentItem(db, userId, live.replayVideoId) : undefined;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    coverUrl: row.coverUrls[0] ?? null,
    startAt: live.startAt.toISOString(),
    description: live.description,
    state: live.state,
    status: row.status,
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
    pushUrl: pushUrlOf(pushHost),
    streamKey: live.streamKey,
    replay: replayRow && replayRow.status !== 'deleted' ? { id: replayRow.id, title: replayRow.title } : null,
    startedAt: iso(live.startedAt),
    endedAt: iso(live.endedAt),
    remindedAt: iso(live.remindedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The live reminder (issue #10 "a reminder message before the start"; job `live-reminder`, every minute): every
 * upcoming show starting within `LIVE_REMINDER_MINUTES` (15) minutes of `now` that was not reminded yet, and whose
 * review passed (`published`; a held or rejected show is looked at again next minute), gets one `live_reminder`
 * message (params `{ id, title, minutes }`, minutes rounded up) and `reminded_at` = now, in one transaction.
 * Rows are claimed with `FOR UPDATE SKIP LOCKED` and marked with a conditional update, so two servers running the
 * job at once never remind twice. A show whose start already passed gets no reminder (it would be late).
 * @param now the clock (tests pass one)
 * @returns how many reminders were sent
 */
export async function sendLiveReminders(
  db: Db,
  now = new Date(),
  deps: PublishDeps = { sendMessage: sendSystemMessage },
): Promise<number> {
  const until = new Date(now.getTime() + LIVE_REMINDER_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const live of await repo.lockDueReminders(tx, now, until, REMINDER_BATCH)) {
      const row = await findContentItemById(tx, live.contentId);
      if (!row || row.status !== 'published') continue;
      if (!(await repo.markReminded(tx, live.contentId, now))) continue;
      const minutes = Math.max(1, Math.ceil((live.startAt.getTime() - now.getTime()) / 60_000));
      await deps.sendMessage(tx, {
        userId: row.userId,
        ...messageTemplates.liveReminder(row.id, row.title, minutes),
      });
      sent += 1;
    }
    return sent;
  });
}
