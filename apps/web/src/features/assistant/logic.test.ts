import { describe, expect, it } from 'vitest';
import { assistantPath, formatTitleLength, titleMeter } from './logic';

describe('content assistant logic', () => {
  it('links to the page with the topic encoded, or without one', () => {
    expect(assistantPath('冬季续航')).toBe('/contentAssistant?topic=%E5%86%AC%E5%AD%A3%E7%BB%AD%E8%88%AA');
    expect(assistantPath('比亚迪 汉&L')).toBe(
      '/contentAssistant?topic=%E6%AF%94%E4%BA%9A%E8%BF%AA%20%E6%B1%89%26L',
    );
    expect(assistantPath('  ')).toBe('/contentAssistant');
    expect(assistantPath()).toBe('/contentAssistant');
  });

  it('measures a title as the rule does: Chinese 1, Latin letters and digits ½, within 6–30', () => {
    expect(titleMeter('理想L6')).toEqual({ length: 3, ok: false });
    expect(titleMeter(' 实拍新款宝马X3 ')).toEqual({ length: 7, ok: true });
    expect(titleMeter('汉'.repeat(31))).toEqual({ length: 31, ok: false });
    expect(formatTitleLength(7)).toBe('7');
    expect(formatTitleLength(22.5)).toBe('22.5');
  });
});
