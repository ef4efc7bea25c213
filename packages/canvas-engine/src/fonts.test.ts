import { describe, expect, it } from 'vitest';
import { FontLoader, withTimeLimit } from './fonts';

describe('font loading has a time limit (a stalled font file must not keep 正在加载字体 on screen)', () => {
  it('withTimeLimit passes a value through and rejects a promise that never settles', async () => {
    await expect(withTimeLimit(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withTimeLimit(new Promise<never>(() => undefined), 30)).rejects.toThrow(
      'font load timed out',
    );
  });

  it('a font file that never arrives is `failed` after the limit, and calling again retries', async () => {
    // a FontFace whose load never settles: without the limit, load() would never resolve and this test would time out
    const real = globalThis.FontFace;
    globalThis.FontFace = class {
      load() {
        return new Promise<never>(() => undefined);
      }
    } as unknown as typeof FontFace;
    try {
      const statuses: string[] = [];
      const loader = new FontLoader(
        [{ family: 'Stalled Font', url: '/never.woff2' }],
        () => statuses.push(loader.snapshot()['Stalled Font'] ?? ''),
        40,
      );
      expect(await loader.load('Stalled Font')).toBe(false);
      expect(statuses).toEqual(['loading', 'failed']);
      expect(await loader.load('Stalled Font')).toBe(false);
      expect(statuses).toEqual(['loading', 'failed', 'loading', 'failed']);
    } finally {
      globalThis.FontFace = real;
    }
  });
});
