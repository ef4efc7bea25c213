import { describe, expect, it } from 'vitest';
import { checkScheduledAt } from './schedule.js';
import {
  checkSmallVideo,
  formatDuration,
  publishVideoParamSchema,
  saveVideoDotsParamSchema,
  smallVideoMaxSeconds,
} from './video.js';

describe('video rules', () => {
  it('formatDuration: mm:ss, h:mm:ss from an hour, fractions dropped', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5.9)).toBe('00:05');
    expect(formatDuration(125.5)).toBe('02:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(null)).toBe('00:00');
    expect(formatDuration(-3)).toBe('00:00');
  });

  it('short-video limit: 60 s below grade 3, 300 s from grade 3', () => {
    expect(smallVideoMaxSeconds(1)).toBe(60);
    expect(smallVideoMaxSeconds(2)).toBe(60);
    expect(smallVideoMaxSeconds(3)).toBe(300);
    expect(smallVideoMaxSeconds(5)).toBe(300);
  });

  it('short video: vertical and within the limit', () => {
    expect(checkSmallVideo({ width: 720, height: 1280, duration: 60 }, 60)).toBeNull();
    expect(checkSmallVideo({ width: 1280, height: 720, duration: 10 }, 60)?.code).toBe(
      'SMALL_VIDEO_NOT_VERTICAL',
    );
    expect(checkSmallVideo({ width: 720, height: 720, duration: 10 }, 60)?.code).toBe(
      'SMALL_VIDEO_NOT_VERTICAL',
    );
    expect(checkSmallVideo({ width: 720, height: 1280, duration: 60.01 }, 60)?.code).toBe(
      'SMALL_VIDEO_TOO_LONG',
    );
  });

  it('schedule: 5 minutes to 30 days ahead (API.md §13)', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(checkScheduledAt('2026-01-01T00:00:00Z', now)?.code).toBe('SCHEDULE_PAST');
    expect(checkScheduledAt('2026-01-01T00:00:01Z', now)?.code).toBe('SCHEDULE_TOO_SOON');
    expect(checkScheduledAt('2026-01-01T00:04:59Z', now)?.code).toBe('SCHEDULE_TOO_SOON');
    expect(checkScheduledAt('2026-01-01T00:05:00Z', now)).toBeNull();
    expect(checkScheduledAt('2026-01-31T00:00:00Z', now)).toBeNull();
    expect(checkScheduledAt('2026-01-31T00:00:01Z', now)?.code).toBe('SCHEDULE_TOO_FAR');
    expect(checkScheduledAt('nonsense', now)?.code).toBe('SCHEDULE_INVALID');
    expect(checkScheduledAt(undefined, now)?.code).toBe('SCHEDULE_INVALID');
  });

  it('publish schema: cover must be our media or empty; a key of 32 hex', () => {
    const base = { use: 'video', fileUploadId: 'a'.repeat(32), title: '一个合格的视频标题', publishType: 1 };
    expect(publishVideoParamSchema.safeParse(base).success).toBe(true);
    expect(
      publishVideoParamSchema.safeParse({ ...base, coverUrl: 'https://evil.example/x.jpg' }).success,
    ).toBe(false);
    expect(publishVideoParamSchema.safeParse({ ...base, coverUrl: '/media/img/0x0/c.jpg' }).success).toBe(
      true,
    );
    expect(publishVideoParamSchema.safeParse({ ...base, fileUploadId: 'A'.repeat(32) }).success).toBe(false);
  });

  it('dots schema: unique times to the millisecond', () => {
    const parse = (dots: unknown) => saveVideoDotsParamSchema.safeParse({ id: 1, dots }).success;
    expect(
      parse([
        { time: 1, title: 'a' },
        { time: 1.001, title: 'b' },
      ]),
    ).toBe(true);
    expect(
      parse([
        { time: 1, title: 'a' },
        { time: 1.0001, title: 'b' },
      ]),
    ).toBe(false);
  });
});
