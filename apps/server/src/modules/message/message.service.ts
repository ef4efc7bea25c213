import {
  type ListData,
  MSG_GROUPS,
  type MessageGroupEntry,
  type MessageItem,
  type MessageListParam,
  MsgGroup,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './message.repo.js';

/**
 * Messages to authors (spec §3, issue #2): groups of MsgGroup, group 8 (system) feeds the bell. Produced by
 * real events — the welcome on registration and the result of an article's review.
 */

/** What a message says: `kind` + `params` for clients that render their own language; zh-CN text for the rest. */
export interface SystemMessageInput {
  userId: number;
  msgGroup: number;
  /** zh-CN title */
  title: string;
  /** zh-CN body (plain text) */
  body: string;
  /** in-product path the message refers to, or null */
  link: string | null;
  /** stable message kind, e.g. `welcome`, `article_published` (default `custom`) */
  kind?: string;
  /** values the kind's template needs, e.g. `{ title, reason }` */
  params?: Record<string, unknown>;
}

/**
 * Stores one message for an author. Call it inside the transaction of the event that causes it, so the
 * message exists exactly when the event does.
 * @param tx the surrounding transaction (or the database)
 * @returns the new message's id
 */
export async function sendSystemMessage(tx: Db, input: SystemMessageInput): Promise<number> {
  const row = await repo.insertMessage(tx, {
    userId: input.userId,
    msgGroup: input.msgGroup,
    kind: input.kind ?? 'custom',
    params: input.params ?? {},
    title: input.title,
    body: input.body,
    link: input.link,
  });
  return row.id;
}

/** Templates of the messages the server sends; `title`/`body` are the zh-CN texts. */
export const messageTemplates = {
  welcome: (mediaName: string): Omit<SystemMessageInput, 'userId'> => ({
    msgGroup: MsgGroup.SYSTEM,
    kind: 'welcome',
    params: { mediaName },
    title: '欢迎加入创作者中心',
    body: `${mediaName}，欢迎加入创作者中心！从发布第一篇文章开始你的创作吧。`,
    link: '/article',
  }),
  articlePublished: (id: number, title: string): Omit<SystemMessageInput, 'userId'> => ({
    msgGroup: MsgGroup.SYSTEM,
    kind: 'article_published',
    params: { id, title },
    title: '文章审核通过',
    body: `你的文章《${title}》已通过审核并发布。`,
    link: '/detailManage?type=article&status=published',
  }),
  articleRejected: (id: number, title: string, reason: string): Omit<SystemMessageInput, 'userId'> => ({
    msgGroup: MsgGroup.SYSTEM,
    kind: 'article_rejected',
    params: { id, title, reason },
    title: '文章审核未通过',
    body: `你的文章《${title}》未通过审核：${reason}`,
    link: `/article?id=${id}`,
  }),
};

/**
 * Unread counts per group (API.md §6 `get_mp_index_group_message`): one entry for every group of
 * MSG_GROUPS, in that order, 0 when none.
 */
export async function getGroupUnread(db: Db, userId: number): Promise<MessageGroupEntry[]> {
  const counts = await repo.countUnreadByGroup(db, userId);
  return MSG_GROUPS.map((msgGroup) => ({ msgGroup, unreadCount: counts.get(msgGroup) ?? 0 }));
}

/**
 * Marks the user's unread messages read: of one group, or of all groups when `msgGroup` is undefined
 * (API.md §6 `clear_unread_msg`). @returns how many changed
 */
export async function clearUnread(db: Db, userId: number, msgGroup?: number): Promise<number> {
  return repo.markRead(db, userId, msgGroup);
}

/** Marks one of the user's messages read. @throws NOT_FOUND when it is not theirs or does not exist */
export async function readMessage(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.markOneRead(db, userId, id))) throw new AppError('NOT_FOUND', 'no such message');
}

export function toMessageItem(row: repo.MessageRow): MessageItem {
  return {
    id: row.id,
    msgGroup: row.msgGroup,
    title: row.title,
    body: row.body,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    link: row.link,
    kind: row.kind,
    params: row.params,
  };
}

/** The user's messages, newest first, filtered by group / unread (extension `get_message_list`). */
export async function listMessages(
  db: Db,
  userId: number,
  param: MessageListParam,
): Promise<ListData<MessageItem>> {
  const { rows, total } = await repo.listMessages(db, userId, {
    msgGroup: param.msgGroup,
    unreadOnly: param.unreadOnly,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return { list: rows.map(toMessageItem), total, page: param.page, pageSize: param.pageSize };
}
