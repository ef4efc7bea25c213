import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListData, MessageItem, MessageListParam } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';
import { MESSAGES_KEY } from './get-group-messages';

/**
 * A message as the list shows it. `kind` + `params` (optional, when the server sends them) let the
 * text follow the reader's language (`messageText`, the catalog of server messages); otherwise title/body
 * are shown as sent.
 */
export type MessageView = MessageItem & {
  kind?: string | null;
  params?: Record<string, string | number> | null;
};

/** `GET /api/message/get_message_list` (extension): newest first. */
export function getMessageList(param: Partial<MessageListParam>): Promise<ListData<MessageView>> {
  return apiGet<ListData<MessageView>>('message/get_message_list', param);
}

export const messageListQuery = (param: Partial<MessageListParam>) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', param],
    queryFn: () => getMessageList(param),
    placeholderData: keepPreviousData,
  });

export function useMessageList(param: Partial<MessageListParam>) {
  return useQuery(messageListQuery(param));
}
