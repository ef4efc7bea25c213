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

describe('messageText (kind + params through i18n)', () => {
  it('renders a known kind in the current language with its params', async () => {
    await i18n.changeLanguage('en-US');
    const text = messageText(
      { ...base, kind: 'article_rejected', params: { title: 'My car', reason: 'too short' } },
      i18n.t,
      i18n,
    );
    expect(text).toEqual({
      title: 'Article rejected',
      body: 'Your article “My car” did not pass review: too short',
    });
    await i18n.changeLanguage('zh-CN');
  });

  it('falls back to the server title/body for unknown kinds, no kind, or missing params', () => {
    expect(messageText({ ...base, kind: 'custom' }, i18n.t, i18n)).toEqual({
      title: base.title,
      body: base.body,
    });
    expect(messageText(base, i18n.t, i18n)).toEqual({ title: base.title, body: base.body });
    expect(messageText({ ...base, kind: 'article_rejected', params: {} }, i18n.t, i18n)).toEqual({
      title: base.title,
      body: base.body,
    });
  });

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
