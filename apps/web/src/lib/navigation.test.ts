import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  importWithReload,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './chunk-reload';
import { createNavigationProgress } from './progress';

describe('chunk-load reload guard (spec §4, §9: once per 60 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reloads once, refuses again within 60 s, allows again after 60 s', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(59_999);
    expect(reloadOnceForChunkError(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(reloadOnceForChunkError(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(Date.now()));
  });

  it('importWithReload reloads on a chunk error and rethrows other errors', async () => {
    const reload = vi.fn();
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    void importWithReload(() => Promise.reject(chunkError), reload);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledTimes(1);
    // a second chunk error within the guard rejects instead of looping
    await expect(importWithReload(() => Promise.reject(chunkError), reload)).rejects.toBe(chunkError);
    expect(reload).toHaveBeenCalledTimes(1);
    const other = new Error('boom');
    await expect(importWithReload(() => Promise.reject(other), reload)).rejects.toBe(other);
  });

  it('recognises chunk errors by their wording', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('ChunkLoadError: Loading chunk 3 failed'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('navigation progress bar (spec §9: 200 ms throttle)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only navigations that last over 200 ms and ends them when idle', () => {
    const bar = { start: vi.fn(), done: vi.fn() };
    const p = createNavigationProgress(bar);
    p.update('loading');
    vi.advanceTimersByTime(199);
    p.update('idle');
    vi.advanceTimersByTime(1000);
    expect(bar.start).not.toHaveBeenCalled();
    expect(bar.done).not.toHaveBeenCalled();

    p.update('loading');
    vi.advanceTimersByTime(200);
    expect(bar.start).toHaveBeenCalledTimes(1);
    p.update('loading');
    vi.advanceTimersByTime(500);
    expect(bar.start).toHaveBeenCalledTimes(1);
    p.update('idle');
    expect(bar.done).toHaveBeenCalledTimes(1);
  });
});
