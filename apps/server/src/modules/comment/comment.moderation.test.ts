import { describe, expect, it } from 'vitest';
import { createWordMatcher } from '../moderation/moderation.service.js';
import { moderateVoice, type ModerationContext } from './comment.service.js';

// The moderation of readers' voices (issue #13): the order of the reasons and the evasions the normaliser undoes.
const clean: ModerationContext = { readerBlocked: false, matchAuthorWord: null, holdAll: false };
const authorWords = createWordMatcher([
  { word: '二手车商', rule: null },
  { word: 'dealer spam', rule: null },
]);

describe('moderateVoice', () => {
  it('publishes a clean voice', () => {
    expect(moderateVoice('这台车后排空间怎么样？', clean)).toEqual({ state: 'published' });
  });

  it.each([
    ['spaces', '加 我 微 信 返 现'],
    ['hyphens and dots', '加-我.微-信返现'],
    ['a zero-width space', '加我\u200b微信返现'],
    ['an emoji', '加我🙂微信返现'],
    ['full-width letters', 'ＣＡＳＩＮＯ 注册送'],
    ['upper case', 'CaSiNo online'],
    ['traditional characters', '辦假證 快速'],
    ['circled digits do not hide a word next to them', '①赌博②'],
  ])('holds a platform prohibited word written with %s', (_how, text) => {
    const verdict = moderateVoice(text, clean);
    expect(verdict.state).toBe('held');
    expect(verdict.holdCode).toBe('platformWord');
    expect(verdict.holdReason?.code).toBe('REVIEW_SENSITIVE_WORD');
  });

  it('holds contact details for review, naming the word and its rule', () => {
    const verdict = moderateVoice('加 微 信 聊', clean);
    expect(verdict).toMatchObject({
      state: 'held',
      holdCode: 'reviewWord',
      holdReason: {
        code: 'REVIEW_HELD_WORD',
        params: { word: '加微信', rule: { code: 'WORD_RULE_CONTACT_DETAILS' } },
      },
    });
  });

  it("matches the author's words after the same normaliser", () => {
    const ctx = { ...clean, matchAuthorWord: authorWords };
    expect(moderateVoice('你是 二 手 车 商 吧', ctx)).toMatchObject({
      holdCode: 'authorWord',
      holdReason: { code: 'COMMENT_HOLD_AUTHOR_WORD', params: { word: '二手车商' } },
    });
    expect(moderateVoice('DEALER-SPAM here', ctx).holdCode).toBe('authorWord');
    expect(moderateVoice('二手车很好', ctx).state).toBe('published');
  });

  it('gives the first reason in order: blocked reader, platform word, review word, own word, hold-all', () => {
    const all = { readerBlocked: true, matchAuthorWord: authorWords, holdAll: true };
    const text = '赌博 加微信 二手车商';
    expect(moderateVoice(text, all).holdCode).toBe('reader');
    expect(moderateVoice(text, { ...all, readerBlocked: false }).holdCode).toBe('platformWord');
    expect(moderateVoice('加微信 二手车商', { ...all, readerBlocked: false }).holdCode).toBe('reviewWord');
    expect(moderateVoice('二手车商', { ...all, readerBlocked: false }).holdCode).toBe('authorWord');
    expect(moderateVoice('你好', { ...all, readerBlocked: false }).holdCode).toBe('holdAll');
  });
});
