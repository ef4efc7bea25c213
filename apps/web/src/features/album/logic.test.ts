import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { AlbumDetail } from '@cc/contracts';
import {
  albumCopy,
  disabledScheduleTime,
  effectiveCover,
  formFromCopy,
  formFromDetail,
  moveCard,
  placeErrors,
  roomLeft,
  savedSnapshot,
  smallImages,
  toPublishParam,
  validateAlbum,
  type AlbumFormValues,
} from './logic';

const img = (n: number, extra: Partial<AlbumFormValues['images'][number]> = {}) => ({
  key: `k${n}`,
  url: `/media/img/0x0/images/u1/202601/${n}.png`,
  caption: '',
  ...extra,
});

const form = (over: Partial<AlbumFormValues> = {}): AlbumFormValues => ({
  title: '冬季自驾川西的一组风景',
  images: [img(1), img(2), img(3)],
  coverUrl: null,
  carSeries: [],
  topicId: null,
  mode: 'now',
  scheduledAt: null,
  ...over,
});

describe('the album/publish param (API.md §13)', () => {
  it('publish now: publishType 1, captions trimmed, the first image the cover unless one is chosen', () => {
    const values = form({
      title: '  冬季自驾川西的一组风景 ',
      images: [img(1, { caption: ' 雪山 ' }), img(2)],
      carSeries: [{ id: 12001, brand: '比亚迪', series: '汉' }],
      topicId: 3,
    });
    expect(toPublishParam(values, 'publish')).toEqual({
      title: '冬季自驾川西的一组风景',
      images: [
        { url: img(1).url, caption: '雪山' },
        { url: img(2).url, caption: '' },
      ],
      coverUrl: img(1).url,
      carSeriesIds: [12001],
      topicId: 3,
      publishType: 1,
    });
    expect(toPublishParam({ ...values, coverUrl: img(2).url }, 'publish').coverUrl).toBe(img(2).url);
  });

  it('a cover removed from the images falls back to the first image', () => {
    const values = form({ coverUrl: '/media/img/0x0/images/u1/202601/gone.png' });
    expect(effectiveCover(values)).toBe(img(1).url);
    expect(effectiveCover(form({ images: [] }))).toBeNull();
  });

  it('scheduled: publishType 2 with the time; a draft is 0 and sends no time', () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const values = form({ mode: 'scheduled', scheduledAt: at });
    expect(toPublishParam(values, 'publish')).toMatchObject({ publishType: 2, scheduledAt: at });
    const draft = toPublishParam(values, 'draft');
    expect(draft.publishType).toBe(0);
    expect(draft).not.toHaveProperty('scheduledAt');
  });
});

describe('validateAlbum (the server’s schema, in the page’s language)', () => {
  it('passes a valid album', () => {
    expect(validateAlbum(form(), 'publish', 'en-US')).toEqual({ fields: {}, cards: {} });
  });

  it('needs 1–50 images', () => {
    expect(validateAlbum(form({ images: [] }), 'draft', 'en-US').fields.images).toBe('add at least 1 image');
    const many = Array.from({ length: 51 }, (_, i) => img(i));
    expect(validateAlbum(form({ images: many }), 'publish', 'zh-CN').fields.images).toBe(
      '图集最多 50 张图片',
    );
  });

  it('a caption over 200 characters is marked on its card', () => {
    const values = form({ images: [img(1), img(2, { caption: '字'.repeat(201) })] });
    expect(validateAlbum(values, 'publish', 'en-US').cards).toEqual({
      k2: 'a caption can be at most 200 characters',
    });
  });

  it('the title rule to publish; any title for a draft', () => {
    const values = form({ title: '短标题' });
    expect(validateAlbum(values, 'publish', 'en-US').fields.title).toMatch(/6-30/);
    expect(validateAlbum(values, 'draft', 'en-US')).toEqual({ fields: {}, cards: {} });
    expect(validateAlbum(form({ title: ' ' }), 'draft', 'en-US').fields.title).toBeDefined();
  });

  it('a schedule 5 minutes to 30 days ahead', () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect(
      validateAlbum(form({ mode: 'scheduled', scheduledAt: soon }), 'publish', 'en-US').fields.scheduledAt,
    ).toBe('the scheduled time must be at least 5 minutes ahead');
    const far = new Date(Date.now() + 31 * 86_400_000).toISOString();
    expect(
      validateAlbum(form({ mode: 'scheduled', scheduledAt: far }), 'publish', 'en-US').fields.scheduledAt,
    ).toBeDefined();
    expect(
      validateAlbum(form({ mode: 'scheduled', scheduledAt: null }), 'publish', 'en-US').fields.scheduledAt,
    ).toBeDefined();
  });
});

