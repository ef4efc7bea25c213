import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentListItem, ContentListParam, ListData } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

export const CONTENT_KEY = ['content'] as const;

/** `GET /api/content/list { type?, status?, keyword?, page, pageSize }` (API.md §9). Deleted items are hidden by the server. */
export function getContentList(param: ContentListParam): Promise<ListData<ContentListItem>> {
  const clean = Object.fromEntries(Object.entries(param).filter(([, v]) => v !== undefined && v !== ''));
  return apiGet<ListData<ContentListItem>>('content/list', clean);
}

export const contentListQuery = (param: ContentListParam) =>
  queryOptions({
    queryKey: [...CONTENT_KEY, 'list', param],
    queryFn: () => getContentList(param),
    placeholderData: keepPreviousData,
  });

export function useContentList(param: ContentListParam) {
  return useQuery(contentListQuery(param));
}
