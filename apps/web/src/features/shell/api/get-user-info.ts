import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/home/userinfo` (API.md §6). Any status but 1 sends the browser to login (api-client). */
export function getUserInfo(): Promise<UserInfo> {
  return apiGet<UserInfo>('home/userinfo');
}

export const userInfoQuery = queryOptions({
  queryKey: ['user', 'info'],
  queryFn: getUserInfo,
  staleTime: 60_000,
  retry: false,
});

export function useUserInfo() {
  return useQuery(userInfoQuery);
}
