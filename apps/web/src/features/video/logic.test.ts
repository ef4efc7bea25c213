import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import enUS from '../../lib/i18n/locales/en-US';
import zhCN from '../../lib/i18n/locales/zh-CN';
import {
  checkSmallVideoFile,
  displayPercent,
  dotMarkerPercent,
  editorPath,
  formatSpeed,
  formatTimeLeft,
  pickTime,
  toPublishParam,
  tokenFailureMessage,
  uploadFailureMessage,
  validateDots,
  validateVideoForm,
  type VideoFormValues,
} from './logic';

const KEY = 'a'.repeat(32);
const form = (over: Partial<VideoFormValues> = {}): VideoFormValues => ({
  use: 'video',
  fileUploadId: KEY,
  isUploadReady: true,
  title: '冰雪路面制动实测视频',
  description: '',
  coverUrl: '',
  hasCover: true,
  isOriginal: false,
  isFirstPublish: false,
  isCommercial: false,
  mode: 'now',
  scheduledAt: null,
  ...over,
});
const NOW = new Date('2026-03-01T00:00:00Z');

describe('upload display', () => {
  it('speed in KB/s and MB/s; time left mm:ss, unknown as --:--', () => {
    expect(formatSpeed(0)).toBe('0 KB/s');
    expect(formatSpeed(5 * 1024)).toBe('5.0 KB/s');
    expect(formatSpeed(850 * 1024)).toBe('850 KB/s');
    expect(formatSpeed(1.25 * 1024 * 1024)).toBe('1.3 MB/s');
    expect(formatTimeLeft(null)).toBe('--:--');
    expect(formatTimeLeft(61.2)).toBe('01:02');
    expect(formatTimeLeft(3600)).toBe('1:00:00');
  });

  it('percent: whole numbers, 100 only when the uploader reports 100', () => {
    expect(displayPercent(0)).toBe(0);
    expect(displayPercent(42.7)).toBe(42);
    expect(displayPercent(99.99)).toBe(99);
    expect(displayPercent(100)).toBe(100);
  });

  it("token failure: 'network error' with the server's message, none for 10002", () => {
    expect(tokenFailureMessage(new ApiError(10500, 'database is down'))).toEqual({
      key: 'upload.error.tokenFailed',
      detail: 'database is down',
    });
    expect(tokenFailureMessage(new ApiError(10002, 'please log in'))).toEqual({
      key: 'upload.error.tokenFailed',
      detail: null,
    });
  });

  it('short video: horizontal refused, longer than the limit refused with the limit', () => {
    // each with the rule it applies (issue #11)
    expect(checkSmallVideoFile({ width: 1280, height: 720, duration: 10 }, 60)).toEqual({
      key: 'video.errors.notVertical',
      ruleRef: 'publish-video#formats',
    });
    expect(checkSmallVideoFile({ width: 720, height: 1280, duration: 61 }, 60)).toEqual({
      key: 'video.errors.tooLong',
      values: { max: 60, duration: '01:01' },
      ruleRef: 'publish-video#duration',
    });
    expect(checkSmallVideoFile({ width: 720, height: 1280, duration: 60 }, 60)).toBeNull();
  });
});

