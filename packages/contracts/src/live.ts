import { z } from 'zod';
import { contentStatuses } from './schemas.js';
import { isoTimeSchema, idSchema } from './types.js';
import { LIVE_STATES } from './works.js';

/**
 * Live shows (issue #10 "Live shows", API.md §13): the extensions of docs/api.md "Live shows" beside the
 * §13 schemas of works.ts (`saveLiveParamSchema`, `liveStateParamSchema` and their results), and the start-time
 * rule the page's picker and the server both check.
 */

/** How far ahead a live show may be scheduled, days (API.md §13 "30 days", as every schedule). */
export const LIVE_START_MAX_DAYS = 30;
/** How long before its start the author is reminded, minutes (issue #10 "a reminder message before the start"). */
export const LIVE_REMINDER_MINUTES = 15;

/** A broken start-time rule: the catalog code and its params. */
export type LiveStartViolation =
  | { code: 'LIVE_START_INVALID' }
  | { code: 'LIVE_START_PAST' }
  | { code: 'LIVE_START_TOO_FAR'; params: { days: number } };

/**
 * Checks a live show's start time against `now` (API.md §13 `live/save`): a valid ISO 8601 time, after `now`,
 * at most `LIVE_START_MAX_DAYS` days after it (the bound included).
 * @param startAt ISO 8601
 * @returns the broken rule (LIVE_START_INVALID, LIVE_START_PAST, LIVE_START_TOO_FAR), or null
 */
export function checkLiveStartAt(startAt: string | undefined, now: Date): LiveStartViolation | null {
  const at = startAt ? new Date(startAt) : null;
  if (!at || Number.isNaN(at.getTime())) return { code: 'LIVE_START_INVALID' };
  const ahead = at.getTime() - now.getTime();
  if (ahead <= 0) return { code: 'LIVE_START_PAST' };
  if (ahead > LIVE_START_MAX_DAYS * 86_400_000)
    return { code: 'LIVE_START_TOO_FAR', params: { days: LIVE_START_MAX_DAYS } };
  return null;
}

/** `POST /api/live/reset_key { id }` (extension) → a new stream key; the old one stops working. */
export const liveResetKeyResultSchema = z.strictObject({
  streamKey: z.string(),
  pushUrl: z.string(),
});
export type LiveResetKeyResult = z.infer<typeof liveResetKeyResultSchema>;

/** `GET /api/live/detail { id }` → everything the author's live page shows (extension, docs/api.md "Live shows"). */
export const liveDetailSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  coverUrl: z.string().nullable(),
  /** when the show is to start (ISO 8601) */
  startAt: isoTimeSchema,
  description: z.string(),
  state: z.enum(LIVE_STATES),
  /** the review's outcome of the show's `contents` row: only `published` may go live */
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule a rejection applies, `slug#section` (`ruleHref`); null unless rejected */
  rejectRuleRef: z.string().nullable().optional(),
  /** `rtmp://<LIVE_PUSH_HOST>/live`: the address an encoder pushes to, with `streamKey` */
  pushUrl: z.string(),
  streamKey: z.string(),
  /** the author's video attached as the replay once ended; null when none (or deleted since) */
  replay: z.strictObject({ id: idSchema, title: z.string() }).nullable(),
  startedAt: isoTimeSchema.nullable(),
  endedAt: isoTimeSchema.nullable(),
  /** when the reminder message was sent; null until then */
  remindedAt: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema,
});
export type LiveDetail = z.infer<typeof liveDetailSchema>;
