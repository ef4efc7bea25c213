import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DataPeriod, FansChart, FansCount, FansList, FansPortrait } from '@cc/contracts';
import { apiGet, downloadSigned, type DownloadedFile } from '../../../lib/api-client';

/** The fans calls (API.md §11 "Audience data"), their query keys and hooks. */

export const FANS_KEY = ['fans'] as const;
/** The format of a fans export (`FAN_EXPORT_FORMATS` of the contracts). */
export type FansExportFormat = 'csv' | 'xlsx';

/** `GET /api/fans/count {}`: total fans, gained and lost yesterday, and when they were counted. */
export const fansCountQuery = queryOptions({
  queryKey: [...FANS_KEY, 'count'],
  queryFn: () => apiGet<FansCount>('fans/count'),
});

/** The fans' totals (`fans/count`). */
export function useFansCount() {
  return useQuery(fansCountQuery);
}

/** `GET /api/fans/chart {period}`: one row a day, `{ date, gained, lost, net, total }`. */
export function useFansChart(period: DataPeriod) {
  return useQuery({
    queryKey: [...FANS_KEY, 'chart', period],
    queryFn: () => apiGet<FansChart>('fans/chart', { period }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/fans/list {page, pageSize}`: the current fans, newest follow first (API.md §3 list). */
export function useFansList(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...FANS_KEY, 'list', page, pageSize],
    queryFn: () => apiGet<FansList>('fans/list', { page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/fans/portrait {}`: counts of the current fans by gender, age band, region and device. */
export function useFansPortrait() {
  return useQuery({
    queryKey: [...FANS_KEY, 'portrait'],
    queryFn: () => apiGet<FansPortrait>('fans/portrait'),
  });
}

/**
 * `GET /api/fans/export {format}`: every current fan as a file (not an envelope, API.md §11), downloaded through
 * the signed download so the caller can show its progress.
 * @param onProgress bytes received so far, and the size when the server sent `Content-Length` (else null)
 */
export function exportFans(
  format: FansExportFormat,
  onProgress: (received: number, total: number | null) => void,
): Promise<DownloadedFile> {
  return downloadSigned('fans/export', { format }, { onProgress });
}
