import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageGroupEntry } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';
import { MESSAGES_KEY, groupMessagesQuery } from './get-group-messages';

/** `GET /api/message/clear_unread_msg { msgGroup? }` (API.md §6): one group, or all when none. */
export function clearUnreadMsg(msgGroup?: number): Promise<null> {
  return apiGet<null>('message/clear_unread_msg', msgGroup === undefined ? {} : { msgGroup });
}

/**
 * Clears unread messages. The group counts are zeroed in the cache at once (so clearing group 8 hides
 * the bell badge immediately), then every message query is invalidated to confirm from the server.
 */
export function useClearUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msgGroup?: number) => clearUnreadMsg(msgGroup),
    onSuccess: (_data, msgGroup) => {
      queryClient.setQueryData<MessageGroupEntry[]>(groupMessagesQuery.queryKey, (groups) =>
        groups?.map((g) =>
          msgGroup === undefined || g.msgGroup === msgGroup ? { ...g, unreadCount: 0 } : g,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
