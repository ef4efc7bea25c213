import { MSG_GROUPS, type ListData, type MessageGroupEntry, type MessageItem, MsgGroup } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { createMessage, uniqueAccount } from '../../test/factories.js';
import { signedPost, type TestSession } from '../../test/helpers.js';
import { useTestApp } from '../../test/support.js';

// Messages (spec §3, issue #2): group unread counts, clearing one group or all, the welcome message.
const t = useTestApp();

async function groups(s: TestSession): Promise<Record<number, number>> {
  const env = await t.get<MessageGroupEntry[]>('/api/message/get_mp_index_group_message', {}, s);
  expect(env.data.map((g) => g.msgGroup)).toEqual([...MSG_GROUPS]);
  return Object.fromEntries(env.data.map((g) => [g.msgGroup, g.unreadCount]));
}

/** A reader with 3 system, 2 comment and 1 like message, and another author with 1 system message. */
async function readerAndOther() {
  const reader = await t.signIn();
  const other = await t.signIn();
  for (let i = 0; i < 3; i++) await createMessage(t.db, reader.userId, { title: `system ${i}` });
  for (let i = 0; i < 2; i++)
    await createMessage(t.db, reader.userId, { msgGroup: MsgGroup.COMMENT, title: `comment ${i}` });
  await createMessage(t.db, reader.userId, { msgGroup: MsgGroup.LIKE, title: 'like 0' });
  await createMessage(t.db, other.userId, { title: 'not yours' });
  return { reader, other };
}

describe('messages', () => {
  it('counts unread per group, one entry per group (0 when none), only my messages', async () => {
    const { reader, other } = await readerAndOther();
    expect(await groups(reader)).toEqual({
      [MsgGroup.SYSTEM]: 3,
      [MsgGroup.COMMENT]: 2,
      [MsgGroup.LIKE]: 1,
      [MsgGroup.FOLLOW]: 0,
      [MsgGroup.BUSINESS]: 0,
    });
    expect((await groups(other))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('lists my messages newest first, by group, with kind and params', async () => {
    const { reader } = await readerAndOther();
    const env = await t.get<ListData<MessageItem>>(
      '/api/message/get_message_list',
      { msgGroup: 8, page: 1, pageSize: 2 },
      reader,
    );
    expect(env.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(env.data.list.map((m) => m.title)).toEqual(['system 2', 'system 1']);
    expect(env.data.list[0]).toMatchObject({ isRead: false, link: null, kind: 'custom', params: {} });
  });

  it('read_message marks one of mine read and refuses another user\u2019s with 10006', async () => {
    const { reader, other } = await readerAndOther();
    const list = (
      await t.get<ListData<MessageItem>>('/api/message/get_message_list', { msgGroup: MsgGroup.LIKE }, reader)
    ).data.list;
    expect((await t.get('/api/message/read_message', { id: list[0]!.id }, reader)).status).toBe(1);
    expect((await groups(reader))[MsgGroup.LIKE]).toBe(0);
    expect((await t.get('/api/message/read_message', { id: list[0]!.id }, other)).status).toBe(10006);
  });

  it('clears one group only', async () => {
    const { reader, other } = await readerAndOther();
    expect(await t.get('/api/message/clear_unread_msg', { msgGroup: MsgGroup.SYSTEM }, reader)).toEqual({
      status: 1,
      message: 'success',
      data: null,
    });
    const after = await groups(reader);
    expect(after[MsgGroup.SYSTEM]).toBe(0);
    expect(after[MsgGroup.COMMENT]).toBe(2);
    // The other user's group 8 is untouched.
    expect((await groups(other))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('clears all groups when no group is given', async () => {
    const { reader, other } = await readerAndOther();
    expect(Object.values(await groups(reader)).some((n) => n > 0)).toBe(true);
    await t.get('/api/message/clear_unread_msg', {}, reader);
    expect(Object.values(await groups(reader)).every((n) => n === 0)).toBe(true);
    expect((await groups(other))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('a new registration gets exactly one unread welcome message in group 8', async () => {
    const res = await signedPost(t.app, '/api/passport/register', {
      account: uniqueAccount('welcome'),
      password: 'long-enough-pw',
      mediaName: '欢迎我',
    });
    const s: TestSession = {
      userId: res.json<{ data: { userId: number } }>().data.userId,
      userGuid: '',
      cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
    };
    expect(await groups(s)).toMatchObject({ [MsgGroup.SYSTEM]: 1, [MsgGroup.COMMENT]: 0 });
    const list = (await t.get<ListData<MessageItem>>('/api/message/get_message_list', {}, s)).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      msgGroup: 8,
      kind: 'welcome',
      title: '欢迎加入创作者服务中心',
      body: '欢迎我，欢迎加入创作者服务中心！从发布第一篇文章开始你的创作吧。',
      params: { mediaName: '欢迎我' },
    });
    // issue #9: a client that asks for English gets the kind's English texts; the stored text stays zh-CN
    const en = await t.get<ListData<MessageItem>>('/api/message/get_message_list', {}, s, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.data.list[0]).toMatchObject({
      title: 'Welcome to Creator Centre',
      body: '欢迎我, welcome to Creator Centre! Start by publishing your first article.',
    });
  });
});
