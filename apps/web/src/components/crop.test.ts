import { describe, expect, it } from 'vitest';
import { COVER_ASPECTS, cropOutputSize } from './crop';
import { checkImageFile, toUploadResult } from './image-upload';

describe('cover crop', () => {
  it('offers exactly 4:3 and 3:4', () => {
    expect(COVER_ASPECTS.map((a) => a.key)).toEqual(['4:3', '3:4']);
    expect(COVER_ASPECTS[0].value).toBeCloseTo(4 / 3);
    expect(COVER_ASPECTS[1].value).toBeCloseTo(3 / 4);
  });

  it('keeps the crop area size, scaling the long side down to 1600', () => {
    expect(cropOutputSize({ x: 0, y: 0, width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(cropOutputSize({ x: 10, y: 10, width: 4000, height: 3000 })).toEqual({
      width: 1600,
      height: 1200,
    });
    expect(cropOutputSize({ x: 0, y: 0, width: 1500, height: 2000 })).toEqual({ width: 1200, height: 1600 });
  });
});

describe('image upload widget rules (API.md §8)', () => {
  it('accepts JPEG, PNG, GIF, WebP up to 20 MiB only', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 20 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/svg+xml', size: 1 })).toBe('article.badFormat');
    expect(checkImageFile({ type: 'image/png', size: 20 * 1024 * 1024 + 1 })).toBe('article.tooLarge');
  });

  it('unwraps the envelope and throws its message on failure', () => {
    const data = { url: '/media/img/0x0/a.jpg', key: 'a.jpg', width: 1, height: 1, size: 1 };
    expect(toUploadResult({ status: 1, message: 'success', data })).toEqual(data);
    expect(toUploadResult(data)).toEqual(data);
    expect(() => toUploadResult({ status: 10010, message: 'file too large', data: null })).toThrow(
      'file too large',
    );
  });
});
