import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MergeFileStatus } from '@cc/contracts';
import { pollMerge } from './poll-merge';

const status = (state: MergeFileStatus['state']): MergeFileStatus => ({
  exists: state === 'ready',
  state,
  fileKey: state === 'ready' ? 'k' : null,
  url: state === 'ready' ? '/v' : null,
  receivedShards: [],
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

function run(check: () => Promise<MergeFileStatus | null>, startedAt?: number) {
  const times: number[] = [];
  const result = pollMerge({
    startedAt,
    check: () => {
      times.push(Date.now());
      return check();
    },
  });
  return { times, result };
}

describe('pollMerge (spec §9)', () => {
  it('with a start time: every 10 s, the last check at 30 min, then timeout', async () => {
    const { times, result } = run(() => Promise.resolve(status('merging')), 0);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(await result).toEqual({ ok: false, reason: 'timeout', checks: 180 });
    expect(times[0]).toBe(10_000);
    expect(times.at(-1)).toBe(30 * 60_000);
    expect(times.every((t, i) => t === (i + 1) * 10_000)).toBe(true);
  });

  it('with an older start time the 30 minutes count from it', async () => {
    const { times, result } = run(() => Promise.resolve(status('processing')), -25 * 60_000);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect((await result).ok).toBe(false);
    expect(times).toHaveLength(30);
  });

  it('a start time already 30 minutes old → timeout without a check', async () => {
    const { times, result } = run(() => Promise.resolve(status('merging')), -30 * 60_000);
    expect(await result).toEqual({ ok: false, reason: 'timeout', checks: 0 });
    expect(times).toHaveLength(0);
  });

  it('without a start time: every 2 s, 10 tries, then tries', async () => {
    const { times, result } = run(() => Promise.reject(new Error('down')));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await result).toEqual({ ok: false, reason: 'tries', checks: 10 });
    expect(times).toEqual([2000, 4000, 6000, 8000, 10_000, 12_000, 14_000, 16_000, 18_000, 20_000]);
  });

  it("ready → ok with the status; 'failed' → failed at once", async () => {
    let n = 0;
    const a = run(() => Promise.resolve(++n < 4 ? null : status('ready')));
    await vi.advanceTimersByTimeAsync(8000);
    expect(await a.result).toEqual({ ok: true, status: status('ready'), checks: 4 });
    const b = run(() => Promise.resolve(status('failed')), Date.now());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await b.result).toEqual({ ok: false, reason: 'failed', checks: 1 });
  });

  it('a cancelled wait stops the polling', async () => {
    const result = pollMerge({
      check: () => Promise.resolve(status('merging')),
      wait: () => Promise.resolve(false),
    });
    expect(await result).toEqual({ ok: false, reason: 'stopped', checks: 0 });
  });
});
