import { describe, expect, it } from 'vitest';
import { RANK_BOARDS } from '@cc/contracts';
import { BOARD_PATHS, BOARD_TABS, boardOfPath, formatBoardValue, formatTermValue, movementOf } from './logic';

// The pure parts of the influence pages (issue #12): which board a path shows, how values and movement read.
describe('boards and paths', () => {
  it('gives each board its own spec §2 page and finds the board back from the path', () => {
    expect(new Set(Object.values(BOARD_PATHS)).size).toBe(RANK_BOARDS.length);
    expect([...BOARD_TABS].sort()).toEqual([...RANK_BOARDS].sort());
    for (const board of RANK_BOARDS) expect(boardOfPath(`/${BOARD_PATHS[board]}`)).toBe(board);
    expect(boardOfPath('/exponent/hotRank/')).toBe('hot');
    expect(boardOfPath('/rank')).toBe('influence');
    expect(boardOfPath('/exponent')).toBeNull();
  });
});

describe('values', () => {
  it('writes scores with one decimal, growth signed, shares in percent, counts by the 万 rule', () => {
    expect(formatBoardValue('points', 633.7, 'zh-CN')).toBe('633.7');
    expect(formatBoardValue('points', 120, 'en-US')).toBe('120.0');
    expect(formatBoardValue('growth', 3.3867, 'zh-CN')).toBe('+338.67%');
    expect(formatBoardValue('growth', -0.0667, 'zh-CN')).toBe('-6.67%');
    expect(formatBoardValue('growth', 0, 'zh-CN')).toBe('0.00%');
    expect(formatBoardValue('share', 12 / 13, 'zh-CN')).toBe('92.31%');
    expect(formatBoardValue('count', 9_999, 'zh-CN')).toBe('9999');
    expect(formatBoardValue('count', 61_800, 'zh-CN')).toBe('6.1万');
    expect(formatBoardValue('count', 61_800, 'en-US')).toBe('61.8K');
    expect(formatTermValue('passRate', 0.5, 'zh-CN')).toBe('50.00%');
    expect(formatTermValue('reads', 123_456, 'zh-CN')).toBe('12.3万');
  });

  it('reads a movement: up, down, the same place, or new on the board', () => {
    expect(movementOf(3)).toEqual({ kind: 'up', places: 3 });
    expect(movementOf(-2)).toEqual({ kind: 'down', places: 2 });
    expect(movementOf(0)).toEqual({ kind: 'same' });
    expect(movementOf(null)).toEqual({ kind: 'new' });
  });
});
