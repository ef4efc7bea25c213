import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LiveDetail,
  LiveResetKeyResult,
  LiveStateParam,
  LiveStateResult,
  SaveLiveParam,
  SaveLiveResult,
} from '@cc/contracts';
import { apiGet, apiPost, type SaveSessionParam } from '../../../lib/api-client';

/** The calls of live shows (API.md §13, docs/api.md "Live shows"), their query keys and hooks. */

export const LIVE_KEY = ['live'] as const;

/** The fields of `live/save` the form sends (the id or the create's `requestId` come from a `SaveSession`). */
export type LiveFields = Omit<SaveLiveParam, 'id' | 'requestId'>;

/** `POST /api/live/save`: schedules a show or edits an upcoming one; reviewed on every save. */
export function saveLive(param: SaveSessionParam<LiveFields>): Promise<SaveLiveResult> {
  return apiPost<SaveLiveResult>('live/save', param);
}

/** `POST /api/live/state { id, state, replayVideoId? }`: go live, end, attach a replay. */
export function changeLiveState(param: LiveStateParam): Promise<LiveStateResult> {
  return apiPost<LiveStateResult>('live/state', param);
}

/** `POST /api/live/reset_key { id }` (extension): a new stream key; the old one stops working. */
export function resetLiveKey(id: number): Promise<LiveResetKeyResult> {
  return apiPost<LiveResetKeyResult>('live/reset_key', { id });
}

/** `GET /api/live/detail { id }` (extension): the show with its push address, key, state and replay. */
export function getLiveDetail(id: number): Promise<LiveDetail> {
  return apiGet<LiveDetail>('live/detail', { id });
}

const detailKey = (id: number) => [...LIVE_KEY, 'detail', id] as const;

/** `GET /api/live/detail { id }` (docs/api.md "Live shows") as a query; idle without an id. */
export function useLiveDetail(id: number | undefined) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: () => getLiveDetail(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** The details of the shows of a list page (their state and start time are not in `content/list`). */
export function useLiveDetails(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({ queryKey: detailKey(id), queryFn: () => getLiveDetail(id), staleTime: 0 })),
  });
}

/** After any change: lists, this show, and the bell (a review result is a group-8 message). */
function useInvalidateLive() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['content'] });
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
  };
}

/** `POST /api/live/save` (API.md §13) as a mutation: schedules or edits a show. */
export function useSaveLive() {
  const invalidate = useInvalidateLive();
  return useMutation({ mutationFn: saveLive, onSuccess: invalidate });
}

/** `POST /api/live/state` as a mutation: upcoming → live → ended (docs/api.md "Live shows"). */
export function useChangeLiveState() {
  const invalidate = useInvalidateLive();
  return useMutation({ mutationFn: changeLiveState, onSuccess: invalidate });
}

/** `POST /api/live/reset_key` as a mutation: a new stream key, the old one stops working. */
export function useResetLiveKey() {
  const invalidate = useInvalidateLive();
  return useMutation({ mutationFn: resetLiveKey, onSuccess: invalidate });
}
