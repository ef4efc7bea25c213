import { describe, expect, it } from 'vitest';
import { canonicalImageSize, IMAGE_SIZES, imageUrlAtSize } from './image-sizes.js';

const key = (s: { width: number; height: number }) => `${s.width}x${s.height}`;
const allowed = new Set(IMAGE_SIZES.map(key));

describe('canonicalImageSize (issue #8 item 6)', () => {
  it('maps every size of 0..4096 × {0, same, other} into IMAGE_SIZES, idempotently', () => {
    for (let w = 0; w <= 4096; w += 1) {
      for (const h of [0, w, (w * 7) % 4097, 4096 - w]) {
        const size = canonicalImageSize(w, h);
        expect(allowed.has(key(size))).toBe(true);
        expect(canonicalImageSize(size.width, size.height)).toEqual(size);
      }
    }
  });
  it('maps each member to itself', () => {
    for (const s of IMAGE_SIZES) expect(canonicalImageSize(s.width, s.height)).toEqual(s);
  });
  it('rounds up to the nearest member so nothing is blurrier than asked, capped at the largest', () => {
    expect(canonicalImageSize(100, 100)).toEqual({ width: 120, height: 120 });
    expect(canonicalImageSize(121, 121)).toEqual({ width: 200, height: 200 });
    expect(canonicalImageSize(300, 300)).toEqual({ width: 200, height: 200 });
    expect(canonicalImageSize(1, 0)).toEqual({ width: 240, height: 0 });
    expect(canonicalImageSize(241, 0)).toEqual({ width: 800, height: 0 });
    expect(canonicalImageSize(4096, 0)).toEqual({ width: 800, height: 0 });
    // A non-square box keeps the whole picture (spec §9's 630×420 → 800×533 is served 800 wide).
    expect(canonicalImageSize(800, 533)).toEqual({ width: 800, height: 0 });
    expect(canonicalImageSize(0, 150)).toEqual({ width: 240, height: 0 });
  });
  it('treats nonsense as 0', () => {
    expect(canonicalImageSize(-5, Number.NaN)).toEqual({ width: 0, height: 0 });
    expect(canonicalImageSize(1.5, 0)).toEqual({ width: 0, height: 0 });
  });
  it('imageUrlAtSize rewrites the embedded size only', () => {
    expect(imageUrlAtSize('/media/img/0x0/images/a.png', 240, 0)).toBe('/media/img/240x0/images/a.png');
    expect(imageUrlAtSize('https://h.example/media/img/0x0/a.png', 90, 90)).toBe(
      'https://h.example/media/img/120x120/a.png',
    );
    expect(imageUrlAtSize('/other/0x0/a.png', 240, 0)).toBe('/other/0x0/a.png');
  });
});
