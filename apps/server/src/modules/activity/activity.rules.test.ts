import { ACTIVITY_STATES, activityPhase, activityScore, renderMessage } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { ACTION_FROM, assertCan, type ActivityAction } from './activity.rules.js';
import { prizeOf, rankEntries } from './activity.service.js';
import type { EntryRow } from './activity.repo.js';

// issue #15 "Activities": the state table, the score, the ranking's order and the prize of a rank.
describe('activity rules', () => {
  it('every (state, action) outside the table is a 10008 naming both, in both languages', () => {
    for (const action of Object.keys(ACTION_FROM) as ActivityAction[])
      for (const state of ACTIVITY_STATES) {
        if (ACTION_FROM[action].includes(state)) {
          expect(() => assertCan(state, action)).not.toThrow();
          continue;
        }
        try {
          assertCan(state, action);
          expect.fail(`${state} ${action} passed`);
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          const err = e as AppError;
          expect(err.code).toBe('CONFLICT');
          expect(renderMessage(err.messageRef, 'zh-CN')).toMatch(/^这个活动当前为“.+”，不能.+$/);
          expect(renderMessage(err.messageRef, 'en-US')).toMatch(/^the activity is .+ and cannot be .+$/);
        }
      }
  });

  it('the phase follows the window; closed and announced are ended', () => {
    const a = {
      state: 'published' as const,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-01-02T00:00:00Z',
    };
    expect(activityPhase(a, new Date('2029-12-31T23:59:59Z'))).toBe('upcoming');
    expect(activityPhase(a, new Date('2030-01-01T00:00:00Z'))).toBe('open');
    expect(activityPhase(a, new Date('2030-01-02T00:00:00Z'))).toBe('ended');
    expect(activityPhase({ ...a, state: 'closed' }, new Date('2030-01-01T12:00:00Z'))).toBe('ended');
  });

  it('ranks qualified entries by score, ties to the earlier entry; disqualified ones get no rank', () => {
    const row = (id: number, contentId: number, at: number, state: 'entered' | 'disqualified' = 'entered') =>
      ({ id, contentId, createdAt: new Date(at), state }) as EntryRow;
    const numbers = new Map([
      [1, { views: 10, likes: 0, comments: 0, fans: 0 }],
      [2, { views: 0, likes: 0, comments: 0, fans: 1 }],
      [3, { views: 100, likes: 0, comments: 0, fans: 0 }],
    ]);
    const ranked = rankEntries([row(1, 1, 2000), row(2, 2, 1000), row(3, 3, 0, 'disqualified')], numbers);
    expect(ranked.map((e) => [e.row.id, e.rank, e.numbers.score])).toEqual([
      [1, 2, 10],
      [2, 1, 10],
      [3, null, 100],
    ]);
    expect(activityScore({ views: 1, likes: 1, comments: 1, fans: 1 })).toBe(19);
  });

  it('the prize of a rank comes from its range in the asked language', () => {
    const prizes = [
      { fromRank: 1, toRank: 1, textZh: '车模', textEn: 'Model car' },
      { fromRank: 2, toRank: 3, textZh: '徽章', textEn: 'Badge' },
    ];
    expect(prizeOf(prizes, 1, 'en-US')).toBe('Model car');
    expect(prizeOf(prizes, 3, 'zh-CN')).toBe('徽章');
    expect(prizeOf(prizes, 4, 'zh-CN')).toBeNull();
    expect(prizeOf(prizes, null, 'zh-CN')).toBeNull();
  });
});
