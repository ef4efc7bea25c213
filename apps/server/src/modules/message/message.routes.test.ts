import { MSG_GROUPS, type ListData, type MessageGroupEntry, type MessageItem, MsgGroup } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import {
  body,
  createTestApp,
  login,
  signedGet,
  signedPost,
  type TestApp,
  type TestSession,
} from '../../test/helpers.js';
import { sendSystemMessage } from './message.service.js';

// Messages (spec §3, issue #2): group unread counts, clearing one group or all, the welcome message.
let t: TestApp;
let session: TestSession;
let otherSession: TestSession;

async function groups(s: TestSession): Promise<Record<number, number>> {
  const env = body<MessageGroupEntry[]>(
    await signedGet(t.app, '/api/message/get_mp_index_group_message', {}, { session: s }),
  );
  expect(env.data.map((g) => g.msgGroup)).toEqual([...MSG_GROUPS]);
  return Object.fromEntries(env.data.map((g) => [g.msgGroup, g.unreadCount]));
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, t.config, { account: 'reader' });
  const other = await createUser(t.db, t.config, { account: 'someone_else' });
  const send = (userId: number, msgGroup: number, title: string) =>
    sendSystemMessage(t.db, { userId, msgGroup, title, body: `${title} body`, link: null });
  for (let i = 0; i < 3; i++) await send(user.id, MsgGroup.SYSTEM, `system ${i}`);
  for (let i = 0; i < 2; i++) await send(user.id, MsgGroup.COMMENT, `comment ${i}`);
  await send(user.id, MsgGroup.LIKE, 'like 0');
  await send(other.id, MsgGroup.SYSTEM, 'not yours');
  session = await login(t.app, 'reader');
  otherSession = await login(t.app, 'someone_else');
});
afterAll(() => t.close());

describe('messages', () => {
  it('counts unread per group, one entry per group (0 when none), only my messages', async () => {
    expect(await groups(session)).toEqual({
      [MsgGroup.SYSTEM]: 3,
      [MsgGroup.COMMENT]: 2,
      [MsgGroup.LIKE]: 1,
      [MsgGroup.FOLLOW]: 0,
      [MsgGroup.BUSINESS]: 0,
    });
    expect((await groups(otherSession))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('lists my messages newest first, by group, with kind and params', async () => {
    const env = body<ListData<MessageItem>>(
      await signedGet(
        t.app,
        '/api/message/get_message_list',
        { msgGroup: 8, page: 1, pageSize: 2 },
        { session },
      ),
    );
    expect(env.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(env.data.list.map((m) => m.title)).toEqual(['system 2', 'system 1']);
    expect(env.data.list[0]).toMatchObject({ isRead: false, link: null, kind: 'custom', params: {} });
  });

  it('read_message marks one of mine read and refuses another user\u2019s with 10006', async () => {
    const list = body<ListData<MessageItem>>(
      await signedGet(t.app, '/api/message/get_message_list', { msgGroup: MsgGroup.LIKE }, { session }),
    ).data.list;
    expect(
      body(await signedGet(t.app, '/api/message/read_message', { id: list[0]!.id }, { session })).status,
    ).toBe(1);
    expect((await groups(session))[MsgGroup.LIKE]).toBe(0);
    expect(
      body(
        await signedGet(t.app, '/api/message/read_message', { id: list[0]!.id }, { session: otherSession }),
      ).status,
    ).toBe(10006);
  });

  it('clears one group only', async () => {
    expect(
      body(
        await signedGet(t.app, '/api/message/clear_unread_msg', { msgGroup: MsgGroup.SYSTEM }, { session }),
      ),
    ).toEqual({ status: 1, message: 'success', data: null });
    const after = await groups(session);
    expect(after[MsgGroup.SYSTEM]).toBe(0);
    expect(after[MsgGroup.COMMENT]).toBe(2);
    // The other user's group 8 is untouched.
    expect((await groups(otherSession))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('clears all groups when no group is given', async () => {
    await signedGet(t.app, '/api/message/clear_unread_msg', {}, { session });
    expect(Object.values(await groups(session)).every((n) => n === 0)).toBe(true);
    expect((await groups(otherSession))[MsgGroup.SYSTEM]).toBe(1);
  });

  it('a new registration gets exactly one unread welcome message in group 8', async () => {
    const res = await signedPost(t.app, '/api/passport/register', {
      account: 'welcome_me',
      password: 'long-enough-pw',
      mediaName: '欢迎我',
    });
    const s: TestSession = {
      userId: body<{ userId: number }>(res).data.userId,
      userGuid: '',
      cookies: Object.fromEntries(res.cookies.map((c) => [c.name, c.value])),
    };
    expect(await groups(s)).toMatchObject({ [MsgGroup.SYSTEM]: 1, [MsgGroup.COMMENT]: 0 });
    const list = body<ListData<MessageItem>>(
      await signedGet(t.app, '/api/message/get_message_list', {}, { session: s }),
    ).data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      msgGroup: 8,
      kind: 'welcome',
      title: '欢迎加入创作者中心',
      params: { mediaName: '欢迎我' },
    });
  });
});
