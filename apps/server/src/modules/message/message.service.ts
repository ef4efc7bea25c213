import {
  type ListData,
  MSG_GROUPS,
  type MessageGroupEntry,
  type MessageItem,
  type MessageLanguage,
  type MessageListParam,
  type MessageRef,
  messageKindTexts,
  MsgGroup,
  renderMessageKind,
  RULE_REFS,
  type RuleRef,
  ruleRefOfMessage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './message.repo.js';

/**
 * Messages to authors (spec §3, issue #2): groups of MsgGroup, group 8 (system) feeds the bell. Produced by
 * real events — the welcome on registration and the result of an article's review.
 *
 * Languages (issue #9): a message's texts are the catalog's for its `kind` (packages/contracts
 * server-messages.ts, `renderMessageKind`) filled with its `params`; `title`/`body` store the zh-CN text for
 * clients that ignore `kind`, and answers carry them in the request's language.
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
  /** when the event that causes it happened (default: the database's now); the simulator's clock sets it */
  createdAt?: Date;
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
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  return row.id;
}

/**
 * A message of a catalog kind (issue #9): `title`/`body` are the kind's zh-CN texts filled with `params`.
 * @param kind a kind of the catalog (`MESSAGE_KINDS`)
 * @param params every value the kind's texts name; a `reason` may be a `MessageRef`
 * @throws Error when the kind has no texts or a value is missing (a programming error, caught by tests)
 */
export function kindMessage(
  kind: string,
  params: Record<string, unknown>,
  link: string | null,
  msgGroup: number = MsgGroup.SYSTEM,
): Omit<SystemMessageInput, 'userId'> {
  return { msgGroup, kind, params, ...messageKindTexts(kind, params), link };
}

/** Templates of the messages the server sends (kinds of the catalog, docs/api.md "Messages"). */
export const messageTemplates = {
  welcome: (mediaName: string) => kindMessage('welcome', { mediaName }, '/article'),
  articlePublished: (id: number, title: string) =>
    kindMessage('article_published', { id, title }, '/detailManage?type=article&status=published'),
  /** @param review the broken rule (`TITLE_LENGTH`, `SENSITIVE_WORD`, …) and the prohibited word, if any */
  articleRejected: (id: number, title: string, reason: MessageRef, review: { rule: string; word?: string }) =>
    kindMessage('article_rejected', { id, title, reason, ...review }, `/article?id=${id}`),
  /**
   * A work of any type passed review (issue #10): `typeName` its type's catalog name (`WORK_TYPE_*`).
   * @param link where the author finds it (its list)
   */
  workPublished: (type: string, typeName: MessageRef, id: number, title: string, link: string) =>
    kindMessage('work_published', { type, typeName, id, title }, link),
  /** A work was refused: the reason names the rule; `link` opens its editor. */
  workRejected: (
    type: string,
    typeName: MessageRef,
    id: number,
    title: string,
    reason: MessageRef,
    review: { rule: string; word?: string },
    link: string,
  ) => kindMessage('work_rejected', { type, typeName, id, title, reason, ...review }, link),
  /** A work waits for an operator (status `reviewing`): `reason` why the automatic review held it. */
  workHeld: (
    type: string,
    typeName: MessageRef,
    id: number,
    title: string,
    reason: MessageRef,
    link: string,
  ) => kindMessage('work_held', { type, typeName, id, title, reason }, link),
  /** A live show starts in `minutes` (issue #10 live reminder); the link opens the show's page. */
  liveReminder: (id: number, title: string, minutes: number) =>
    kindMessage('live_reminder', { id, title, minutes }, `/liveShow?id=${id}`),
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
  if (!(await repo.markOneRead(db, userId, id))) throw new AppError('NOT_FOUND', 'MESSAGE_NOT_FOUND');
}

/** A row as `get_message_list` answers it: `title`/`body` in `lang` when its kind has catalog texts (issue #9). */
export function toMessageItem(row: repo.MessageRow, lang: MessageLanguage): MessageItem {
  const texts = renderMessageKind(row.kind, row.params, lang);
  return {
    id: row.id,
    msgGroup: row.msgGroup,
    title: texts?.title ?? row.title,
    body: texts?.body ?? row.body,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    link: row.link,
    kind: row.kind,
    params: row.params,
    ...ruleRefOf(row.kind, row.params),
  };
}

/** Kinds of message that tell of a refusal, and the rule a certification refusal applies. */
const REFUSAL_KINDS = new Set(['article_rejected', 'work_rejected', 'work_held', 'credit_deducted']);
const CERTIFICATION_RULE: RuleRef = 'certification-standards#review';

/**
 * The rule a refusal message applies (issue #11 "every refusal links to the rule"): a review's word rule
 * (`params.rule`) or its reason's code; the certification standards for a certification rejection.
 */
function ruleRefOf(kind: string, params: Record<string, unknown>): { ruleRef?: RuleRef } {
  if (kind === 'certification_rejected') return { ruleRef: CERTIFICATION_RULE };
  if (!REFUSAL_KINDS.has(kind)) return {};
  const refs = RULE_REFS as Record<string, RuleRef | undefined>;
  const ruleRef =
    (typeof params.rule === 'string' ? refs[params.rule] : undefined) ?? ruleRefOfMessage(params.reason);
  return ruleRef ? { ruleRef } : {};
}

/**
 * The user's messages, newest first, filtered by group / unread (extension `get_message_list`); texts in
 * `lang` (the request's, issue #9) where the kind has catalog texts.
 */
export async function listMessages(
  db: Db,
  userId: number,
  param: MessageListParam,
  lang: MessageLanguage,
): Promise<ListData<MessageItem>> {
  const { rows, total } = await repo.listMessages(db, userId, {
    msgGroup: param.msgGroup,
    unreadOnly: param.unreadOnly,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return {
    list: rows.map((row) => toMessageItem(row, lang)),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}
