import { describe, expect, it } from 'vitest';
import { imageJobLoad, MAX_CONCURRENT_IMAGE_JOBS, MAX_QUEUED_IMAGE_JOBS, runImageJob } from './sharp.js';

describe('runImageJob (issue #8 item 6: bounded concurrent resizes)', () => {
  it('runs at most MAX_CONCURRENT_IMAGE_JOBS at once, queues the rest in order, refuses past the queue', async () => {
    let active = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const order: number[] = [];
    const job = (i: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      order.push(i);
      await new Promise<void>((r) => release.push(r));
      active -= 1;
      return i;
    };
    const total = MAX_CONCURRENT_IMAGE_JOBS + MAX_QUEUED_IMAGE_JOBS;
    const jobs = Array.from({ length: total }, (_, i) => runImageJob(job(i)));
    await new Promise((r) => setImmediate(r));
    expect(imageJobLoad()).toEqual({ running: MAX_CONCURRENT_IMAGE_JOBS, waiting: MAX_QUEUED_IMAGE_JOBS });
    // One more than the queue holds is refused at once, not queued.
    await expect(runImageJob(job(-1))).rejects.toMatchObject({ code: 'RATE_LIMITED', ercd: 'IMAGE_BUSY' });
    while (release.length || order.length < total) {
      release.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(jobs)).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(peak).toBe(MAX_CONCURRENT_IMAGE_JOBS);
    expect(order).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(imageJobLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a job fails', async () => {
    for (let i = 0; i < MAX_CONCURRENT_IMAGE_JOBS + 1; i += 1) {
      await expect(runImageJob(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    }
    expect(imageJobLoad()).toEqual({ running: 0, waiting: 0 });
    expect(await runImageJob(() => Promise.resolve(7))).toBe(7);
  });
});
