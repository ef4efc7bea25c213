import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createWordMatcher,
  findProhibitedWord,
  normaliseForModeration,
  SENSITIVE_WORDS,
} from './moderation.service.js';

// Issue #10 "Review": one normaliser and one matcher for every type of work (and comments, issue #13).
describe('normaliseForModeration', () => {
  it.each([
    ['加 微 信', '加微信'],
    ['加-微-信', '加微信'],
    ['加.微.信', '加微信'],
    ['加*微*信', '加微信'],
    ['加\u200b微\u200d信', '加微信'], // zero-width characters
    ['加🙂微🚗信', '加微信'], // emoji
    ['加　微　信', '加微信'], // ideographic spaces
    ['ＣＡＳＩＮＯ', 'casino'], // full-width letters
    ['Ｆａｋｅ　Ｉｎｖｏｉｃｅ', 'fakeinvoice'],
    ['賭博', '赌博'], // traditional → simplified
    ['辦假證', '办假证'],
    ['調錶車', '调表车'],
    ['①②③', '123'], // compatibility forms
    ['Fake Invoice!', 'fakeinvoice'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseForModeration(input)).toBe(expected);
  });

  it('is idempotent and never longer than its input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const once = normaliseForModeration(text);
        expect(normaliseForModeration(once)).toBe(once);
        expect([...once].length).toBeLessThanOrEqual([...text.normalize('NFKC')].length);
      }),
    );
  });
});

describe('findProhibitedWord: the platform list', () => {
  it('every listed word is found as listed, whatever the spelling around it', () => {
    for (const entry of SENSITIVE_WORDS) {
      const spread = [...entry.word].join(' ');
      for (const text of [
        `正文${entry.word}结尾`,
        `正文 ${spread} 结尾`,
        `正文${entry.word.toUpperCase()}`,
      ]) {
        expect(findProhibitedWord(text), text).toEqual(entry);
      }
    }
  });

  it.each([
    ['加 我 微 信，返现更多', '加我微信'],
    ['加-微-信-返-现', '加微信返现'],
    ['本店可以代開發票', '代开发票'],
    ['歡迎來到ＣＡＳＩＮＯ', 'casino'],
    ['专业 調 錶 車 整备', '调表车'],
    ['私聊🙂加群', '私聊加群'],
  ])('catches the evasion %s as %s', (text, word) => {
    expect(findProhibitedWord(text)?.word).toBe(word);
  });

  it.each([
    '新款车机增加微信支付功能，停车缴费更方便',
    '这台车的油耗表现不错，值得推荐',
    '冬季用车：如何保养电池',
    'The occasion called for a test drive.',
  ])('passes clean text: %s', (text) => {
    expect(findProhibitedWord(text)).toBeNull();
  });
});

describe('createWordMatcher', () => {
  const match = createWordMatcher([
    { word: '加微信', rule: 'a' },
    { word: '加微信返现', rule: 'b' },
    { word: '返现', rule: 'c' },
    { word: '加 微信', rule: 'dup' }, // normalises like the first: the first listed wins
    { word: '  ', rule: 'empty' }, // normalises to nothing: ignored
  ]);

  it('reports the match that starts first, the longest one on a tie', () => {
    expect(match('快来加微信返现')).toEqual({ word: '加微信返现', rule: 'b' });
    expect(match('返现，加微信')).toEqual({ word: '返现', rule: 'c' });
    expect(match('加微信')).toEqual({ word: '加微信', rule: 'a' });
  });

  it('ignores entries that normalise to nothing, and an empty list finds nothing', () => {
    expect(match('   ')).toBeNull();
    expect(createWordMatcher([])('加微信')).toBeNull();
  });

  it('finds the same as a naive scan of the normalised text (property)', () => {
    const words = ['赌博', '刷单', 'casino', '调表车'];
    const matcher = createWordMatcher(words.map((word) => ({ word, rule: word })));
    const piece = fc.constantFrom('赌', '博', '刷', '单', 'ca', 'sino', '调', '表车', ' ', '-', '好', '車');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const flat = normaliseForModeration(text);
        const naive = words
          .map((w) => ({ w, at: flat.indexOf(w) }))
          .filter((x) => x.at >= 0)
          .sort((a, b) => a.at - b.at || b.w.length - a.w.length)[0];
        expect(matcher(text)?.word ?? null).toBe(naive?.w ?? null);
      }),
    );
  });
});
