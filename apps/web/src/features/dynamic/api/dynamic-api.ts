import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentStatus,
  DynamicDetail,
  DynamicList,
  DynamicListView,
  PublishDynamicParam,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { TOPIC_KEY } from '../../../components/work-pickers';

/**
 * The calls of the dynamic pages (API.md §13 `dynamic/publish`; docs/api.md "Dynamics": `dynamic/detail`,
 * `dynamic/list`), with their query keys and hooks.
 */

export const DYNAMIC_KEY = ['dynamic'] as const;

/** The param as sent: the schema's input (its defaults may be left out). */
export type PublishDynamicInput = Omit<PublishDynamicParam, 'images' | 'carSeriesIds'> & {
  images?: string[];
  carSeriesIds?: number[];
};

/** `POST /api/dynamic/publish`: 0 draft, 1 publish now (reviewed at once), 2 at `scheduledAt`. */
export function publishDynamic(param: PublishDynamicInput): Promise<{ id: number; status: ContentStatus }> {
  return apiPost('dynamic/publish', param);
}

/** `GET /api/dynamic/detail { id }`: one of my dynamics as its editor needs it. */
export function getDynamicDetail(id: number): Promise<DynamicDetail> {
  return apiGet<DynamicDetail>('dynamic/detail', { id });
}

/** `GET /api/dynamic/list { view, page, pageSize }`: my published dynamics of one `newDynamic/*` view. */
export function getDynamicList(param: {
  view: DynamicListView;
  page: number;
  pageSize: number;
}): Promise<DynamicList> {
  return apiGet<DynamicList>('dynamic/list', param);
}

/** `GET /api/dynamic/detail { id }` (API.md §13) as a query; idle without an id. */
export function useDynamicDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...DYNAMIC_KEY, 'detail', id ?? 0],
    queryFn: () => getDynamicDetail(id ?? 0),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** The query of `GET /api/dynamic/list` for one view and page (key and fetcher, for hooks and prefetching). */
export const dynamicListQuery = (param: { view: DynamicListView; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...DYNAMIC_KEY, 'list', param],
    queryFn: () => getDynamicList(param),
    placeholderData: keepPreviousData,
  });

/** `GET /api/dynamic/list` (extension, docs/api.md "Dynamics") as a query: one view (mine/feed), one page. */
export function useDynamicList(param: { view: DynamicListView; page: number; pageSize: number }) {
  return useQuery(dynamicListQuery(param));
}

/** `POST /api/dynamic/publish` (API.md §13) as a mutation; content lists, messages and topic counts refetch after it. */
export function usePublishDynamic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishDynamic,
    onSuccess: () => {
      // lists, the bell (a review result is a group-8 message), the feeds and this dynamic's detail change
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: TOPIC_KEY });
      void queryClient.invalidateQueries({ queryKey: DYNAMIC_KEY });
    },
  });
}
