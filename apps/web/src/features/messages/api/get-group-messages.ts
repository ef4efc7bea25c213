import { queryOptions, useQuery } from '@tanstack/react-query';
import { BELL_MSG_GROUP, MSG_GROUPS, type MessageGroupEntry } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** Key prefix of every message query: invalidating it refreshes the bell, the tabs and the lists. */
export const MESSAGES_KEY = ['messages'] as const;

/** `GET /api/message/get_mp_index_group_message` (API.md §6): one entry per group with its unread count. */
export function getGroupMessages(): Promise<MessageGroupEntry[]> {
  return apiGet<MessageGroupEntry[]>('message/get_mp_index_group_message');
}

export const groupMessagesQuery = queryOptions({
  queryKey: [...MESSAGES_KEY, 'groups'],
  queryFn: getGroupMessages,
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export function useGroupMessages() {
  return useQuery(groupMessagesQuery);
}

/** The unread count that feeds the bell: group 8 (spec §3). */
export function bellUnread(groups: MessageGroupEntry[] | undefined): number {
  return groups?.find((g) => g.msgGroup === BELL_MSG_GROUP)?.unreadCount ?? 0;
}

/**
 * Groups ordered for the tabs: those with unread messages first, each part in the product's group
 * order (MSG_GROUPS: system first, so the bell's group leads whenever it has news), unknown groups last.
 */
export function orderGroups(groups: MessageGroupEntry[]): MessageGroupEntry[] {
  const rank = (g: number) => {
    const i = (MSG_GROUPS as readonly number[]).indexOf(g);
    return i < 0 ? MSG_GROUPS.length + g : i;
  };
  return [...groups].sort((a, b) => {
    const ua = a.unreadCount > 0 ? 0 : 1;
    const ub = b.unreadCount > 0 ? 0 : 1;
    return ua !== ub ? ua - ub : rank(a.msgGroup) - rank(b.msgGroup);
  });
}
