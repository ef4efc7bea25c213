import { describe, expect, it } from 'vitest';
import { dynamicTitleOf } from '@cc/contracts';
import {
  canSaveDraft,
  EMPTY_DYNAMIC,
  moveItem,
  serverFieldErrors,
  snapshotOf,
  toPublishInput,
  validateDynamicForm,
  valuesFromDetail,
  type DynamicFormValues,
} from './logic';

const NOW = new Date('2026-03-01T08:00:00Z');
const values = (over: Partial<DynamicFormValues> = {}): DynamicFormValues => ({
  ...EMPTY_DYNAMIC,
  text: '今天去试驾了',
  ...over,
});
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe('validateDynamicForm (the rules the server runs, API.md §13)', () => {
  it('text 1–2000 characters counted in code points, trimmed, for any save', () => {
    expect(validateDynamicForm(values({ text: '字'.repeat(2000) }), 1, NOW)).toEqual({});
    expect(validateDynamicForm(values({ text: '🚗'.repeat(2000) }), 1, NOW)).toEqual({});
    expect(validateDynamicForm(values({ text: '字'.repeat(2001) }), 1, NOW).text).toEqual({
      code: 'DYNAMIC_TEXT_LENGTH',
      params: { max: 2000 },
    });
    expect(validateDynamicForm(values({ text: '   \n ' }), 0, NOW).text?.code).toBe('DYNAMIC_TEXT_LENGTH');
  });

  it('at most 9 images and 10 car series', () => {
    const images = Array.from({ length: 10 }, (_, i) => `/media/img/0x0/images/u1/${i}.png`);
    expect(validateDynamicForm(values({ images: images.slice(0, 9) }), 1, NOW)).toEqual({});
    expect(validateDynamicForm(values({ images }), 1, NOW).images?.code).toBe('DYNAMIC_IMAGES_TOO_MANY');
    const carSeries = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, brand: 'B', series: `S${i}` }));
    expect(validateDynamicForm(values({ carSeries }), 1, NOW).carSeriesIds?.code).toBe('CAR_SERIES_TOO_MANY');
  });

  it('a schedule 5 minutes to 30 days ahead, only when scheduling', () => {
    const at = (m: number) =>
      validateDynamicForm(values({ scheduledAt: minutes(m) }), 2, NOW).scheduledAt?.code;
    expect(at(4)).toBe('SCHEDULE_TOO_SOON');
    expect(at(-1)).toBe('SCHEDULE_PAST');
    expect(at(30 * 24 * 60 + 1)).toBe('SCHEDULE_TOO_FAR');
    expect(at(5)).toBeUndefined();
    expect(validateDynamicForm(values({ scheduledAt: null }), 2, NOW).scheduledAt?.code).toBe(
      'SCHEDULE_INVALID',
    );
    expect(validateDynamicForm(values({ scheduledAt: minutes(1) }), 1, NOW)).toEqual({});
  });
});

describe('the payload and the saves', () => {
  it('toPublishInput sends ids, the trimmed text, and scheduledAt only for a schedule', () => {
    const v = values({
      text: '  正文  ',
      images: ['/media/img/0x0/images/u1/a.png'],
      video: { id: 7, title: 'v', coverUrl: null, duration: 12 },
      topicId: 3,
      carSeries: [{ id: 1001, brand: '比亚迪', series: '汉' }],
      scheduledAt: minutes(60),
    });
    expect(toPublishInput(v, 1)).toEqual({
      text: '正文',
      images: ['/media/img/0x0/images/u1/a.png'],
      videoId: 7,
      topicId: 3,
      carSeriesIds: [1001],
      publishType: 1,
    });
    expect(toPublishInput(v, 2)).toMatchObject({ publishType: 2, scheduledAt: minutes(60) });
    expect(toPublishInput(values(), 0)).toEqual({
      text: '今天去试驾了',
      images: [],
      carSeriesIds: [],
      publishType: 0,
    });
  });

  it('never offers "save draft" on a published or held dynamic (it would take it away from readers)', () => {
    expect(canSaveDraft('published')).toBe(false);
    expect(canSaveDraft('reviewing')).toBe(false);
    expect(canSaveDraft('scheduled')).toBe(true);
    expect(canSaveDraft(null)).toBe(true);
  });

  it('the snapshot ignores what the server does not store (names, the schedule mode) but not the order of images', () => {
    const a = values({ images: ['x', 'y'], carSeries: [{ id: 1, brand: 'A', series: 'B' }] });
    expect(snapshotOf({ ...a, carSeries: [{ id: 1, brand: 'other', series: 'name' }] })).toBe(snapshotOf(a));
    expect(snapshotOf({ ...a, mode: 'scheduled' })).toBe(snapshotOf(a));
    expect(snapshotOf({ ...a, images: ['y', 'x'] })).not.toBe(snapshotOf(a));
    expect(snapshotOf({ ...a, text: `${a.text}  ` })).toBe(snapshotOf(a));
  });

  it('reads a detail back into the form (a scheduled one in the schedule mode)', () => {
    const v = valuesFromDetail({
      id: 5,
      text: 't',
      status: 'scheduled',
      rejectReason: null,
      images: ['a'],
      videoId: null,
      video: null,
      topicId: null,
      carSeriesIds: [2],
      carSeries: [{ id: 2, brand: 'b', series: 's' }],
      scheduledAt: '2026-03-02T00:00:00.000Z',
      publishedAt: null,
      updatedAt: '2026-03-01T00:00:00.000Z',
      stats: { views: 0, likes: 0, comments: 0, shares: 0 },
    });
    expect(v).toMatchObject({ mode: 'scheduled', scheduledAt: '2026-03-02T00:00:00.000Z', images: ['a'] });
  });

  it('maps a 10007’s fields to the form (first message per field), ignoring unknown paths', () => {
    expect(
      serverFieldErrors([
        { path: 'images.3', message: 'm1', code: 'IMAGE_NOT_YOURS' },
        { path: 'images.4', message: 'm2', code: 'IMAGE_NOT_YOURS' },
        { path: 'videoId', message: 'm3', code: 'DYNAMIC_VIDEO_NOT_YOURS' },
        { path: 'requestId', message: 'm4', code: 'X' },
      ]),
    ).toEqual({ images: 'm1', videoId: 'm3' });
  });

  it('moveItem moves one image and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });

  it('a dynamic’s title is its text’s first 30 code points on one line (contracts)', () => {
    expect(dynamicTitleOf('  第一行\n\n第二行  ')).toBe('第一行 第二行');
    expect(dynamicTitleOf('🚗'.repeat(40))).toBe('🚗'.repeat(30));
  });
});
