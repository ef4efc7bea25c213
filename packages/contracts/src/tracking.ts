import { z } from 'zod';
import { REQUEST_ID_PATTERN, textInputSchema } from './schemas.js';
import { countSchema, isoTimeSchema } from './types.js';

/**
 * Tracking points (issue #15 "Tracking points"; spec §3 "Tracking point attributes"): param and data schemas of this
 * area's calls (docs/api.md "Tracking points"). Spread into `apiDataSchemas` (responses.ts) through `trackingDataSchemas`.
 *
 * An event is what an AUTHOR did in the web app: a page view or one of the key actions. Its attributes are the spec's:
 * page title, content title (the work's title, when the page or action is about one), region (the area of the app
 * where it happened: see `TRACKING_REGIONS`), route path (no query string: it may hold personal data) and time. The
 * author is the session's user; no IP address and no user agent are stored. Reader events (API.md §10) are a
 * different thing in a different table.
 */

/** `page_view`: a route was shown; `action`: one of `TRACKING_ACTIONS` succeeded. */
export const TRACKING_KINDS = ['page_view', 'action'] as const;
export type TrackingKind = (typeof TRACKING_KINDS)[number];

/**
 * The key actions (issue #15): `publish` — any work type's publish call that succeeded; `upload` — a video upload
 * merged or an image uploaded; `export` — the poster editor's export (a file or the clipboard).
 */
export const TRACKING_ACTIONS = ['publish', 'upload', 'export'] as const;
export type TrackingAction = (typeof TRACKING_ACTIONS)[number];

/**
 * Region = the area of the app where the event happened (NOT the author's location): the first segment of the route
 * path mapped to the menu's sections (`trackingRegionOf`, web). `other` for anything else.
 */
export const TRACKING_REGIONS = [
  'home',
  'content',
  'publish',
  'editor',
  'data',
  'growth',
  'business',
  'messages',
  'account',
  'ops',
  'other',
] as const;
export type TrackingRegion = (typeof TRACKING_REGIONS)[number];

/** Most events in one batch (the browser flushes at `TRACKING_FLUSH_EVENTS`, so a full queue still fits). */
export const TRACKING_BATCH_MAX = 50;
/** The browser flushes its queue every this many seconds, or at `TRACKING_FLUSH_EVENTS` queued events. */
export const TRACKING_FLUSH_SECONDS = 15;
export const TRACKING_FLUSH_EVENTS = 20;
/** Most events an author may have stored in the last hour; events beyond it are dropped (counted in `dropped`). */
export const TRACKING_RATE_PER_HOUR = 600;
/** Events older than this (client time, against the server's clock) or more than 5 min ahead are dropped. */
export const TRACKING_MAX_AGE_HOURS = 48;
/** Days an event is kept; the `tracking-purge` job deletes older ones. */
export const TRACKING_RETENTION_DAYS = 180;
/** The operators' usage view without a period: this many days up to today (REPORT_TZ). */
export const TRACKING_USAGE_DEFAULT_DAYS = 14;
/** Longest period of the operators' usage view, days. */
export const TRACKING_USAGE_MAX_DAYS = 92;
export const TRACKING_PAGE_TITLE_MAX = 120;
export const TRACKING_CONTENT_TITLE_MAX = 200;
export const TRACKING_PATH_MAX = 200;

/** One event as the browser sends it. `id` is the client's event id (idempotency: a repeat is a duplicate). */
export const trackingEventInputSchema = z.strictObject({
  id: z.string('FIELD_EXPECTED_STRING').regex(REQUEST_ID_PATTERN, 'REQUEST_ID_FORMAT'),
  kind: z.enum(TRACKING_KINDS),
  /** required for `action`, absent (or null) for `page_view` */
  action: z.enum(TRACKING_ACTIONS).nullish(),
  pageTitle: textInputSchema(TRACKING_PAGE_TITLE_MAX),
  contentTitle: textInputSchema(TRACKING_CONTENT_TITLE_MAX).nullish(),
  region: z.enum(TRACKING_REGIONS),
  /** the route path: starts with `/`, no `?` or `#` */
  path: textInputSchema(TRACKING_PATH_MAX).regex(/^\/[^?#\s]*$/, 'TRACKING_PATH_FORMAT'),
  /** when it happened, ISO time (client clock) */
  at: z.iso.datetime({ offset: true, error: 'TRACKING_TIME_FORMAT' }),
});
export type TrackingEventInput = z.input<typeof trackingEventInputSchema>;

/** `POST /api/tracking/batch` and the body of `POST /api/tracking/beacon`: 1–50 events. */
export const trackingBatchParamSchema = z
  .object({
    events: z.array(trackingEventInputSchema).min(1).max(TRACKING_BATCH_MAX),
  })
  .superRefine((p, ctx) => {
    p.events.forEach((e, i) => {
      if (e.kind === 'action' && !e.action) {
        ctx.addIssue({ code: 'custom', path: ['events', i, 'action'], message: 'TRACKING_ACTION_REQUIRED' });
      }
      if (e.kind === 'page_view' && e.action) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', i, 'action'],
          message: 'TRACKING_ACTION_NOT_ALLOWED',
        });
      }
    });
  });
