import { describe, expect, it } from 'vitest';
import type { MessageItem } from '@cc/contracts';
import { i18n } from '../../lib/i18n';
import { groupLabel, messageText } from './message-text';
import { orderGroups, bellUnread } from './api/get-group-messages';

const base: MessageItem = {
  id: 1,
  msgGroup: 8,
  title: '文章审核未通过',
  body: '服务器文本',
  isRead: false,
  createdAt: '2026-01-01T00:00:00Z',
  link: null,
};

describe('messageText (kind + params through the catalog of server messages, issue #9)', () => {
  it('renders a known kind in the given language with its params, the reason in the same language', () => {
    const msg: MessageItem = {
      ...base,
      kind: 'article_rejected',
      params: {
        id: 3,
        title: 'My car',
        reason: {
          code: 'REVIEW_SENSITIVE_WORD',
          params: { word: '赌博', rule: { code: 'WORD_RULE_GAMBLING' } },
        },
        rule: 'SENSITIVE_WORD',
      },
    };
    expect(messageText(msg, 'en-US')).toEqual({
      title: 'Article rejected',
      body: 'Your article “My car” did not pass review: contains a prohibited word: 赌博 (gambling)',
    });
    expect(messageText(msg, 'zh-CN')).toEqual({
      title: '文章审核未通过',
      body: '你的文章《My car》未通过审核：包含违禁词：赌博（赌博）',
    });
  });

  it('renders every kind the demo seeds in both languages (comments, likes, fans, business, grade)', () => {
    const comment = { ...base, kind: 'comment', params: { reader: '阿杰', title: '制动实测', text: '好！' } };
    expect(messageText(comment, 'en-US')).toEqual({
      title: 'New comment',
      body: '阿杰 commented on “制动实测”: 好！',
    });
    expect(messageText(comment, 'zh-CN').title).toBe('新评论');
    expect(messageText({ ...base, kind: 'grade_up', params: { grade: 3 } }, 'en-US').title).toBe(
      'Creator grade raised',
    );
  });

  it("uses a custom message's own translation, and the short-video texts for a short video", () => {
    const custom = {
      ...base,
      kind: 'custom',
      params: { translations: { 'en-US': { title: 'Event', body: 'Join us' } } },
    };
    expect(messageText(custom, 'en-US')).toEqual({ title: 'Event', body: 'Join us' });
    expect(messageText(custom, 'zh-CN')).toEqual({ title: base.title, body: base.body });
    const small = { ...base, kind: 'video_published', params: { id: 1, title: 'Clip', use: 'smallVideo' } };
    expect(messageText(small, 'en-US').title).toBe('Short video approved');
  });

  it('falls back to the server title/body for unknown kinds, no kind, or missing params', () => {
    expect(messageText({ ...base, kind: 'custom' }, 'en-US')).toEqual({ title: base.title, body: base.body });
    expect(messageText(base, 'en-US')).toEqual({ title: base.title, body: base.body });
    expect(messageText({ ...base, kind: 'article_rejected', params: {} }, 'en-US')).toEqual({
      title: base.title,
      body: base.body,
    });
  });

  it('follows the UI language at once after a switch (no new answer needed)', async () => {
    const msg = { ...base, kind: 'welcome', params: { mediaName: 'Wang' } };
    await i18n.changeLanguage('en-US');
    expect(messageText(msg, i18n.language).title).toBe('Welcome to Creator Centre');
    await i18n.changeLanguage('zh-CN');
    expect(messageText(msg, i18n.language).title).toBe('欢迎加入创作者服务中心');
  });
});

describe('groupLabel', () => {
  it('labels groups, with a generic label for unknown ones', () => {
    expect(groupLabel(8, i18n.t, i18n)).toBe('系统通知');
    expect(groupLabel(42, i18n.t, i18n)).toBe('消息组 42');
  });
});

describe('message groups', () => {
  it('orders groups with unread first, then system (8) first and the rest by group order', () => {
    const ordered = orderGroups([
      { msgGroup: 1, unreadCount: 0 },
      { msgGroup: 3, unreadCount: 5 },
      { msgGroup: 8, unreadCount: 2 },
      { msgGroup: 2, unreadCount: 0 },
      { msgGroup: 99, unreadCount: 0 },
      { msgGroup: 4, unreadCount: 1 },
    ]);
    expect(ordered.map((g) => g.msgGroup)).toEqual([8, 3, 4, 1, 2, 99]);
    // with nothing unread in 8, it falls behind the groups that have news
    expect(
      orderGroups([
        { msgGroup: 8, unreadCount: 0 },
        { msgGroup: 1, unreadCount: 1 },
      ]).map((g) => g.msgGroup),
    ).toEqual([1, 8]);
  });

  it('the bell counts group 8 only', () => {
    expect(
      bellUnread([
        { msgGroup: 1, unreadCount: 9 },
        { msgGroup: 8, unreadCount: 4 },
      ]),
    ).toBe(4);
    expect(bellUnread(undefined)).toBe(0);
  });
});
