import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchResult,
  CommentAction,
  CommentCounts,
  CommentItem,
  CommentListParam,
  CommentSettings,
  CommentWorkItem,
  ContentType,
  ListData,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { THREAD_PAGE_SIZE } from '../logic';

/** The author's side of comments (API.md §12, issue #13): the calls, their query keys and hooks. */

/** Query-key root of every comments call; every change invalidates (part of) it. */
export const COMMENTS_KEY = ['comments'] as const;
const COUNTS_KEY = [...COMMENTS_KEY, 'counts'] as const;
const WORKS_KEY = [...COMMENTS_KEY, 'works'] as const;
const SETTINGS_KEY = [...COMMENTS_KEY, 'settings'] as const;
const BLOCKED_KEY = [...COMMENTS_KEY, 'blocked'] as const;

/**
 * A page of the inbox (`commentListSchema`): a list (API.md §3) + `totalCapped`, true when `total` is a lower bound
 * (past 10,000 matches, or a keyword search with more pages to come).
 */
export type CommentListData = ListData<CommentItem> & { totalCapped: boolean };

/** A blocked reader (`GET /api/reader/blocked_list`). */
export interface BlockedReader {
  readerId: string;
  readerName: string;
  blockedAt: string;
}

/**
 * `GET /api/comment/list` (API.md §12 + extensions): one page of the inbox for the filters; keeps the previous
 * page while the next loads.
 */
export function useCommentList(param: CommentListParam) {
  return useQuery({
    queryKey: [...COMMENTS_KEY, 'list', param],
    queryFn: () => apiGet<CommentListData>('comment/list', param),
    placeholderData: keepPreviousData,
  });
}

/** One thread (`comment/list {rootId, pageSize 100}`): the top-level comment and its replies, oldest first. */
export function useCommentThread(rootId: number | undefined) {
  return useQuery({
    queryKey: [...COMMENTS_KEY, 'thread', rootId],
    queryFn: () => apiGet<CommentListData>('comment/list', { rootId, page: 1, pageSize: THREAD_PAGE_SIZE }),
    enabled: rootId !== undefined,
  });
}

/** `GET /api/comment/counts` (extension): unread in all and per type, and the held ones — the tabs' badges. */
export function useCommentCounts() {
  return useQuery({ queryKey: COUNTS_KEY, queryFn: () => apiGet<CommentCounts>('comment/counts') });
}

/** The param of `GET /api/comment/work_list`. */
export interface CommentWorksParam {
  type?: ContentType;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** `GET /api/comment/work_list` (extension): the author's works with their comment counts and switches. */
export function useCommentWorks(param: CommentWorksParam) {
  const clean = Object.fromEntries(Object.entries(param).filter(([, v]) => v !== undefined && v !== ''));
  return useQuery({
    queryKey: [...WORKS_KEY, clean],
    queryFn: () => apiGet<ListData<CommentWorkItem>>('comment/work_list', clean),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/comment/settings` (API.md §12): the blocked words and the hold-all switch. */
export function useCommentSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => apiGet<CommentSettings>('comment/settings') });
}

/** `GET /api/reader/blocked_list` (extension): the readers this author blocked, newest first. */
export function useBlockedReaders(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...BLOCKED_KEY, page, pageSize],
    queryFn: () => apiGet<ListData<BlockedReader>>('reader/blocked_list', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/comment/reply {commentId, text}` (API.md §12): published at once; the inbox is refetched. */
export function useReplyComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { commentId: number; text: string }) =>
      apiPost<{ id: number }>('comment/reply', param),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}

/**
 * `POST /api/comment/batch {ids, action}` (API.md §12): 1–1000 ids → `{done, skipped}`; every comments query is
 * refetched afterwards, whatever the answer (a refusal may follow a change made elsewhere).
 */
export function useCommentBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { ids: number[]; action: CommentAction }) =>
      apiPost<BatchResult>('comment/batch', param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}

/**
 * `POST /api/comment/read {ids?}` (extension): marks the ids — or, without ids, everything — as seen. The badges
 * (and the works' unread counts) are refetched; marking everything refetches the list too, so its markers go.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => apiPost<{ done: number }>('comment/read', ids ? { ids } : {}),
    onSuccess: (_, ids) =>
      ids
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: COUNTS_KEY }),
            queryClient.invalidateQueries({ queryKey: WORKS_KEY }),
          ])
        : queryClient.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}

/** `POST /api/comment/settings {blockedWords, holdAll}` (API.md §12): the answer replaces the cached settings. */
export function useSaveCommentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: CommentSettings) => apiPost<CommentSettings>('comment/settings', param),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

/** `POST /api/comment/work_settings {contentId, commentsOff?, barrageOff?}` (extension): one work's switches. */
export function useWorkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { contentId: number; commentsOff?: boolean; barrageOff?: boolean }) =>
      apiPost<{ contentId: number; commentsOff: boolean; barrageOff: boolean }>(
        'comment/work_settings',
        param,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKS_KEY }),
  });
}

/**
 * `POST /api/reader/block {readerId, unblock?, hideExisting?}` (API.md §12 + extension): blocks (or unblocks) a
 * reader on every work of the author; every comments query is refetched (states and markers change).
 */
export function useBlockReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: { readerId: string; unblock?: boolean; hideExisting?: boolean }) =>
      apiPost<null>('reader/block', param),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}
