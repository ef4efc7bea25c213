import { describe, expect, it } from 'vitest';
import { BLOCKED_WORDS_MAX, COMMENT_BATCH_MAX, commentListParamSchema } from '@cc/contracts';
import {
  activeTab,
  canHeart,
  canHide,
  canPin,
  canPublish,
  canReply,
  checkBlockedWords,
  closeReplyTarget,
  filtersToQuery,
  isBatchTooBig,
  isDay,
  isReplyValid,
  listParamOf,
  parseFilters,
  parseInboxPath,
  splitBlockedWords,
  tabTarget,
} from './logic';

describe('splitBlockedWords (issue #13: blocked words pasted in bulk)', () => {
  it('splits on new lines, commas, 、 and semicolons, trims each word and drops empty ones', () => {
    expect(splitBlockedWords('傻瓜，笨蛋、 垃圾；\n\n广告,  刷单 ;加微信\r\n 私聊 ')).toEqual([
      '傻瓜',
      '笨蛋',
      '垃圾',
      '广告',
      '刷单',
      '加微信',
      '私聊',
    ]);
  });

  it('keeps the spaces inside a word, and a repeated word once', () => {
    expect(splitBlockedWords('free money\nfree money、 spam ')).toEqual(['free money', 'spam']);
  });

  it('reads nothing from blank text or separators alone', () => {
    expect(splitBlockedWords('')).toEqual([]);
    expect(splitBlockedWords(' \n，、；;,\n ')).toEqual([]);
  });
});

describe('checkBlockedWords (contracts: at most 1000 words of at most 30 characters)', () => {
  it('accepts 1000 words of 30 characters', () => {
    const words = Array.from({ length: BLOCKED_WORDS_MAX }, (_, i) => `${i}`.padEnd(30, 'x'));
    expect(checkBlockedWords(words)).toEqual({ tooMany: false, tooLong: [] });
  });

  it('flags a 1001st word and names every word over 30 characters', () => {
    const words = Array.from({ length: BLOCKED_WORDS_MAX + 1 }, (_, i) => `w${i}`);
    expect(checkBlockedWords(words).tooMany).toBe(true);
    expect(checkBlockedWords(['ok', 'y'.repeat(31), 'z'.repeat(30)]).tooLong).toEqual(['y'.repeat(31)]);
  });
});

describe('inbox addresses', () => {
  it('reads the type tab from the path; commentlist and popReply show every type', () => {
    expect(parseInboxPath('/manage/commentManage')).toEqual({ type: undefined, isPopReply: false });
    expect(parseInboxPath('/manage/commentManage/video/')).toEqual({ type: 'video', isPopReply: false });
    expect(parseInboxPath('/manage/commentManage/smallVideo')).toEqual({
      type: 'smallVideo',
      isPopReply: false,
    });
    expect(parseInboxPath('/manage/commentManage/commentlist')).toEqual({
      type: undefined,
      isPopReply: false,
    });
    expect(parseInboxPath('/manage/commentManage/popReply')).toEqual({ type: undefined, isPopReply: true });
  });

  it('shows the held tab only for held comments of every type', () => {
    expect(activeTab(undefined, 'held')).toBe('held');
    expect(activeTab(undefined, 'hidden')).toBe('all');
    expect(activeTab('video', 'held')).toBe('video');
  });

  it('a tab keeps the keyword, dates and sort, and drops the page, the work, an open thread or popup', () => {
    const search = '?keyword=%E6%B2%B9%E8%80%97&page=3&contentId=9&thread=4&from=2026-03-01&sort=likes';
    expect(tabTarget('video', 'all', search)).toBe(
      '/manage/commentManage/video?keyword=%E6%B2%B9%E8%80%97&from=2026-03-01&sort=likes',
    );
    expect(tabTarget('held', 'video', '?keyword=a')).toBe('/manage/commentManage?keyword=a&state=held');
    expect(tabTarget('all', 'held', '?state=held&unread=true')).toBe('/manage/commentManage?unread=true');
    // a state chosen in the filter stays on a type tab
    expect(tabTarget('article', 'all', '?state=hidden')).toBe('/manage/commentManage/article?state=hidden');
    expect(tabTarget('all', 'video', '')).toBe('/manage/commentManage');
  });

  it('closing the reply popup returns to the inbox without the commentId', () => {
    expect(closeReplyTarget('?commentId=7&keyword=a')).toBe('/manage/commentManage?keyword=a');
    expect(closeReplyTarget('?commentId=7')).toBe('/manage/commentManage');
  });
});

