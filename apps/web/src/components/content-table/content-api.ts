import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentListItem,
  ContentListParam,
  ContentStatusCounts,
  ContentType,
  ListData,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** Query-key root of every content list; a publish or a delete invalidates it. */
export const CONTENT_KEY = ['content'] as const;

/**
 * `GET /api/content/list { type?, status?, keyword?, page, pageSize }` (API.md §9): one page of the
 * author's works, newest first. Empty filters are left out of the query; deleted items are hidden by
 * the server. Rejects with the api-client's `ApiError` on a refused or failed call.
 */
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

/** One page of content (shared by content management and the video lists); keeps the previous page while the next loads. */
export function useContentList(param: ContentListParam) {
  return useQuery(contentListQuery(param));
}

/** `POST /api/content/delete { id }` (API.md §9): a soft delete; the item leaves every list. */
export function deleteContent(id: number): Promise<null> {
  return apiPost<null>('content/delete', { id });
}

/** The delete mutation; on success every content list is refetched. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}

/**
 * `GET /api/content/status_counts { type? }` (extension, issue #10): the author's works per status, for the
 * management tabs; refreshed with every content list.
 */
export function useContentStatusCounts(type: ContentType | undefined) {
  return useQuery({
    queryKey: [...CONTENT_KEY, 'counts', type ?? 'all'],
    queryFn: () => apiGet<ContentStatusCounts>('content/status_counts', type ? { type } : {}),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/content/delete_batch { ids }` (extension): all or nothing; every content list is refetched. */
export function useDeleteContentBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiPost<{ deleted: number }>('content/delete_batch', { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
