import type { TFunction, i18n as I18n } from 'i18next';
import {
  DEFAULT_MESSAGE_LANGUAGE,
  isMessageLanguage,
  type MessageItem,
  renderMessageKind,
} from '@cc/contracts';

/**
 * What a message says in the reader's language (issue #9): its `kind`'s texts from the catalog of server
 * messages (`renderMessageKind`, packages/contracts server-messages.ts — the same texts the server stores and
 * answers with) filled with `params`, or the sender's translation of a `custom` message; else the title/body
 * the server sent (zh-CN). Rendered here rather than taken from the answer, so switching the language
 * changes the list at once, without asking the server again.
 * @param language the UI language (`i18n.language`); anything else reads as zh-CN
 */
export function messageText(msg: MessageItem, language: string): { title: string; body: string } {
  const lang = isMessageLanguage(language) ? language : DEFAULT_MESSAGE_LANGUAGE;
  return renderMessageKind(msg.kind, msg.params, lang) ?? { title: msg.title, body: msg.body };
}

/** The tab label of a message group. */
export function groupLabel(group: number, t: TFunction, i18n: Pick<I18n, 'exists'>): string {
  return i18n.exists(`messages.groups.${group}`)
    ? t(`messages.groups.${group}`)
    : t('messages.groups.other', { group });
}
