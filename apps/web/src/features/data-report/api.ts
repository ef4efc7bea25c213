import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataReport, DataReportList } from '@cc/contracts';
import { apiGet } from '../../lib/api-client';

/** The weekly data report calls (docs/api.md "Creative trends and topics"), keys and hooks. */

export const REPORT_KEY = ['dataReport'] as const;
/** Reports are made once a week and never change afterwards. */
const STALE_MS = 10 * 60_000;

/** `GET /api/data/report_list { page, pageSize }`: the author's reports, newest week first. */
export function useReportList(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...REPORT_KEY, 'list', page, pageSize],
    queryFn: () => apiGet<DataReportList>('data/report_list', { page, pageSize }),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/data/report_detail { weekStart }`: one report (10006 when the author has none for that week). */
export function useReport(weekStart: string) {
  return useQuery({
    queryKey: [...REPORT_KEY, 'detail', weekStart],
    queryFn: () => apiGet<DataReport>('data/report_detail', { weekStart }),
    staleTime: STALE_MS,
  });
}
