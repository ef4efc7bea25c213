import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUTOSAVE_INTERVAL_MS } from '@cc/contracts';
import { autosavesToServer, useAutosave } from './use-autosave';

describe('useAutosave (issue #2: every 30 s, only when changed)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves every 30 s while dirty, never when clean', async () => {
    expect(AUTOSAVE_INTERVAL_MS).toBe(30_000);
    let dirty = false;
    const save = vi.fn(async () => {
      dirty = false;
    });
    renderHook(() => useAutosave({ isDirty: () => dirty, save }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(save).not.toHaveBeenCalled();
    dirty = true;
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(save).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not start a second save while one is running', async () => {
    let release!: () => void;
    const save = vi.fn(() => new Promise<void>((r) => (release = r)));
    renderHook(() => useAutosave({ isDirty: () => true, save }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(save).toHaveBeenCalledTimes(1);
    release();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('stops when disabled', async () => {
    const save = vi.fn(async () => {});
    renderHook(() => useAutosave({ isDirty: () => true, save, enabled: false }));
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('autosavesToServer (issue #10)', () => {
  it('autosaves a new work and a draft only: never a published, scheduled, held or rejected one', () => {
    expect(autosavesToServer(undefined)).toBe(true);
    expect(autosavesToServer('draft')).toBe(true);
    for (const status of ['published', 'scheduled', 'reviewing', 'rejected'] as const)
      expect(autosavesToServer(status)).toBe(false);
  });
});
