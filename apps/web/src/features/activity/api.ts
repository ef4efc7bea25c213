import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityDetail,
  ActivityEligibleWork,
  ActivityEntry,
  ActivityItem,
  ActivityListInput,
  ListData,
  OpsActivity,
  OpsActivityDetail,
  OpsActivityListParam,
  OpsActivitySaveInput,
  TopicItem,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** Activities (issue #15; docs/api.md "Activities"): the calls, their query keys and hooks. */

/** Query-key root of every activity call; a join, withdraw or operator action invalidates it. */
export const ACTIVITY_KEY = ['activity'] as const;

/** `GET /api/activity/list`: visible activities by phase (or only those I joined). */
export function useActivityList(param: ActivityListInput) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, 'list', param],
    queryFn: () => apiGet<ListData<ActivityItem>>('activity/list', param),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/activity/detail { id }`: rules, prizes, my entries, ranking. */
export function useActivityDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, 'detail', id],
    queryFn: () => apiGet<ActivityDetail>('activity/detail', { id }),
    enabled: id !== undefined,
  });
}

/** `GET /api/activity/eligible_works { id }`: my works that may enter (fetched when the picker opens). */
export function useEligibleWorks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, 'eligible', id],
    queryFn: () => apiGet<ActivityEligibleWork[]>('activity/eligible_works', { id }),
    enabled,
  });
}

function useActivityMutation<P extends object, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: P) => apiPost<R>(path, param),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
  });
}

/** `POST /api/activity/join { id, contentId }`. */
export const useJoinActivity = () =>
  useActivityMutation<{ id: number; contentId: number }, ActivityEntry>('activity/join');
/** `POST /api/activity/withdraw { id }` (an entry id). */
export const useWithdrawEntry = () =>
  useActivityMutation<{ id: number }, { id: number }>('activity/withdraw');

/** `GET /api/ops/activity/list` (operators). */
export function useOpsActivities(param: OpsActivityListParam) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, 'ops', 'list', param],
    queryFn: () => apiGet<ListData<OpsActivity>>('ops/activity/list', param),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/ops/activity/detail { id }` (operators): every entry with numbers and rank. */
export function useOpsActivityDetail(id: number | null) {
  return useQuery({
    queryKey: [...ACTIVITY_KEY, 'ops', 'detail', id],
    queryFn: () => apiGet<OpsActivityDetail>('ops/activity/detail', { id }),
    enabled: id !== null,
  });
}

/** `GET /api/topic/list`: the platform's topics (the form's topic select). */
export function useTopics() {
  return useQuery({ queryKey: ['topic', 'list', {}], queryFn: () => apiGet<TopicItem[]>('topic/list') });
}

export const useSaveActivity = () =>
  useActivityMutation<OpsActivitySaveInput, OpsActivity>('ops/activity/save');
export const usePublishActivity = () =>
  useActivityMutation<{ id: number }, OpsActivity>('ops/activity/publish');
export const useCloseActivity = () => useActivityMutation<{ id: number }, OpsActivity>('ops/activity/close');
export const useAnnounceActivity = () =>
  useActivityMutation<{ id: number }, OpsActivityDetail>('ops/activity/announce');
export const useDisqualifyEntry = () =>
  useActivityMutation<{ id: number; reason: string }, ActivityEntry>('ops/activity/disqualify');
