import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListData, MessageGroupEntry, MessageItem } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';
import { MESSAGES_KEY, groupMessagesQuery } from './get-group-messages';

/** `GET /api/message/read_message { id }` (extension): marks one message read. */
export function readMessage(id: number): Promise<null> {
  return apiGet<null>('message/read_message', { id });
}

/**
 * Marks one message read. The caches follow at once (issue #9 "the bell follows at once"): the message
 * shows read in every loaded list and its group's unread count — the bell's for group 8 — drops by one;
 * then every message query is refetched to confirm from the server (also when the call failed).
 */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msg: Pick<MessageItem, 'id' | 'msgGroup'>) => readMessage(msg.id),
    onMutate: async (msg) => {
      await queryClient.cancelQueries({ queryKey: MESSAGES_KEY });
      queryClient.setQueryData<MessageGroupEntry[]>(groupMessagesQuery.queryKey, (groups) =>
        groups?.map((g) =>
          g.msgGroup === msg.msgGroup ? { ...g, unreadCount: Math.max(0, g.unreadCount - 1) } : g,
        ),
      );
      queryClient.setQueriesData<ListData<MessageItem>>({ queryKey: [...MESSAGES_KEY, 'list'] }, (list) =>
        list ? { ...list, list: list.list.map((m) => (m.id === msg.id ? { ...m, isRead: true } : m)) } : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
