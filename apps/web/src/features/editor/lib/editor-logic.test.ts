import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEMPLATES, listI18nKeys, type LayerInfo } from '@cc/canvas-engine';
import zhCN from '../../../lib/i18n/locales/zh-CN';
import enUS from '../../../lib/i18n/locales/en-US';
import {
  AutosaveScheduler,
  defaultDesignName,
  exportFileName,
  layerTypeKey,
  listIndexToStackIndex,
  reorderIds,
  templatesForSize,
} from './design-logic';
import { isSlicedFamily, parseUnicodeRange, slicesForText, textsOfDocument } from './cjk-fonts';
import { coverDesignPath, presetFromParam, safeReturnTo, withCoverUrl } from './poster-params';

describe('poster query string', () => {
  it.each([
    ['cover43', 1200, 900],
    ['cover34', 900, 1200],
    ['xhsV', 900, 1200],
    ['xhsH', 1200, 900],
    ['wallpaper', 1080, 1920],
    ['video169', 1280, 720],
  ])('?size=%s opens %ix%i', (param, w, h) => {
    expect(presetFromParam(param)).toMatchObject({ width: w, height: h });
  });

  it('falls back to Xiaohongshu vertical for a missing or unknown size', () => {
    expect(presetFromParam(null).id).toBe('xhs-vertical');
    expect(presetFromParam('toString').id).toBe('xhs-vertical');
  });

  it('accepts only same-origin paths as returnTo', () => {
    expect(safeReturnTo('/article?id=7')).toBe('/article?id=7');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'article',
      '',
      null,
    ])
      expect(safeReturnTo(bad), String(bad)).toBeNull();
  });

  it('adds coverUrl to returnTo, replacing an older one, and builds the cover-flow path', () => {
    expect(withCoverUrl('/article?id=7', '/media/img/0x0/a b.png')).toBe(
      '/article?id=7&coverUrl=%2Fmedia%2Fimg%2F0x0%2Fa+b.png',
    );
    expect(withCoverUrl('/article?coverUrl=old', '/media/x')).toBe('/article?coverUrl=%2Fmedia%2Fx');
    const path = coverDesignPath('/article?id=7');
    const q = new URL(path, 'http://x').searchParams;
    expect(q.get('size')).toBe('cover43');
    expect(q.get('returnTo')).toBe('/article?id=7');
  });
});

describe('panel logic', () => {
  it('ships at least 12 templates and filters them by the current size', () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(12);
    const wallpaper = templatesForSize(TEMPLATES, { width: 1080, height: 1920 });
    expect(wallpaper.length).toBeGreaterThan(0);
    expect(wallpaper.every((t) => t.document.width === 1080 && t.document.height === 1920)).toBe(true);
    expect(templatesForSize(TEMPLATES, { width: 333, height: 333 })).toEqual([]);
    expect(templatesForSize(TEMPLATES, { width: 333, height: 333 }, true)).toHaveLength(TEMPLATES.length);
  });

  it('maps a row of the top-first layer list to the bottom-first stack index', () => {
    expect(listIndexToStackIndex(0, 5)).toBe(4);
    expect(listIndexToStackIndex(4, 5)).toBe(0);
    expect(listIndexToStackIndex(9, 5)).toBe(0);
    const layers = ['a', 'b', 'c'].map((id) => ({ id }) as LayerInfo);
    expect(reorderIds(layers, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(layerTypeKey('textbox')).toBe('editor.ui.layers.type.Textbox');
    expect(layerTypeKey('Group')).toBe('editor.ui.layers.type.Group');
    expect(layerTypeKey('weird')).toBe('editor.ui.layers.type.Path');
  });

  it('names new designs within 40 characters and export files without forbidden characters', () => {
    expect(defaultDesignName('未命名设计', new Date(2026, 0, 2, 3, 4))).toBe('未命名设计 2026-01-02 03:04');
    expect([...defaultDesignName('x'.repeat(60), new Date())].length).toBe(40);
    expect(exportFileName('a/b:c', 'png', 2)).toBe('a_b_c@2x.png');
    expect(exportFileName('  ', 'svg')).toBe('poster.svg');
  });
});

describe('AutosaveScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, debounce after the last change, only when dirty', async () => {
    let dirty = true;
    const save = vi.fn(async () => {
      dirty = false;
    });
    const s = new AutosaveScheduler({ isDirty: () => dirty, save, debounceMs: 1000, intervalMs: 30_000 });
    s.changed();
    await vi.advanceTimersByTimeAsync(900);
    s.changed();
    await vi.advanceTimersByTimeAsync(900);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    s.changed();
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1); // not dirty any more
    s.stop();
  });

  it('saves every 30 s while dirty, and a change during a save saves again after it', async () => {
    let dirty = true;
    let release!: () => void;
    const save = vi.fn(() => new Promise<void>((r) => (release = r)));
    const s = new AutosaveScheduler({ isDirty: () => dirty, save, debounceMs: 1000, intervalMs: 30_000 });
    s.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).toHaveBeenCalledTimes(1);
    const second = s.flush(); // a change arrives while saving
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    dirty = false;
    release();
    await second;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('a failed save does not reject and the next tick retries', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const s = new AutosaveScheduler({ isDirty: () => true, save, intervalMs: 30_000 });
    await expect(s.flush()).resolves.toBeUndefined();
    await s.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });
});

