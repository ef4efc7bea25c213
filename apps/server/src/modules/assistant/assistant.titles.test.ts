import { checkTitle } from '@cc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSuggestible } from './assistant.service.js';
import { composeTitles, PATTERN_ORDER, TITLE_TEMPLATES, type TitleSubjects } from './assistant.titles.js';

// Issue #14 "title patterns": templates a car-media editor uses, filled with the text's cars and keywords.

const zh: TitleSubjects = {
  language: 'zh-CN',
  cars: [
    { full: '比亚迪汉L', short: '汉L' },
    { full: '特斯拉Model 3', short: 'Model 3' },
  ],
  words: ['续航', '后排空间', '落地价'],
};
const accept = (t: string) => isSuggestible(t);

describe('composeTitles', () => {
  it('gives one title of each pattern in turn, filled with the cars and keywords', () => {
    const titles = composeTitles(zh, 'article', 5, accept);
    expect(titles.map((t) => t.pattern)).toEqual([...PATTERN_ORDER]);
    expect(titles.map((t) => t.text)).toEqual([
      '比亚迪汉L深度评测：续航和后排空间表现如何',
      '比亚迪汉L的续航和后排空间，车主怎么看？',
      '比亚迪汉L对比特斯拉Model 3：续航谁更出色',
      '比亚迪汉L的3个看点：续航、后排空间和落地价',
      '比亚迪汉L值得买吗？从续航和后排空间看',
    ]);
  });

  it('suits the kind of work (a video is reviewed on video, an album in pictures)', () => {
    expect(composeTitles(zh, 'video', 1, accept)[0]!.text).toBe('比亚迪汉L视频评测：实测续航和后排空间');
    expect(composeTitles(zh, 'album', 1, accept)[0]!.text).toBe('比亚迪汉L实拍图集：细看续航和后排空间');
  });

  it('shortens to fit the 30-character rule: two keywords instead of three, then the series without its brand', () => {
    const car = { full: '梅赛德斯-奔驰迈巴赫S级', short: '迈巴赫S级' };
    const numbersOf = (words: string[]) =>
      composeTitles({ language: 'zh-CN', cars: [car], words }, 'article', 10, accept).find(
        (t) => t.pattern === 'numbers',
      )!.text;
    expect(numbersOf(['后排空间', '空气悬架', '智能座舱'])).toBe(
      '梅赛德斯-奔驰迈巴赫S级的2个看点：后排空间和空气悬架',
    );
    expect(numbersOf(['后排空间舒适性', '空气悬架调校', '智能座舱'])).toBe(
      '迈巴赫S级的3个看点：后排空间舒适性、空气悬架调校和智能座舱',
    );
    const all = composeTitles(
      { language: 'zh-CN', cars: [car], words: ['后排空间舒适性', '空气悬架调校'] },
      'article',
      10,
      accept,
    );
    expect(all.length).toBeGreaterThan(3);
    for (const t of all) expect(checkTitle(t.text)).toBeNull();
  });

  it('falls back to the keyword as subject when no car is named, and compares two cars only when there are two', () => {
    const words: TitleSubjects = { language: 'zh-CN', cars: [], words: ['冬季续航', '热泵空调', '低温'] };
    const titles = composeTitles(words, 'article', 5, accept);
    expect(titles[0]!.text).toBe('冬季续航实测：热泵空调和低温表现如何');
    expect(titles.every((t) => t.text.includes('冬季续航'))).toBe(true);
    const one = composeTitles({ ...zh, cars: [zh.cars[0]!] }, 'article', 10, accept);
    expect(one.filter((t) => t.pattern === 'comparison').map((t) => t.text)).toEqual([
      '比亚迪汉L的续航与后排空间对比',
    ]);
  });

  it('writes English titles for an English text, with a capital after a question mark', () => {
    const en: TitleSubjects = {
      language: 'en-US',
      cars: [{ full: 'Xiaomi SU7', short: 'SU7' }],
      words: ['charging', 'range'],
    };
    const titles = composeTitles(en, 'article', 5, accept).map((t) => t.text);
    expect(titles[0]).toBe('Xiaomi SU7 review: charging and range tested');
    expect(titles).toContain('Should you buy the Xiaomi SU7? Charging and range explained');
  });

  it('never suggests what the caller refuses (here: the current title) and nothing without a subject', () => {
    const current = '比亚迪汉L深度评测：续航和后排空间表现如何';
    const titles = composeTitles(zh, 'article', 10, (t) => isSuggestible(t, current));
    expect(titles.map((t) => t.text)).not.toContain(current);
    expect(composeTitles({ language: 'zh-CN', cars: [], words: [] }, 'article', 5, accept)).toEqual([]);
  });

  it('holds no clickbait word in any template', () => {
    for (const lang of ['zh-CN', 'en-US'] as const)
      for (const t of TITLE_TEMPLATES[lang]) {
        const sample = t.text
          .replace('{s}', lang === 'zh-CN' ? '比亚迪汉L' : 'BYD Han L')
          .replace('{s2}', 'Model 3')
          .replace(/\{k\d\}/g, lang === 'zh-CN' ? '续航' : 'range')
          .replace('{list}', lang === 'zh-CN' ? '续航和油耗' : 'range and fuel use')
          .replace('{n}', '2');
        expect(isSuggestible(sample), `${lang}: ${sample}`).toBe(true);
      }
  });

  it('property: every title obeys the title rule and the word lists, distinct, at most count, deterministic', () => {
    const car = fc.constantFrom(
      { full: '比亚迪汉L', short: '汉L' },
      { full: '小米SU7 Ultra', short: 'SU7 Ultra' },
      { full: '梅赛德斯-奔驰迈巴赫S级', short: '迈巴赫S级' },
      { full: '理想L6', short: 'L6' },
    );
    const word = fc.constantFrom(
      '续航',
      '后排空间',
      '智能座舱',
      '赌博',
      '加微信',
      '底盘调校',
      '空间',
      '冬季续航表现测试结果',
    );
    fc.assert(
      fc.property(
        fc.array(car, { maxLength: 2 }),
        fc.uniqueArray(word, { maxLength: 4 }),
        fc.constantFrom('article', 'video', 'album', 'live', 'program', 'smallVideo' as const),
        fc.integer({ min: 1, max: 10 }),
        (cars, words, type, count) => {
          const subjects: TitleSubjects = { language: 'zh-CN', cars, words };
          const titles = composeTitles(subjects, type, count, accept);
          expect(titles.length).toBeLessThanOrEqual(count);
          expect(new Set(titles.map((t) => t.text)).size).toBe(titles.length);
          for (const t of titles) {
            expect(checkTitle(t.text)).toBeNull();
            expect(t.text).not.toMatch(/赌博|加微信/);
          }
          expect(composeTitles(subjects, type, count, accept)).toEqual(titles);
        },
      ),
      { numRuns: 200 },
    );
  });
});