describe('filters', () => {
  const from = (query: string) => {
    const params = new URLSearchParams(query);
    return parseFilters(undefined, (key) => params.get(key) ?? '');
  };

  it('reads the query string, falling back to defaults for anything malformed', () => {
    expect(
      from(
        'contentId=9&state=held&keyword=%20a%20&from=2026-03-01&to=2026-02-30&unread=true&sort=likes&page=2&pageSize=50',
      ),
    ).toEqual({
      type: undefined,
      contentId: 9,
      state: 'held',
      keyword: 'a',
      from: '2026-03-01',
      to: '',
      unread: true,
      sort: 'likes',
      page: 2,
      pageSize: 50,
    });
    expect(from('contentId=x&state=gone&sort=best&page=-1&pageSize=1000')).toMatchObject({
      contentId: undefined,
      state: undefined,
      sort: 'time',
      page: 1,
      pageSize: 20,
    });
  });

  it('sends only what is set; unread only when true', () => {
    expect(listParamOf(from(''))).toEqual({ page: 1, pageSize: 20, sort: 'time' });
    expect(listParamOf({ ...from('unread=true&from=2026-03-01&keyword=x'), type: 'dynamic' })).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'time',
      type: 'dynamic',
      keyword: 'x',
      from: '2026-03-01',
      unread: true,
    });
    // what the server checks the param with accepts it
    const full = listParamOf(
      from('contentId=9&state=held&keyword=a&from=2026-03-01&to=2026-03-05&unread=true'),
    );
    expect(commentListParamSchema.safeParse(full).error).toBeUndefined();
  });

  it('writes changes as query values: booleans as true or nothing', () => {
    expect(filtersToQuery({ unread: true, page: 1, state: undefined, keyword: '' })).toEqual({
      unread: 'true',
      page: 1,
      state: undefined,
      keyword: '',
    });
    expect(filtersToQuery({ unread: false, type: 'video' })).toEqual({ unread: undefined });
  });

  it('knows real days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-3-1')).toBe(false);
  });
});

describe('rules of the actions', () => {
  it('pins only published top-level comments', () => {
    expect(canPin({ state: 'published', parentId: undefined })).toBe(true);
    expect(canPin({ state: 'published', parentId: 3 })).toBe(false);
    expect(canPin({ state: 'held', parentId: undefined })).toBe(false);
  });

  it('approves held and hidden comments; hides published and held ones', () => {
    expect(['published', 'held', 'hidden', 'deleted'].map((s) => canPublish({ state: s as never }))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(['published', 'held', 'hidden', 'deleted'].map((s) => canHide({ state: s as never }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('answers published and held comments (a reply approves a held one); hearts shown readers’ comments only', () => {
    expect(['published', 'held', 'hidden', 'deleted'].map((s) => canReply({ state: s as never }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(canHeart({ state: 'published', isAuthor: false })).toBe(true);
    expect(canHeart({ state: 'published', isAuthor: true })).toBe(false);
    expect(canHeart({ state: 'held', isAuthor: false })).toBe(false);
  });

  it('a reply is 1–1000 characters after trimming', () => {
    expect(isReplyValid('  ')).toBe(false);
    expect(isReplyValid('x'.repeat(1000))).toBe(true);
    expect(isReplyValid(` ${'x'.repeat(1000)} `)).toBe(true);
    expect(isReplyValid('x'.repeat(1001))).toBe(false);
  });

  it('a batch takes at most 1000 ids', () => {
    expect(isBatchTooBig(Array.from({ length: COMMENT_BATCH_MAX }, (_, i) => i + 1))).toBe(false);
    expect(isBatchTooBig(Array.from({ length: COMMENT_BATCH_MAX + 1 }, (_, i) => i + 1))).toBe(true);
  });
});
