import {
  BARRAGE_STATES,
  COMMENT_BATCH_MAX,
  type BarrageAction,
  type BarrageItem,
  type BarrageState,
} from '@cc/contracts';

/** The pure parts of the barrage page (issue #13, API.md §12): filters from the address, times, row actions. */

/** Rows a page of the barrage list shows. */
export const BARRAGE_PAGE_SIZE = 50;
/** At most this many rows are selected at once: one batch call takes 1–1000 ids (API.md §12). */
export const BARRAGE_SELECTION_MAX = COMMENT_BATCH_MAX;
/** Sort orders of `barrage/list`: newest first, or by the second of the video. */
export const BARRAGE_SORTS = ['position', 'time'] as const;
export type BarrageSort = (typeof BARRAGE_SORTS)[number];

/** The page's state, as the address holds it (`?contentId=&state=&keyword=&sort=&page=`). */
export interface BarrageFilters {
  /** the picked video; undefined = every video */
  contentId: number | undefined;
  /** undefined = every state but deleted (the server's default) */
  state: BarrageState | undefined;
  keyword: string;
  sort: BarrageSort;
  page: number;
}

/** The raw query-string values of {@link BarrageFilters}; '' where absent. */
export type BarrageQuery = Record<'contentId' | 'state' | 'keyword' | 'sort' | 'page', string>;

const isIn = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A positive integer id of the address, else undefined (`abc`, `0`, `-3`, `1.5` are no id). */
function idOf(raw: string): number | undefined {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The filters of the query string. Unknown values fall back: no video, all states, page 1. The sort defaults to
 * the view's own order — by position for one video (the list follows the player), newest first across videos,
 * where positions of different videos do not compare (so `position` without a video reads `time`).
 */
export function parseBarrageFilters(q: BarrageQuery): BarrageFilters {
  const contentId = idOf(q.contentId);
  const sort: BarrageSort =
    contentId === undefined ? 'time' : isIn(BARRAGE_SORTS, q.sort) ? q.sort : 'position';
  return {
    contentId,
    state: isIn(BARRAGE_STATES, q.state) ? q.state : undefined,
    keyword: q.keyword.trim(),
    sort,
    page: Math.max(1, Math.trunc(Number(q.page)) || 1),
  };
}

/** The query-string form of a filter change: undefined drops a key (the default), numbers become strings. */
export function toBarrageQuery(
  next: Partial<BarrageFilters>,
): Partial<Record<keyof BarrageQuery, string | undefined>> {
  const out: Partial<Record<keyof BarrageQuery, string | undefined>> = {};
  if ('contentId' in next) out.contentId = next.contentId === undefined ? undefined : String(next.contentId);
  if ('state' in next) out.state = next.state;
  if ('keyword' in next) out.keyword = next.keyword || undefined;
  if ('sort' in next) out.sort = next.sort;
  if ('page' in next) out.page = next.page === undefined ? undefined : String(next.page);
  return out;
}

/** True when a state or keyword narrows the list (an empty list then says "nothing matches", not "nothing yet"). */
export function isFiltered(filters: BarrageFilters): boolean {
  return filters.state !== undefined || filters.keyword !== '';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A position in the video, ms, as a player's clock: `m:ss` below an hour (`0:05`, `12:34`), `h:mm:ss` from
 * an hour (`1:02:03`); seconds truncated (a message at 1.9 s shows at `0:01`, where the player reaches it).
 * Negative or not finite reads `0:00`.
 */
export function formatPosition(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(s)}` : `${m}:${pad2(s)}`;
}

/** The player time (seconds) of a position in ms. */
export function positionSeconds(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0;
}

/**
 * The colour of a message's swatch: its `#RRGGBB`, lower-cased; anything else (the contract does not bind the
 * answer's colour) reads white, the readers' default, and never reaches a style as written.
 */
export function swatchColor(color: string): string {
  return /^#[0-9A-Fa-f]{6}$/.test(color) ? color.toLowerCase() : '#ffffff';
}

/**
 * The single actions a row offers, in display order: release a held message, protect a shown one or lift its
 * protection, delete anything not deleted yet. A deleted message offers nothing (the batch would skip it).
 */
export function rowActions(state: BarrageState): BarrageAction[] {
  switch (state) {
    case 'held':
      return ['publish', 'delete'];
    case 'published':
      return ['protect', 'delete'];
    case 'protected':
      return ['unprotect', 'delete'];
    default:
      return [];
  }
}

/** Bulk actions of the selection bar, in display order (the server skips rows an action does not apply to). */
export const BULK_ACTIONS: readonly BarrageAction[] = ['publish', 'protect', 'unprotect', 'delete'];

/** The selection kept within {@link BARRAGE_SELECTION_MAX} ids, the first ones chosen kept. */
export function capSelection(ids: readonly number[]): number[] {
  return ids.slice(0, BARRAGE_SELECTION_MAX);
}

/** The name a row shows for its reader: the name sent with the message, else the reader's id on the site. */
export function readerOf(item: Pick<BarrageItem, 'readerId' | 'readerName'>): string {
  return item.readerName || item.readerId;
}
