import { describe, expect, it } from 'vitest';
import { BODY_MARKUP_MAX_BYTES } from './constants.js';
import {
  contentListParamSchema,
  messageListParamSchema,
  publishArticleParamSchema,
  utf8ByteLength,
} from './schemas.js';

describe('publishArticleParamSchema', () => {
  const good = {
    title: '新车试驾体验分享',
    content: '<p>这是一篇足够长的正文内容。</p>',
    coverUrls: ['/media/img/0x0/a.jpg'],
    publishType: 1,
  };
  it('accepts a valid article', () => {
    expect(publishArticleParamSchema.safeParse(good).success).toBe(true);
  });
  it('applies title and body rules when publishing, with field paths', () => {
    const r = publishArticleParamSchema.safeParse({ ...good, title: '短', content: '<p>短</p>' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['title', 'content']);
  });
  it('requires a cover to publish but not for a draft', () => {
    expect(publishArticleParamSchema.safeParse({ ...good, coverUrls: [] }).success).toBe(false);
    expect(
      publishArticleParamSchema.safeParse({ ...good, coverUrls: [], content: '', publishType: 0 }).success,
    ).toBe(true);
  });
  it('refuses covers that are not our media', () => {
    expect(publishArticleParamSchema.safeParse({ ...good, coverUrls: ['javascript:alert(1)'] }).success).toBe(
      false,
    );
  });
});

describe('pagination (API.md §3)', () => {
  it('defaults page 1 / 20 and caps pageSize at 100', () => {
    expect(contentListParamSchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
    expect(contentListParamSchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(contentListParamSchema.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('article body bound in UTF-8 bytes (issue #8 item 3)', () => {
  const base = { title: 'a draft title', publishType: 0 as const };
  it('CJK markup at the byte bound passes, one more byte is refused naming content', () => {
    // '汉' is 3 bytes: fill to exactly the bound with '<p>…</p>' (7 bytes) and ASCII padding
    const cjk = '汉'.repeat(Math.floor((BODY_MARKUP_MAX_BYTES - 7) / 3));
    const pad = 'a'.repeat(BODY_MARKUP_MAX_BYTES - 7 - utf8ByteLength(cjk));
    const atBound = `<p>${cjk}${pad}</p>`;
    expect(utf8ByteLength(atBound)).toBe(BODY_MARKUP_MAX_BYTES);
    expect(publishArticleParamSchema.safeParse({ ...base, content: atBound }).success).toBe(true);
    const over = publishArticleParamSchema.safeParse({ ...base, content: `${atBound}a` });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.path.join('.'))).toEqual(['content']);
  });
  it('counts bytes, not characters', () => {
    expect(utf8ByteLength('ab')).toBe(2);
    expect(utf8ByteLength('汉字')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
  });
});

describe('messageListParamSchema.unreadOnly', () => {
  it('reads booleans and their string forms; "false" is false', () => {
    const read = (v: unknown) => messageListParamSchema.parse({ unreadOnly: v }).unreadOnly;
    expect(read(true)).toBe(true);
    expect(read(false)).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('false')).toBe(false);
    expect(read('1')).toBe(true);
    expect(read('0')).toBe(false);
    expect(messageListParamSchema.safeParse({ unreadOnly: 'maybe' }).success).toBe(false);
  });
});
