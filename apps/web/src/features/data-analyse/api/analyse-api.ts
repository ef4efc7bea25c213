import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContentType, DataOverview, WorkDetail, WorkList } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';
import {
  type AnalysePeriod,
  type AnalyseScope,
  mergeOverviews,
  mergeTopWorks,
  rankMetricOf,
  SCOPE_TYPES,
  TOP_WORKS,
} from '../logic';

/**
 * The data-analysis calls (API.md §11) per scope. The API filters by one `type`; a scope of two types (image
 * works, videos) asks once per type and merges the answers (logic.ts), so every figure is the whole scope's.
 */

const ANALYSE_KEY = ['data-analyse'] as const;

/** The `type` params of a scope: one call without `type` for every work, else one call per type. */
function typeParams(scope: AnalyseScope): { type?: ContentType }[] {
  const types = SCOPE_TYPES[scope];
  return types ? types.map((type) => ({ type })) : [{}];
}

/** `GET /api/data/overview {period, type?}` for a scope: the metrics of the period, merged over its types. */
export function useScopeOverview(scope: AnalyseScope, period: AnalysePeriod) {
  return useQuery({
    queryKey: [...ANALYSE_KEY, 'overview', scope, period],
    queryFn: async () =>
      mergeOverviews(
        await Promise.all(
          typeParams(scope).map((t) => apiGet<DataOverview>('data/overview', { period, ...t })),
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * `GET /api/data/work_list {period, type?, sort, order: 'desc', page: 1, pageSize: 10}` for a scope: its top works
 * by views (plays for videos), merged over its types.
 */
export function useTopWorks(scope: AnalyseScope, period: AnalysePeriod) {
  const sort = rankMetricOf(scope);
  return useQuery({
    queryKey: [...ANALYSE_KEY, 'top', scope, period],
    queryFn: async () =>
      mergeTopWorks(
        await Promise.all(
          typeParams(scope).map((t) =>
            apiGet<WorkList>('data/work_list', {
              period,
              ...t,
              sort,
              order: 'desc',
              page: 1,
              pageSize: TOP_WORKS,
            }),
          ),
        ),
        sort,
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/data/work_detail {id, period}`: one work's metrics, sources and (videos) retention; idle without id. */
export function useWorkDetail(id: number | null, period: AnalysePeriod) {
  return useQuery({
    queryKey: [...ANALYSE_KEY, 'detail', id, period],
    queryFn: () => apiGet<WorkDetail>('data/work_detail', { id, period }),
    enabled: id !== null,
  });
}
