import type { TFunction, i18n as I18n } from 'i18next';
import type { MessageItem } from '@cc/contracts';

/**
 * What a message says in the reader's language: its `kind` template (`messages.kinds.<kind>`) filled
 * with `params` when the kind is known and every value arrived, else the title/body the server sent (zh-CN).
 */
export function messageText(
  msg: MessageItem,
  t: TFunction,
  i18n: Pick<I18n, 'exists'>,
): { title: string; body: string } {
  if (msg.kind && i18n.exists(`messages.kinds.${msg.kind}.title`)) {
    const params = msg.params ?? {};
    const title = t(`messages.kinds.${msg.kind}.title`, params);
    const body = t(`messages.kinds.${msg.kind}.body`, params);
    // A template whose values did not all arrive would show `{{title}}`: the server's text is better.
    if (!/\{\{\s*\w+\s*\}\}/.test(title + body)) return { title, body };
  }
  return { title: msg.title, body: msg.body };
}

/** The tab label of a message group. */
export function groupLabel(group: number, t: TFunction, i18n: Pick<I18n, 'exists'>): string {
  return i18n.exists(`messages.groups.${group}`)
    ? t(`messages.groups.${group}`)
    : t('messages.groups.other', { group });
}
