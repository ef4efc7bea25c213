import { describe, expect, it } from 'vitest';
import zhCN from './locales/zh-CN';
import enUS from './locales/en-US';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('locales', () => {
  it('zh-CN and en-US carry exactly the same keys, none empty', () => {
    expect(keys(enUS).sort()).toEqual(keys(zhCN).sort());
    for (const k of keys(zhCN)) {
      const get = (o: object) =>
        k.split('.').reduce<unknown>((acc, part) => (acc as Record<string, unknown>)[part], o);
      expect(String(get(zhCN)).length, k).toBeGreaterThan(0);
      expect(String(get(enUS)).length, k).toBeGreaterThan(0);
    }
  });

  it('has the spec error-screen words in both languages', () => {
    expect(zhCN.errors).toMatchObject({
      notFoundTitle: '页面未找到',
      notFoundText: '很抱歉，您访问的页面不存在',
      serverTitle: '服务器异常',
    });
    expect(zhCN.common.backHome).toBe('返回首页');
    expect(enUS.errors).toMatchObject({
      notFoundTitle: 'page not found',
      notFoundText: 'very sorry, the page you visited does not exist',
      serverTitle: 'server exception',
    });
  });
});
