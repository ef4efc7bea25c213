import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentDetail } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/content/detail { id }` (API.md §9): the article with its HTML body and covers. */
export function getArticle(id: number): Promise<ContentDetail> {
  return apiGet<ContentDetail>('content/detail', { id });
}

export const articleQuery = (id: number) =>
  queryOptions({ queryKey: ['article', id], queryFn: () => getArticle(id), staleTime: 0 });

export function useArticle(id: number | undefined) {
  return useQuery({ ...articleQuery(id ?? 0), enabled: Boolean(id) });
}
