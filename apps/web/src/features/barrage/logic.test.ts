import { describe, expect, it } from 'vitest';
import {
  BARRAGE_SELECTION_MAX,
  capSelection,
  formatPosition,
  isFiltered,
  parseBarrageFilters,
  positionSeconds,
  readerOf,
  rowActions,
  swatchColor,
  toBarrageQuery,
  type BarrageQuery,
} from './logic';

const query = (over: Partial<BarrageQuery> = {}): BarrageQuery => ({
  contentId: '',
  state: '',
  keyword: '',
  sort: '',
  page: '1',
  ...over,
});

describe('formatPosition', () => {
  it('writes m:ss below an hour and h:mm:ss from an hour, seconds truncated', () => {
    expect(formatPosition(0)).toBe('0:00');
    expect(formatPosition(999)).toBe('0:00');
    expect(formatPosition(1_900)).toBe('0:01');
    expect(formatPosition(65_000)).toBe('1:05');
    expect(formatPosition(754_000)).toBe('12:34');
    expect(formatPosition(3_599_999)).toBe('59:59');
    expect(formatPosition(3_600_000)).toBe('1:00:00');
    expect(formatPosition(3_723_000)).toBe('1:02:03');
    // the latest position the contract allows: 6 h
    expect(formatPosition(21_600_000)).toBe('6:00:00');
  });

  it('reads 0:00 for a negative or not finite position', () => {
    expect(formatPosition(-5_000)).toBe('0:00');
    expect(formatPosition(Number.NaN)).toBe('0:00');
    expect(formatPosition(Number.POSITIVE_INFINITY)).toBe('0:00');
  });

  it('positionSeconds gives the player time, fractions kept', () => {
    expect(positionSeconds(65_500)).toBe(65.5);
    expect(positionSeconds(-1)).toBe(0);
  });
});

describe('parseBarrageFilters', () => {
  it('all videos: newest first whatever the address says, every state but deleted', () => {
    expect(parseBarrageFilters(query())).toEqual({
      contentId: undefined,
      state: undefined,
      keyword: '',
      sort: 'time',
      page: 1,
    });
    expect(parseBarrageFilters(query({ sort: 'position' })).sort).toBe('time');
  });

  it('one video: by position unless the address asks for newest first', () => {
    expect(parseBarrageFilters(query({ contentId: '12' }))).toMatchObject({
      contentId: 12,
      sort: 'position',
    });
    expect(parseBarrageFilters(query({ contentId: '12', sort: 'time' })).sort).toBe('time');
    expect(parseBarrageFilters(query({ contentId: '12', sort: 'likes' })).sort).toBe('position');
  });

  it('drops what is not an id, a state or a page', () => {
    for (const contentId of ['abc', '0', '-3', '1.5', '012']) {
      expect(parseBarrageFilters(query({ contentId })).contentId, contentId).toBeUndefined();
    }
    expect(parseBarrageFilters(query({ state: 'hidden' })).state).toBeUndefined();
    expect(parseBarrageFilters(query({ state: 'held' })).state).toBe('held');
    expect(parseBarrageFilters(query({ page: 'x' })).page).toBe(1);
    expect(parseBarrageFilters(query({ page: '-2' })).page).toBe(1);
    expect(parseBarrageFilters(query({ page: '3' })).page).toBe(3);
    expect(parseBarrageFilters(query({ keyword: '  好看  ' })).keyword).toBe('好看');
  });

  it('toBarrageQuery writes only the keys given, undefined and empty ones dropped', () => {
    expect(toBarrageQuery({ contentId: 7, sort: undefined, page: 1 })).toEqual({
      contentId: '7',
      sort: undefined,
      page: '1',
    });
    expect(toBarrageQuery({ state: undefined, keyword: '' })).toEqual({
      state: undefined,
      keyword: undefined,
    });
    expect(toBarrageQuery({ state: 'protected', keyword: 'x' })).toEqual({
      state: 'protected',
      keyword: 'x',
    });
  });

  it('isFiltered: a state or a keyword, not the video or the sort', () => {
    const base = parseBarrageFilters(query({ contentId: '3', sort: 'time' }));
    expect(isFiltered(base)).toBe(false);
    expect(isFiltered({ ...base, state: 'deleted' })).toBe(true);
    expect(isFiltered({ ...base, keyword: 'a' })).toBe(true);
  });
});

describe('rows', () => {
  it('offers the actions that apply to a state', () => {
    expect(rowActions('held')).toEqual(['publish', 'delete']);
    expect(rowActions('published')).toEqual(['protect', 'delete']);
    expect(rowActions('protected')).toEqual(['unprotect', 'delete']);
    expect(rowActions('deleted')).toEqual([]);
  });

  it('keeps a selection within one batch call (1,000 ids)', () => {
    const ids = Array.from({ length: 1_200 }, (_, i) => i + 1);
    expect(BARRAGE_SELECTION_MAX).toBe(1_000);
    expect(capSelection(ids)).toEqual(ids.slice(0, 1_000));
    expect(capSelection([3, 1])).toEqual([3, 1]);
  });

  it('swatchColor passes #RRGGBB only', () => {
    expect(swatchColor('#FE0302')).toBe('#fe0302');
    expect(swatchColor('red;position:fixed')).toBe('#ffffff');
    expect(swatchColor('#fff')).toBe('#ffffff');
    expect(swatchColor('url(x)')).toBe('#ffffff');
  });

  it('readerOf: the name, else the id', () => {
    expect(readerOf({ readerId: 'r-1', readerName: '小明' })).toBe('小明');
    expect(readerOf({ readerId: 'r-1', readerName: '' })).toBe('r-1');
  });
});
