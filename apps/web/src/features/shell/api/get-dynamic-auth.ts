import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** localStorage key of the dynamic authorization flag (spec §3: "stored locally as dynamicShow"). */
export const DYNAMIC_SHOW_KEY = 'dynamicShow';

/** The last known flag, so the menu does not flicker before the call returns. */
export function storedDynamicShow(): 0 | 1 {
  try {
    return localStorage.getItem(DYNAMIC_SHOW_KEY) === '1' ? 1 : 0;
  } catch {
    return 0;
  }
}

/** `GET /api/dynamic/get_dynamic_auth` (API.md §6); stores `dynamicShow` in localStorage (spec §3). */
export async function getDynamicAuth(): Promise<{ dynamicShow: 0 | 1 }> {
  const data = await apiGet<{ dynamicShow: 0 | 1 }>('dynamic/get_dynamic_auth');
  try {
    localStorage.setItem(DYNAMIC_SHOW_KEY, String(data.dynamicShow === 1 ? 1 : 0));
  } catch {
    // private mode: the flag lives for this page only
  }
  return data;
}

export const dynamicAuthQuery = queryOptions({
  queryKey: ['user', 'dynamic-auth'],
  queryFn: getDynamicAuth,
  staleTime: 5 * 60_000,
});

export function useDynamicAuth() {
  return useQuery(dynamicAuthQuery);
}
