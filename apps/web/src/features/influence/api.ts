import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InfluenceIndex, RankBoard, RankList } from '@cc/contracts';
import { apiGet } from '../../lib/api-client';

/** The influence index and rankings calls (docs/api.md "Influence index and rankings", issue #12) and their hooks. */

export const INFLUENCE_KEY = ['influence'] as const;

/** Both are computed once a day (00:10 REPORT_TZ): asking again within ten minutes gains nothing. */
const STALE_MS = 10 * 60_000;

/** `GET /api/influence/index {}`: the author's index of the latest computed day, its components and history. */
export function useInfluenceIndex() {
  return useQuery({
    queryKey: [...INFLUENCE_KEY, 'index'],
    queryFn: () => apiGet<InfluenceIndex>('influence/index'),
    staleTime: STALE_MS,
  });
}

/** `GET /api/rank/list { board, page, pageSize }`: a page of a board with the author's own place. */
export function useRankList(board: RankBoard, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...INFLUENCE_KEY, 'rank', { board, page, pageSize }],
    queryFn: () => apiGet<RankList>('rank/list', { board, page, pageSize }),
    // another page of the same board keeps the rows on screen; another board starts from its skeleton
    placeholderData: (previous) => (previous?.board === board ? keepPreviousData(previous) : undefined),
    staleTime: STALE_MS,
  });
}
