import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BARRAGE_CONTENT_TYPES,
  type BarrageAction,
  type BarrageItem,
  type BatchResult,
  type CommentWorkItem,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The barrage calls of the author's side (API.md §12, docs/api.md "Comments and barrage"), keys and hooks. */

export const BARRAGE_KEY = ['barrage'] as const;

/** A `{ list, total, page, pageSize }` answer (API.md §3). */
export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** `barrage/list`: `total` is a lower bound (past 10,000, docs/api.md "Comments and barrage") */
  totalCapped?: boolean;
}

/** The param of `GET /api/barrage/list` as the page sends it (contracts `barrageListParamSchema`). */
export interface BarrageListParam {
  contentId?: number;
  state?: BarrageItem['state'];
  keyword?: string;
  sort: 'time' | 'position';
  page: number;
  pageSize: number;
}

/**
 * `GET /api/barrage/list`: one page of the author's barrage — of one video when `contentId` is given, else of
 * every video; every state but deleted unless `state` says otherwise; `sort` `time` (newest first) or
 * `position` (by the second of the video).
 */
export function useBarrageList(param: BarrageListParam) {
  return useQuery({
    queryKey: [...BARRAGE_KEY, 'list', param],
    queryFn: () => apiGet<ListPage<BarrageItem>>('barrage/list', param),
    placeholderData: keepPreviousData,
  });
}

/** Works a picker query asks for, per video type (the contract's page size at most). */
export const WORK_PICKER_PAGE_SIZE = 100;

/**
 * `GET /api/comment/work_list {type, keyword}` for each type that carries barrage (video, smallVideo): the
 * author's videos with their barrage count, `barrageOff` and duration, matching `keyword` (all when empty).
 * @returns the queries in `BARRAGE_CONTENT_TYPES` order
 */
export function useBarrageWorks(keyword: string) {
  return useQueries({
    queries: BARRAGE_CONTENT_TYPES.map((type) => ({
      queryKey: [...BARRAGE_KEY, 'works', type, keyword],
      queryFn: () =>
        apiGet<ListPage<CommentWorkItem>>('comment/work_list', {
          type,
          ...(keyword ? { keyword } : {}),
          page: 1,
          pageSize: WORK_PICKER_PAGE_SIZE,
        }),
      placeholderData: keepPreviousData,
    })),
  });
}

/**
 * The work_list item of one video found by its title (`comment/work_list` has no id filter): for a video picked
 * from the address that is not among the picker's first page. Idle until both the type and the title are known.
 */
export function useBarrageWorkByTitle(
  contentId: number | undefined,
  type: CommentWorkItem['type'] | undefined,
  title: string | undefined,
) {
  return useQuery({
    queryKey: [...BARRAGE_KEY, 'works', type, title, 'find', contentId],
    queryFn: async () => {
      const found = await apiGet<ListPage<CommentWorkItem>>('comment/work_list', {
        type,
        keyword: title,
        page: 1,
        pageSize: WORK_PICKER_PAGE_SIZE,
      });
      return found.list.find((w) => w.contentId === contentId) ?? null;
    },
    enabled: Boolean(contentId && type && title),
  });
}

/**
 * `POST /api/barrage/batch {ids, action}`: delete, protect, unprotect or publish (release held) 1–1000 messages;
 * answers how many changed and how many were skipped (already so, or a state the action does not apply to).
 */
export function useBarrageBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { ids: number[]; action: BarrageAction }) =>
      apiPost<BatchResult>('barrage/batch', param),
    // the lists and the videos' barrage counts change
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BARRAGE_KEY }),
  });
}

/**
 * `POST /api/reader/block {readerId, unblock?, hideExisting?}`: blocks a reader on every work of the author (their
 * new comments and barrage are held), with `hideExisting` also what they already sent; `unblock` lifts it.
 */
export function useBlockReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { readerId: string; unblock?: boolean; hideExisting?: boolean }) =>
      apiPost<null>('reader/block', param),
    // a block holds or hides the reader's comments too: the comments inbox (['comments', …]) refreshes as well
    onSuccess: () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: BARRAGE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}

/** `POST /api/comment/work_settings {contentId, barrageOff}`: turns a video's barrage off or on again. */
export function useSetBarrageOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { contentId: number; barrageOff: boolean }) =>
      apiPost<{ contentId: number; commentsOff: boolean; barrageOff: boolean }>(
        'comment/work_settings',
        param,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...BARRAGE_KEY, 'works'] }),
  });
}