describe('editor strings', () => {
  const get = (o: object, key: string) =>
    key.split('.').reduce<unknown>((acc, part) => (acc as Record<string, unknown> | undefined)?.[part], o);

  it('both languages carry every key the engine hands to the UI', () => {
    for (const key of listI18nKeys()) {
      expect(typeof get(zhCN, key), `zh-CN ${key}`).toBe('string');
      expect(typeof get(enUS, key), `en-US ${key}`).toBe('string');
    }
  });

  it('zh-CN uses the spec §8 editor messages word for word', () => {
    expect(zhCN.editor.msg).toMatchObject({
      fontLoading: '正在加载字体，您耐心等候...',
      fontFailed: '字体加载失败，请重试',
      loadingData: '加载数据中...',
      copySucceeded: '复制成功',
      copyFailed: '复制失败',
      chooseBackgroundImage: '请选择背景图片',
      chooseFile: '请选择文件',
    });
  });
});

describe('CJK font slices', () => {
  it('parses unicode ranges', () => {
    expect(parseUnicodeRange('U+4e00-4e3f, U+5000,U+1f004')).toEqual([
      [0x4e00, 0x4e3f],
      [0x5000, 0x5000],
      [0x1f004, 0x1f004],
    ]);
  });

  it('finds the slices a text needs: none for spaces, one per range, only for shipped CJK families', () => {
    const one = slicesForText('ZCOOL KuaiLe', '新');
    expect(one).toHaveLength(1);
    const many = slicesForText('ZCOOL KuaiLe', '新车上市的一是在不了有和人这中大为主生活试驾海报封面');
    expect(many.length).toBeGreaterThan(1);
    expect(slicesForText('ZCOOL KuaiLe', '   ')).toEqual([]);
    expect(slicesForText('Oswald', '新车')).toEqual([]);
    expect(isSlicedFamily('Ma Shan Zheng')).toBe(true);
    expect(isSlicedFamily('Pacifico')).toBe(false);
  });

  it('collects the text of a document, groups included', () => {
    const doc = {
      objects: [
        { type: 'Textbox', text: '新车', fontFamily: 'ZCOOL KuaiLe' },
        {
          type: 'Group',
          objects: [{ type: 'Textbox', text: '上市', fontFamily: 'Noto Sans SC' }, { type: 'Rect' }],
        },
      ],
    };
    expect(textsOfDocument(doc)).toEqual([
      { family: 'ZCOOL KuaiLe', text: '新车' },
      { family: 'Noto Sans SC', text: '上市' },
    ]);
    expect(textsOfDocument(null)).toEqual([]);
  });
});