export type TrackingBatchParam = z.input<typeof trackingBatchParamSchema>;

/**
 * The answer to a batch: `accepted` new rows, `duplicates` (an event id already stored for this author),
 * `dropped` (opted out, too old or ahead, over the hourly rate), `optedOut` whether the author opted out.
 */
export const trackingBatchResultSchema = z.strictObject({
  accepted: countSchema,
  duplicates: countSchema,
  dropped: countSchema,
  optedOut: z.boolean(),
});
export type TrackingBatchResult = z.infer<typeof trackingBatchResultSchema>;

/** `GET /api/tracking/settings`, `POST /api/tracking/save_settings`: the author's "do not record my usage". */
export const trackingSettingsSchema = z.strictObject({
  optOut: z.boolean(),
  /** when it was last changed; null: never */
  updatedAt: isoTimeSchema.nullable(),
});
export type TrackingSettings = z.infer<typeof trackingSettingsSchema>;

export const saveTrackingSettingsParamSchema = z.object({ optOut: z.boolean('FIELD_EXPECTED_BOOLEAN') });
export type SaveTrackingSettingsParam = z.input<typeof saveTrackingSettingsParamSchema>;

const daySchema = z.iso.date('TRACKING_DAY_FORMAT');

/**
 * `GET /api/ops/tracking/usage`: an inclusive period of REPORT_TZ days, at most `TRACKING_USAGE_MAX_DAYS`; both days
 * or neither (neither: the last `TRACKING_USAGE_DEFAULT_DAYS` days up to today in REPORT_TZ — the browser does not
 * know the report time zone's today).
 */
export const trackingUsageParamSchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .refine((p) => (p.from === undefined) === (p.to === undefined), {
    message: 'TRACKING_PERIOD_BOTH',
    path: ['to'],
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'TRACKING_PERIOD_ORDER', path: ['to'] });
export type TrackingUsageParam = z.input<typeof trackingUsageParamSchema>;

/** The operators' usage view, computed from the tracking table only. Days are REPORT_TZ days. */
export const trackingUsageSchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  /** one row per day of the period (0 included): distinct authors with any event that day */
  activeAuthors: z.array(z.strictObject({ day: z.iso.date(), authors: countSchema })),
  /** distinct authors over the whole period */
  totalAuthors: countSchema,
  /** authors who uploaded in the period; of them, who published in the period at or after their first upload */
  funnel: z.strictObject({ uploaded: countSchema, published: countSchema }),
  /** the 10 paths with the most page views in the period */
  topPages: z.array(
    z.strictObject({ path: z.string(), pageTitle: z.string(), views: countSchema, authors: countSchema }),
  ),
  /** key actions in the period by action */
  actions: z.array(
    z.strictObject({ action: z.enum(TRACKING_ACTIONS), count: countSchema, authors: countSchema }),
  ),
});
export type TrackingUsage = z.infer<typeof trackingUsageSchema>;

export const trackingDataSchemas = {
  '/api/tracking/batch': trackingBatchResultSchema,
  '/api/tracking/beacon': trackingBatchResultSchema,
  '/api/tracking/settings': trackingSettingsSchema,
  '/api/tracking/save_settings': trackingSettingsSchema,
  '/api/ops/tracking/usage': trackingUsageSchema,
} as const satisfies Record<string, z.ZodType>;
