import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AssistantCheck,
  AssistantCheckParam,
  AssistantState,
  ContentDetail,
  ContentListItem,
  ListData,
  SuggestTitles,
  SuggestTitlesParam,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** The content assistant's calls (issue #14; docs/api.md "Content assistant"), their query keys and hooks. */

export const ASSISTANT_KEY = ['assistant'] as const;

/** `GET /api/assistant/state`: whether the author may use the assistant, and which engine makes titles. */
export function useAssistantState() {
  return useQuery({
    queryKey: [...ASSISTANT_KEY, 'state'],
    queryFn: () => apiGet<AssistantState>('assistant/state'),
  });
}

/** What the page sends to `suggest_titles` (the count is the server's default). */
export type SuggestInput = Omit<SuggestTitlesParam, 'count'> & { count?: number };

/** `POST /api/assistant/suggest_titles`: keywords, cars and titles of a text. */
export function useSuggestTitles() {
  return useMutation({
    mutationFn: (param: SuggestInput) => apiPost<SuggestTitles>('assistant/suggest_titles', param),
  });
}

/** What the page sends to `check`. */
export type CheckInput = Omit<AssistantCheckParam, 'title' | 'text'> & { title: string; text: string };

/** `POST /api/assistant/check`: the check before publishing. */
export function useAssistantCheck() {
  return useMutation({
    mutationFn: (param: CheckInput) => apiPost<AssistantCheck>('assistant/check', param),
  });
}

/** `GET /api/content/list { keyword, page 1, pageSize 20 }` (API.md §9): the author's works to pick one from. */
export function useMyWorks(keyword: string, enabled: boolean) {
  const key = keyword.trim();
  return useQuery({
    queryKey: [...ASSISTANT_KEY, 'works', key],
    queryFn: () =>
      apiGet<ListData<ContentListItem>>('content/list', {
        page: 1,
        pageSize: 20,
        ...(key ? { keyword: key } : {}),
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** `GET /api/content/detail { id }` (API.md §9): a work's title, body and covers, read when the author picks it. */
export function fetchWorkDetail(id: number): Promise<ContentDetail> {
  return apiGet<ContentDetail>('content/detail', { id });
}
