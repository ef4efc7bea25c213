import { describe, expect, it, vi } from 'vitest';
import { creditPlacement, insertCarPhoto } from './car-photo-insert';

// Issue #15 "insertable into … the poster editor with attribution": a car-library picture goes in with its credit as a
// small text element just below it.
const PHOTO = {
  id: 3,
  url: '/media/img/0x0/images/u1/202611/copy-3.jpg',
  width: 1600,
  height: 1200,
  seriesId: 58003,
  brandName: 'BMW',
  seriesName: '3 Series',
  tag: 'exterior' as const,
  attribution: 'Photo: BMW official',
};

describe('creditPlacement', () => {
  it('puts the credit just below the picture as insert.image fits it (60 %, never scaled up)', () => {
    // 1080 × 1920 poster: the 1600 × 1200 picture is scaled to 648 × 486, centred at y 960
    const p = creditPlacement({ width: 1080, height: 1920 }, PHOTO);
    expect(p.fontSize).toBe(23);
    expect(p.top).toBe(Math.round(960 + 243 + 23));
    expect(p.width).toBe(648);
    // a small picture keeps its size
    expect(creditPlacement({ width: 1080, height: 1920 }, { width: 300, height: 200 }).top).toBe(
      960 + 100 + 23,
    );
  });

  it('never leaves the design', () => {
    const p = creditPlacement({ width: 400, height: 100 }, { width: 100, height: 1000 });
    expect(p.top).toBeLessThanOrEqual(100 - p.fontSize);
  });
});

describe('insertCarPhoto', () => {
  it('inserts the image, then the credit text named `credit`, then moves it under the image', async () => {
    const run = vi.fn(async () => true);
    expect(await insertCarPhoto(run, { width: 1080, height: 1920 }, PHOTO)).toBe(true);
    expect(run.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      'insert.image',
      'insert.text',
      'attr.set',
    ]);
    expect(run.mock.calls[0]).toEqual(['insert.image', { url: PHOTO.url }]);
    expect((run.mock.calls[1] as unknown[])[1]).toMatchObject({
      text: 'Photo: BMW official',
      name: 'credit',
    });
    expect(run.mock.calls[2]).toEqual(['attr.set', { attrs: { top: 1226 } }]);
  });

  it('stops when the image cannot be inserted', async () => {
    const run = vi.fn(async () => false);
    expect(await insertCarPhoto(run, { width: 1080, height: 1920 }, PHOTO)).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