describe('placeErrors: the server’s field paths beside their fields', () => {
  it('images.<i>.url on the card at that place, the rest on their fields', () => {
    const images = [img(1), img(2), img(3)];
    expect(
      placeErrors(
        [
          { path: 'images.2.url', message: 'not yours' },
          { path: 'images.2.caption', message: 'second message of the same card' },
          { path: 'images', message: 'at most 50' },
          { path: 'carSeriesIds.1', message: 'no such series' },
          { path: 'scheduledAt', message: 'too soon' },
          { path: 'images.9.url', message: 'a card that is gone' },
          { path: 'requestId', message: 'ignored' },
        ],
        images,
      ),
    ).toEqual({
      cards: { k3: 'not yours' },
      fields: { images: 'at most 50', carSeriesIds: 'no such series', scheduledAt: 'too soon' },
    });
  });
});

describe('cards', () => {
  it('moveCard moves one card to another place and keeps the others in order', () => {
    expect(moveCard(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveCard(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveCard(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('smallImages names the images known to be under 200×200 (1-based)', () => {
    expect(
      smallImages([img(1, { width: 800, height: 600 }), img(2, { width: 199, height: 900 }), img(3)]),
    ).toEqual([2]);
  });

  it('roomLeft counts images and uploads against 50', () => {
    expect(roomLeft(new Array(48), 1)).toBe(1);
    expect(roomLeft(new Array(50), 3)).toBe(0);
  });
});

describe('the local copy and the dirty check', () => {
  it('a copy restores the same form (new card keys), sizes included', () => {
    const values = form({ images: [img(1, { caption: '雪山', width: 800, height: 600 }), img(2)] });
    const copy = JSON.parse(JSON.stringify(albumCopy(values))) as ReturnType<typeof albumCopy>;
    const back = formFromCopy(copy);
    expect(back.images.map(({ key: _k, ...rest }) => rest)).toEqual([
      { url: img(1).url, caption: '雪山', width: 800, height: 600 },
      { url: img(2).url, caption: '' },
    ]);
    expect(savedSnapshot(back)).toBe(savedSnapshot(values));
  });

  it('the snapshot changes with order, caption, cover and schedule, not with card keys or sizes', () => {
    const base = form();
    expect(savedSnapshot(form({ images: [img(2), img(1), img(3)] }))).not.toBe(savedSnapshot(base));
    expect(savedSnapshot(form({ images: [img(1, { caption: 'x' }), img(2), img(3)] }))).not.toBe(
      savedSnapshot(base),
    );
    expect(savedSnapshot(form({ coverUrl: img(3).url }))).not.toBe(savedSnapshot(base));
    expect(savedSnapshot(form({ images: [img(1, { key: 'other', width: 1 }), img(2), img(3)] }))).toBe(
      savedSnapshot(base),
    );
  });

  it('an album opens as saved: its detail, scheduled mode for a scheduled album', () => {
    const detail: AlbumDetail = {
      id: 7,
      title: '冬季自驾川西的一组风景',
      status: 'scheduled',
      rejectReason: null,
      images: [
        { url: img(1).url, caption: '雪山' },
        { url: img(2).url, caption: '' },
      ],
      coverUrl: img(2).url,
      carSeriesIds: [],
      carSeries: [],
      topicId: null,
      scheduledAt: '2030-01-01T08:00:00.000Z',
      publishedAt: null,
      updatedAt: '2029-12-31T08:00:00.000Z',
    };
    const values = formFromDetail(detail);
    expect(values).toMatchObject({
      mode: 'scheduled',
      scheduledAt: detail.scheduledAt,
      coverUrl: img(2).url,
    });
    expect(toPublishParam(values, 'publish')).toMatchObject({ coverUrl: img(2).url, publishType: 2 });
  });
});

describe('disabledScheduleTime (5 minutes to 30 days)', () => {
  it('on the first day, hours and minutes before now + 5 minutes are not offered', () => {
    const now = dayjs('2026-03-01T10:57:00');
    const first = disabledScheduleTime(now, now);
    expect(first.disabledHours?.()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.disabledMinutes?.(11)).toEqual([0, 1]);
    expect(first.disabledMinutes?.(12)).toEqual([]);
  });

  it('on the last day, times after now + 30 days are not offered; other days are free', () => {
    const now = dayjs('2026-03-01T10:00:00');
    const last = disabledScheduleTime(now.add(30, 'day'), now);
    expect(last.disabledHours?.()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(last.disabledMinutes?.(10)).toEqual(Array.from({ length: 59 }, (_, i) => i + 1));
    expect(disabledScheduleTime(now.add(3, 'day'), now)).toEqual({});
  });
});