describe('publishing form rules', () => {
  it('a draft needs an upload and a title only, even while processing', () => {
    expect(
      validateVideoForm(form({ isUploadReady: false, title: '短', hasCover: false }), true, NOW),
    ).toEqual({});
    expect(validateVideoForm(form({ fileUploadId: null }), true, NOW).upload?.key).toBe(
      'video.errors.uploadRequired',
    );
    expect(validateVideoForm(form({ title: ' ' }), true, NOW).title?.key).toBe(
      'article.rules.TITLE_REQUIRED',
    );
  });

  it('publishing needs the article title rule, a ready upload and a cover', () => {
    const e = validateVideoForm(
      form({ title: '车评abcdefg', isUploadReady: false, hasCover: false }),
      false,
      NOW,
    );
    expect(e.title).toEqual({
      key: 'article.rules.TITLE_LENGTH',
      values: { min: 6, max: 30 },
      ruleRef: 'publish-titles#length',
    });
    expect(e.upload?.key).toBe('video.errors.notReady');
    expect(e.cover).toEqual({ key: 'video.errors.coverRequired', ruleRef: 'publish-covers#count' });
    expect(validateVideoForm(form(), false, NOW)).toEqual({});
  });

  it('description at most 2000 characters', () => {
    expect(validateVideoForm(form({ description: '字'.repeat(2000) }), false, NOW)).toEqual({});
    expect(validateVideoForm(form({ description: '字'.repeat(2001) }), false, NOW).description?.key).toBe(
      'video.errors.descriptionLength',
    );
  });

  it('scheduled: required, in the future, at most 30 days ahead', () => {
    const at = (iso: string | null) =>
      validateVideoForm(form({ mode: 'scheduled', scheduledAt: iso }), false, NOW);
    expect(at(null).scheduledAt?.key).toBe('video.errors.scheduleRequired');
    expect(at('2026-02-28T23:00:00Z').scheduledAt?.key).toBe('video.errors.schedulePast');
    expect(at('2026-03-31T00:00:01Z').scheduledAt?.key).toBe('video.errors.scheduleTooFar');
    expect(at('2026-03-31T00:00:00Z')).toEqual({});
  });

  it('payload: publishType 0 / 1 / 2, scheduledAt only when scheduled, id when editing', () => {
    expect(toPublishParam(form({ title: ' 标题前后有空格的视频 ' }), true)).toMatchObject({
      publishType: 0,
      title: '标题前后有空格的视频',
      fileUploadId: KEY,
      use: 'video',
    });
    expect(toPublishParam(form({ scheduledAt: '2026-03-02T00:00:00Z' }), false)).not.toHaveProperty(
      'scheduledAt',
    );
    expect(
      toPublishParam(form({ id: 7, mode: 'scheduled', scheduledAt: '2026-03-02T00:00:00Z' }), false),
    ).toMatchObject({ id: 7, publishType: 2, scheduledAt: '2026-03-02T00:00:00Z' });
  });

  it('edit paths per kind', () => {
    expect(editorPath('video', 3)).toBe('/videos/video?id=3');
    expect(editorPath('smallVideo')).toBe('/smallVideo/indexv');
  });
});

describe('dots', () => {
  it('markers at time / duration, clamped', () => {
    expect(dotMarkerPercent(30, 120)).toBe(25);
    expect(dotMarkerPercent(200, 120)).toBe(100);
    expect(dotMarkerPercent(5, 0)).toBe(0);
    expect(pickTime(12.345)).toBe(12.3);
  });

  it('rules: titles 1–20, time within the video, unique, at most 50', () => {
    const p = validateDots(
      [
        { time: 1, title: '' },
        { time: 2, title: '字'.repeat(21) },
        { time: 100, title: '结尾' },
        { time: 3, title: '一' },
        { time: 3, title: '二' },
        { time: 4, title: '字'.repeat(20) },
      ],
      100,
    );
    expect(p.get(0)?.key).toBe('video.dots.errors.titleRequired');
    expect(p.get(1)?.key).toBe('video.dots.errors.titleLength');
    expect(p.get(2)?.key).toBe('video.dots.errors.timeRange');
    expect(p.has(3)).toBe(false);
    expect(p.get(4)?.key).toBe('video.dots.errors.timeTaken');
    expect(p.has(5)).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => ({ time: i, title: `点${i}` }));
    expect(validateDots(many, 100).get(-1)?.key).toBe('video.dots.errors.tooMany');
    expect(validateDots(many.slice(0, 50), 100).size).toBe(0);
  });
});

describe('uploadFailureMessage', () => {
  const base = { code: 'shardsFailed', message: 'm', messageKey: 'upload.error.shardsFailed' } as const;
  it("the spec's message, with the server's detail", () => {
    expect(uploadFailureMessage({ ...base, serverMessage: 'x' })).toEqual({
      key: base.messageKey,
      detail: 'x',
    });
  });
  it('a refusal with an ercd reads as errors.<ercd>, translated in both languages (issue #8 item 10)', () => {
    const msg = uploadFailureMessage({ ...base, serverMessage: 'x', ercd: 'TOO_MANY_OPEN_UPLOADS' });
    expect(msg).toEqual({ key: 'errors.TOO_MANY_OPEN_UPLOADS', detail: null });
    for (const locale of [enUS, zhCN] as { errors: Record<string, string> }[]) {
      expect(locale.errors.TOO_MANY_OPEN_UPLOADS).toMatch(/\S/);
    }
  });
});
