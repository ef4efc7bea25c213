/**
 * The spec's business constants and limits (spec §9, §1, §2, §5) and the wire constants of API.md.
 * Sizes in bytes, durations in milliseconds unless the name says otherwise.
 */

/** 1 MB as the spec means it: 1,048,576 bytes (API.md §7 "1, 2 or 5 MiB"). */
export const MB = 1024 * 1024;
/** 1 GB: 1,073,741,824 bytes. */
export const GB = 1024 * MB;

/** Client id and version of the web app (API.md §2, §8). */
export const WEB_CID = '500';
export const WEB_VER = '1.0.4';
/** Header sent on every call: 1 = MD5 signature (API.md §2). */
export const ENCRYPT_TYPE = '1';
/** Allowed clock skew of a signed request, seconds (API.md §2). */
export const SIGN_WINDOW_SECONDS = 300;

/** Max video file: 30 GB (spec §5, §9). */
export const MAX_VIDEO_BYTES = 30 * GB;
/** Concurrent upload workers, started at random delays under 1 s (spec §9). */
export const UPLOAD_WORKERS = 5;
export const UPLOAD_START_DELAY_MAX_MS = 1000;
/** Shard retry delay and the consecutive-failure limit (spec §9). */
export const SHARD_RETRY_DELAY_MS = 3000;
export const SHARD_MAX_FAILURES = 15;
/** Merge polling: every 10 s for up to 30 minutes; every 2 s up to 10 times without a start time (spec §9). */
export const MERGE_POLL_INTERVAL_MS = 10_000;
export const MERGE_POLL_MAX_MS = 30 * 60_000;
export const MERGE_QUICK_POLL_INTERVAL_MS = 2000;
export const MERGE_QUICK_POLL_MAX_TRIES = 10;

/** Avatar size substituted for `{0}` in the avatar template (spec §3, §9). */
export const AVATAR_SIZE = 120;
/** Unread badge maximum: above it the badge shows `99+` (spec §9). */
export const UNREAD_BADGE_MAX = 99;
/** The message group that feeds the bell badge (spec §3). */
export const BELL_MSG_GROUP = 8;
/** Progress bar duration and throttle (spec §9). */
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PROGRESS_BAR_THROTTLE_MS = 200;
/** The request cancel list is cleared once it passes 20 (spec §9). */
export const CANCEL_LIST_MAX = 20;
/** Reload guard after a chunk-load error (spec §4, §9). */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** Numbers of 10,000 or more show in 万 (spec §9). */
export const WAN = 10_000;
/** Default date format: year-month-day hour:minute:second (spec §9). */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Image width rules (spec §9): widths over 800 become 800; 630 becomes 800; placeholders become 200. */
export const IMAGE_MAX_WIDTH = 800;
export const IMAGE_PLACEHOLDER_SIZE = 200;
/** Page container width and header height, pixels (spec §1). */
export const PAGE_WIDTH_PX = 1200;
export const HEADER_HEIGHT_PX = 60;
/** Upload drop area and its preview, pixels (spec §2). */
export const DROP_AREA_PX = { width: 384, height: 234 } as const;
export const DROP_PREVIEW_PX = { width: 210, height: 140 } as const;

/** Generic image upload: at most 20 MiB; JPEG, PNG, GIF, WebP (API.md §8). */
export const MAX_IMAGE_BYTES = 20 * MB;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Article rules (issue #2): title 6–30 weighted characters, body 10–100,000 characters. */
export const TITLE_MIN = 6;
export const TITLE_MAX = 30;
export const BODY_MIN = 10;
export const BODY_MAX = 100_000;
/**
 * Largest article body as sent, HTML characters (issue #8 item 3): 5× the text limit, room for any real
 * formatting, and a bound on the work one body costs: ≈ 0.5 s of the sanitiser's worker thread, and parsing
 * and validation on the main thread well under the 100 ms the event-loop guard test allows.
 */
export const BODY_MARKUP_MAX = 5 * BODY_MAX;
/**
 * The same body's bound in UTF-8 bytes (issue #8 item 3): CJK text is 3 bytes a character, and the embedded
 * database (PGlite) writes the row on the server's own thread, so a body of 500,000 CJK characters (1.5 MB)
 * stalled it past 100 ms. 500,000 bytes still hold the longest article the text rule allows (100,000 CJK
 * characters = 300,000 bytes) with 200,000 bytes of formatting.
 */
export const BODY_MARKUP_MAX_BYTES = 500_000;

/**
 * An image of this product as an article cover or body image (API.md §4, issue #8 item 10): a same-site
 * `/media/img/{w}x{h}/{key}` URL, key `[a-z0-9/_.-]` without a `..` segment. No other host, no quotes or
 * markup, no `data:`.
 */
export const MEDIA_IMAGE_URL_PATTERN =
  /^\/media\/img\/\d{1,5}x\d{1,5}\/(?!(?:.*\/)?\.\.(?:\/|$))[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/;

/** Lists: page is 1-based, pageSize at most 100 (API.md §3). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** Identity type that sets the is163 flag (spec §3, §6). */
export const IDENTITY_TYPE_163 = 163;
/** Grade from which the program area is shown: rankResult 1 (issue #2). */
export const PROGRAM_MIN_GRADE = 3;

/** Autosave interval of the article editor (issue #2). */
export const AUTOSAVE_INTERVAL_MS = 30_000;

/**
 * Message groups (spec §3: msgGroup). Group 8, system messages, feeds the bell badge.
 * The other numbers are this product's choice (docs/api.md).
 */
export const MsgGroup = { COMMENT: 1, LIKE: 2, FOLLOW: 3, BUSINESS: 4, SYSTEM: 8 } as const;
export const MSG_GROUPS = [
  MsgGroup.SYSTEM,
  MsgGroup.COMMENT,
  MsgGroup.LIKE,
  MsgGroup.FOLLOW,
  MsgGroup.BUSINESS,
] as const;

/**
 * The development signing secret of cid 500, shipped with the embedded default (API.md §2). Production
 * sets `SIGN_SECRETS` on the server only: the web app reads its secret from the page (WEB_SIGN_META).
 */
export const DEV_SIGN_SECRET = 'creator-centre-dev-secret-500';

/**
 * `<meta name="cc-sign-secret" content="…">`: the server writes `SIGN_SECRETS["500"]` into the web app's
 * index.html at run time and the api-client signs with it (issue #8 item 9: one setting, one place). The
 * value is public by nature: the signature is an integrity and replay check, not authentication (API.md §2).
 */
export const WEB_SIGN_META = 'cc-sign-secret';

/** Cookie names (API.md §5): the HttpOnly session, and the readable `userid` and `UserGuid`. */
export const SESSION_COOKIE = 'cc_session';
export const USERID_COOKIE = 'userid';
export const USER_GUID_COOKIE = 'UserGuid';
/** Header that unsigned state-changing requests carry (API.md §5, §8). */
export const USER_GUID_HEADER = 'x-user-guid';

/**
 * Bounds of the database's integer column types (issue #8 item 2): every id and count in the contracts is
 * bounded to its column so a larger number is a 10007, never a database error. `int4` = `integer`/`serial`,
 * `int2` = `smallint`; `bigint` columns hold at most Number.MAX_SAFE_INTEGER in this product (mode 'number').
 */
export const INT4_MAX = 2_147_483_647;
export const INT2_MAX = 32_767;
export const BIGINT_SAFE_MAX = Number.MAX_SAFE_INTEGER;
