import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeOverview } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/home/overview {}` (extension): the home page's key numbers. */
export function getHomeOverview(): Promise<HomeOverview> {
  return apiGet<HomeOverview>('home/overview');
}

export const homeOverviewQuery = queryOptions({ queryKey: ['home', 'overview'], queryFn: getHomeOverview });

export function useHomeOverview() {
  return useQuery(homeOverviewQuery);
}
