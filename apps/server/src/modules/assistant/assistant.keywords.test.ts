import { describe, expect, it } from 'vitest';
import {
  analyseText,
  CAR_NAME_IDF,
  isCatalogueWord,
  seriesNamesIn,
  textLanguage,
} from './assistant.keywords.js';

// Issue #14 "Content assistant": jieba segmentation with the car catalogue as a dictionary, TF-IDF keywords.
// Series ids of the shipped catalogue (car-catalogue.data.ts; ids never change): 比亚迪 汉 1001, 汉L 1002, 宋PLUS 1006,
// 海豚 1018; 理想 L6 41002; 问界 M7 46002; 小米 SU7 49001, SU7 Ultra 49002; 特斯拉 Model 3 71001, Model Y 71002.

const words = async (text: string) => (await analyseText(text)).keywords.map((k) => k.word);

describe('car names from the catalogue', () => {
  it('finds series written with Latin letters or digits alone, in any case, spacing and width', async () => {
    expect((await analyseText('这次开了小米SU7，SU7的加速很快')).seriesIds).toEqual([49001]);
    expect((await analyseText('su7 的底盘调校很扎实')).seriesIds).toEqual([49001]);
    expect((await analyseText('ＳＵ７的底盘调校很扎实')).seriesIds).toEqual([49001]);
    expect((await analyseText('特斯拉Model 3 和 model3 是同一台车')).seriesIds).toEqual([71001]);
    expect((await analyseText('宋plus dm-i 的油耗')).seriesIds).toEqual([1006]);
  });

  it('takes the longest name (Model Y L is not Model Y, SU7 Ultra is not SU7)', async () => {
    expect((await analyseText('小米SU7 Ultra 的赛道表现')).seriesIds).toEqual([49002]);
    const a = await analyseText('特斯拉 Model Y 的后排空间');
    expect(a.seriesIds).toEqual([71002]);
  });

  it('does not read a name inside a longer Latin word or number (no letter or digit right beside it)', async () => {
    expect((await analyseText('SU75 不是一台车，XSU7 也不是')).seriesIds).toEqual([]);
  });

  it('counts a series of Chinese words only where its brand is named (海豚 is a dolphin, 汉 a script)', async () => {
    expect((await analyseText('海豚音很好听，汉字很美')).seriesIds).toEqual([]);
    expect((await analyseText('比亚迪海豚的续航很扎实，海豚适合城市代步')).seriesIds).toEqual([1018]);
    expect((await analyseText('比亚迪汉的车主说，汉的底盘很稳')).seriesIds).toEqual([1001]);
  });

  it('puts the most named series first, then the first named', async () => {
    const a = await analyseText(
      '理想L6和问界M7怎么选？问界M7的智驾更成熟，问界M7的空间也大，理想L6的后排更舒服。',
    );
    expect(a.seriesIds).toEqual([46002, 41002]);
  });

  it('knows the names in both languages and the words written in the catalogue', () => {
    expect(seriesNamesIn(1002, 'zh-CN')).toEqual({ brand: '比亚迪', series: '汉L' });
    expect(seriesNamesIn(1002, 'en-US')).toEqual({ brand: 'BYD', series: 'Han L' });
    expect(seriesNamesIn(999_999, 'zh-CN')).toBeUndefined();
    expect(isCatalogueWord('PLUS')).toBe(true);
    expect(isCatalogueWord('BMW')).toBe(true);
    expect(isCatalogueWord('AMAZING')).toBe(false);
  });
});

describe('TF-IDF keywords', () => {
  const text =
    '比亚迪汉L上市了，这款中大型轿车的续航表现如何？我们在冬季零下15度实测了汉L的续航，对比特斯拉Model 3和小米SU7，' +
    '汉L的掉电更少。车机系统也升级了，底盘悬架调校、后排空间表现都不错。';

  it('ranks by TF-IDF: the most named series first, then words the text repeats', async () => {
    const a = await analyseText(text);
    expect(a.keywords[0]).toEqual({ word: '汉L', weight: expect.any(Number) });
    expect(a.keywords[1]!.word).toBe('续航');
    // weights descend, 4 decimals
    for (let i = 1; i < a.keywords.length; i++)
      expect(a.keywords[i - 1]!.weight).toBeGreaterThanOrEqual(a.keywords[i]!.weight);
    for (const k of a.keywords) expect(Math.round(k.weight * 10_000) / 10_000).toBe(k.weight);
  });

  it('keeps the domain dictionary words whole and shows names as the catalogue writes them', async () => {
    const w = await words(text);
    expect(w).toContain('车机系统');
    expect(w).toContain('后排空间');
    expect(w).toContain('Model 3');
    expect(w).not.toContain('Model3');
  });

  it('drops numbers, fragments of names, single characters, stop words and runs of letters', async () => {
    const w = await words(text);
    for (const junk of ['15', 'DM', 'i', '这款', '我们', '表现', '度']) expect(w).not.toContain(junk);
    expect(await words(`${'a'.repeat(5000)} 续航`)).toEqual(['续航']);
  });

  it('gives a series name the largest IDF and an unknown word the median (jieba default), not the other way round', async () => {
    // one mention each: weight = IDF ÷ terms, so the ratio of two weights is the ratio of their IDFs
    const a = await analyseText('SU7 后排空间');
    const su7 = a.keywords.find((k) => k.word === 'SU7')!.weight;
    const other = a.keywords.find((k) => k.word === '后排空间')!.weight;
    expect(su7 / other).toBeCloseTo(CAR_NAME_IDF / 11.9547675029, 3);
  });

  it('lists the words that are not car names for the titles', async () => {
    const a = await analyseText(text);
    expect(a.words[0]).toBe('续航');
    for (const name of ['汉L', 'Model 3', 'SU7', '比亚迪', '特斯拉']) expect(a.words).not.toContain(name);
  });

  it('keeps Chinese-only series names as ordinary words when they are not cars here', async () => {
    expect((await analyseText('下午喝了一杯拿铁，拿铁的奶泡很香')).words).toContain('拿铁');
  });

  it('is deterministic: the same text gives the same analysis', async () => {
    expect(await analyseText(text)).toEqual(await analyseText(text));
  });

  it('bounds the list', async () => {
    expect((await analyseText(text, 3)).keywords).toHaveLength(3);
  });
});

describe('textLanguage', () => {
  it('is zh-CN for Chinese (with car names in Latin letters) and en-US for English', () => {
    expect(textLanguage('小米SU7 Ultra 的赛道表现')).toBe('zh-CN');
    expect(textLanguage('We drove the Xiaomi SU7 Ultra for a week')).toBe('en-US');
    expect(textLanguage('12345')).toBe('en-US');
  });
});
