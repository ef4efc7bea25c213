import {
  TRACKING_MAX_AGE_HOURS,
  TRACKING_RATE_PER_HOUR,
  TRACKING_RETENTION_DAYS,
  TRACKING_USAGE_DEFAULT_DAYS,
  TRACKING_USAGE_MAX_DAYS,
  type TrackingBatchResult,
  type TrackingEventInput,
  type TrackingSettings,
  type TrackingUsage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './tracking.repo.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far ahead of the server's clock a client's event time may be (clock skew). */
const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Stores a batch of an author's tracking events (issue #15 "Tracking points"; docs/api.md "Tracking points"), in one
 * transaction. Dropped, not stored (counted in `dropped`): every event when the author opted out (the server honours
 * the setting whatever the client does); an event whose time is more than `TRACKING_MAX_AGE_HOURS` old or 5 minutes
 * ahead of `now`; events beyond `TRACKING_RATE_PER_HOUR` stored in the last hour. An event id the author already
 * sent is a duplicate (idempotency: a batch sent again by fetch and by beacon is stored once).
 * @param events validated by `trackingBatchParamSchema` (1–50)
 * @param now the server's time
 */
export async function recordBatch(
  db: Db,
  userId: number,
  events: readonly TrackingEventInput[],
  now: Date,
): Promise<TrackingBatchResult> {
  return db.transaction(async (tx) => {
    const settings = await repo.findSettings(tx, userId);
    if (settings?.optOut) {
      return { accepted: 0, duplicates: 0, dropped: events.length, optedOut: true };
    }
    const oldest = now.getTime() - TRACKING_MAX_AGE_HOURS * HOUR_MS;
    const newest = now.getTime() + FUTURE_SKEW_MS;
    // one row per client id within the batch too
    const seen = new Set<string>();
    let dropped = 0;
    let inBatchDuplicates = 0;
    const rows: repo.TrackingEventRow[] = [];
    for (const e of events) {
      if (seen.has(e.id)) {
        inBatchDuplicates++;
        continue;
      }
      seen.add(e.id);
      const at = new Date(e.at);
      if (at.getTime() < oldest || at.getTime() > newest) {
        dropped++;
        continue;
      }
      rows.push({
        userId,
        clientId: e.id,
        kind: e.kind,
        action: e.kind === 'action' ? (e.action ?? null) : null,
        pageTitle: e.pageTitle,
        contentTitle: e.contentTitle || null,
        region: e.region,
        path: e.path,
        occurredAt: at,
        receivedAt: now,
      });
    }
    const room = Math.max(
      0,
      TRACKING_RATE_PER_HOUR - (await repo.countReceivedSince(tx, userId, new Date(now.getTime() - HOUR_MS))),
    );
    if (rows.length > room) {
      dropped += rows.length - room;
      rows.length = room;
    }
    const accepted = await repo.insertEvents(tx, rows);
    return {
      accepted,
      duplicates: inBatchDuplicates + (rows.length - accepted),
      dropped,
      optedOut: false,
    };
  });
}

/** The author's "do not record my usage" (issue #15); `optOut` false when never set. */
export async function getSettings(db: Db, userId: number): Promise<TrackingSettings> {
  const row = await repo.findSettings(db, userId);
  return { optOut: row?.optOut ?? false, updatedAt: row ? row.updatedAt.toISOString() : null };
}

/**
 * Sets the author's "do not record my usage" (issue #15), for every device (the server drops their events from
 * now on; events stored before stay until the retention purge).
 */
export async function saveSettings(
  db: Db,
  userId: number,
  optOut: boolean,
  now: Date,
): Promise<TrackingSettings> {
  const row = await repo.upsertSettings(db, userId, optOut, now);
  return { optOut: row.optOut, updatedAt: row.updatedAt.toISOString() };
}

/** Today's day `YYYY-MM-DD` in the time zone `tz` at `now`. */
export function dayIn(tz: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The operators' usage view (issue #15): active authors per REPORT_TZ day, the upload → publish funnel (authors who
 * uploaded in the period; of them, those who published in the period at or after their first upload in it), the
 * top pages by views, and the key actions — all from the tracking table (never reader events).
 * @param period inclusive `YYYY-MM-DD` days in `tz`, `from <= to` (schema); none: the last
 *   `TRACKING_USAGE_DEFAULT_DAYS` days up to today in `tz`
 * @throws VALIDATION_FAILED (TRACKING_PERIOD_TOO_LONG) over `TRACKING_USAGE_MAX_DAYS` days
 */
export async function usage(
  db: Db,
  period: { from?: string; to?: string },
  tz: string,
  now: Date,
): Promise<TrackingUsage> {
  const to = period.to ?? dayIn(tz, now);
  const from =
    period.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (TRACKING_USAGE_DEFAULT_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days > TRACKING_USAGE_MAX_DAYS) {
    throw AppError.validation([
      { path: 'to', code: 'TRACKING_PERIOD_TOO_LONG', params: { max: TRACKING_USAGE_MAX_DAYS } },
    ]);
  }
  return { from, to, timeZone: tz, ...(await repo.usageFigures(db, from, to, tz)) };
}

/** The retention purge (issue #15): deletes events older than `TRACKING_RETENTION_DAYS`. @returns how many */
export async function purgeExpired(db: Db, now: Date): Promise<number> {
  return repo.purgeBefore(db, new Date(now.getTime() - TRACKING_RETENTION_DAYS * DAY_MS));
}
