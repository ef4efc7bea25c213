import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ContentType,
  DataOverview,
  DataPeers,
  DataPeriod,
  WorkDetail,
  WorkList,
  WorkListParam,
} from '@cc/contracts';
import { apiGet, downloadSigned, type DownloadedFile } from '../../lib/api-client';

/** The author's audience data calls (API.md §11, issue #12), their query keys and hooks. */

export const DATA_KEY = ['data'] as const;

/** The figures are at most a minute old for `today` (API.md §11): ask again after that. */
const STALE_MS = 60_000;

/** `GET /api/data/overview { period, type? }`: the metrics, the previous period's, the daily trend, `asOf`. */
export function dataOverviewQuery(period: DataPeriod, type?: ContentType) {
  const param = type ? { period, type } : { period };
  return queryOptions({
    queryKey: [...DATA_KEY, 'overview', param],
    queryFn: () => apiGet<DataOverview>('data/overview', param),
    staleTime: STALE_MS,
  });
}

/** The overview of a period (and content type); keeps the previous figures on screen while switching. */
export function useDataOverview(period: DataPeriod, type?: ContentType) {
  return useQuery({ ...dataOverviewQuery(period, type), placeholderData: keepPreviousData });
}

/** `GET /api/data/peers { period }`: the median of the authors of the author's field over the same period. */
export function useDataPeers(period: DataPeriod) {
  return useQuery({
    queryKey: [...DATA_KEY, 'peers', { period }],
    queryFn: () => apiGet<DataPeers>('data/peers', { period }),
    staleTime: STALE_MS,
  });
}

/** What the work table asks for: `workListParamSchema` less the parts left out when empty. */
export type WorkListQuery = Pick<WorkListParam, 'period' | 'sort' | 'order' | 'page' | 'pageSize'> & {
  type?: ContentType;
  keyword?: string;
};

/** `GET /api/data/work_list`: one page of the author's works with their metrics of the period. */
export function useWorkList(query: WorkListQuery) {
  const param: Record<string, unknown> = {
    period: query.period,
    sort: query.sort,
    order: query.order,
    page: query.page,
    pageSize: query.pageSize,
  };
  if (query.type) param.type = query.type;
  if (query.keyword) param.keyword = query.keyword;
  return useQuery({
    queryKey: [...DATA_KEY, 'work-list', param],
    queryFn: () => apiGet<WorkList>('data/work_list', param),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** `GET /api/data/work_detail { id, period }`: one work's metrics, trend, traffic sources and retention. */
export function useWorkDetail(id: number | null, period: DataPeriod) {
  return useQuery({
    queryKey: [...DATA_KEY, 'work-detail', { id, period }],
    queryFn: () => apiGet<WorkDetail>('data/work_detail', { id, period }),
    enabled: id !== null,
    staleTime: STALE_MS,
  });
}

/** The export formats of the work table (contracts FAN_EXPORT_FORMATS). */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * `GET /api/data/work_export { period, type?, format }`: the file itself (every row of the table's filters), read
 * with progress.
 */
export function exportWorks(
  param: { period: DataPeriod; type?: ContentType; format: ExportFormat },
  onProgress?: (received: number, total: number | null) => void,
): Promise<DownloadedFile> {
  const body = param.type
    ? { period: param.period, type: param.type, format: param.format }
    : { period: param.period, format: param.format };
  return downloadSigned('data/work_export', body, { onProgress });
}
