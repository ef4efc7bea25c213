import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  AVATAR_SIZE,
  DEFAULT_DATE_FORMAT,
  IMAGE_MAX_WIDTH,
  IMAGE_PLACEHOLDER_SIZE,
  UNREAD_BADGE_MAX,
  WAN,
} from './constants.js';

dayjs.extend(utc);

/**
 * Formats a count for display (spec §9): numbers of 10,000 or more in units of 万 with one decimal
 * (12,345 → `1.2万`, 10,000 → `1.0万`); smaller numbers as plain integers with no grouping.
 * Negative numbers follow the same rule on their absolute value.
 */
export function formatWan(value: number): string {
  if (!Number.isFinite(value)) return '0';
  if (Math.abs(value) >= WAN) {
    // Truncate, not round, so 99,999 never shows as 10.0万 — it is not ten 万 yet.
    const tenths = Math.trunc((value / WAN) * 10) / 10;
    return `${tenths.toFixed(1)}万`;
  }
  return String(Math.trunc(value));
}

/**
 * Normalizes a timestamp to a Date (spec §9): a 10-digit number (or numeric string) is Unix
 * **seconds**; any other number is milliseconds; other strings are parsed as ISO 8601.
 * @returns null when the value cannot be read as a time
 */
export function toDate(value: number | string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const asText = String(value).trim();
  if (/^-?\d+$/.test(asText)) {
    const n = Number(asText);
    const digits = asText.replace('-', '').length;
    const d = new Date(digits === 10 ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(asText);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Formats a time (spec §9): default format `YYYY-MM-DD HH:mm:ss` in the viewer's local zone
 * (`utc: true` formats in UTC, for tests and servers). 10-digit timestamps are seconds.
 * @returns '' when the value cannot be read as a time
 */
export function formatDate(
  value: number | string | Date | null | undefined,
  format: string = DEFAULT_DATE_FORMAT,
  opts: { utc?: boolean } = {},
): string {
  const d = toDate(value);
  if (!d) return '';
  return opts.utc ? dayjs.utc(d).format(format) : dayjs(d).format(format);
}

/**
 * The bell badge text (spec §9): nothing at 0, the count up to 99, `99+` above.
 * @returns '' when there is nothing unread
 */
export function formatBadge(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.trunc(count));
}

const SIZED_IMAGE = /\/media\/img\/(\d+)x(\d+)\//;

/**
 * Applies the image width rules to a sized image URL `/media/img/{w}x{h}/{key}` (spec §9, API.md §4):
 * an embedded width over 800 becomes 800, and width 630 becomes 800. A non-zero height is scaled by
 * the same factor so the aspect is kept (pixels, rounded). URLs without an embedded size are unchanged.
 */
export function applyImageWidthRules(url: string): string {
  return url.replace(SIZED_IMAGE, (whole, wText: string, hText: string) => {
    const w = Number(wText);
    const h = Number(hText);
    if (w <= IMAGE_MAX_WIDTH && w !== 630) return whole;
    const scaled = h === 0 ? 0 : Math.round((h * IMAGE_MAX_WIDTH) / w);
    return `/media/img/${IMAGE_MAX_WIDTH}x${scaled}/`;
  });
}

/**
 * Substitutes the placeholders of an image URL template (spec §9, API.md §4): `{0}` and `{1}` become
 * 200 pixels, then the width rules apply.
 */
export function fillImageTemplate(template: string, size: number = IMAGE_PLACEHOLDER_SIZE): string {
  return applyImageWidthRules(template.replaceAll('{0}', String(size)).replaceAll('{1}', String(size)));
}

/** The avatar URL from the `avator` template: `{0}` becomes 120 pixels (spec §3, §9). */
export function fillAvatar(template: string): string {
  return fillImageTemplate(template, AVATAR_SIZE);
}

/**
 * Rewrites the origin of a media URL to one of the configured image hosts, chosen at random
 * (spec §7, API.md §4). Relative `/media/...` paths get the host prepended; an empty host list or a
 * URL that is not ours is returned unchanged.
 * @param random a number in [0, 1) (Math.random by default), injectable for tests
 */
export function rewriteImageHost(
  url: string,
  hosts: readonly string[],
  random: () => number = Math.random,
): string {
  if (hosts.length === 0) return url;
  const match = /^(?:https?:\/\/[^/]+)?(\/media\/.*)$/.exec(url);
  if (!match) return url;
  const host = hosts[Math.min(hosts.length - 1, Math.floor(random() * hosts.length))]!;
  return host.replace(/\/$/, '') + match[1];
}
