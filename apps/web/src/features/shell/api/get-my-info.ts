import { queryOptions, useQuery } from '@tanstack/react-query';
import { IDENTITY_TYPE_163, type MyInfo } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/user_center/get_my_info_by_id` (API.md §6), with the spec §3 is163 flag derived. */
export async function getMyInfo(): Promise<MyInfo & { is163: boolean }> {
  const info = await apiGet<MyInfo>('user_center/get_my_info_by_id');
  return { ...info, is163: (info.userIdentityList ?? []).some((i) => i.type === IDENTITY_TYPE_163) };
}

export const myInfoQuery = queryOptions({
  queryKey: ['user', 'my-info'],
  queryFn: getMyInfo,
  staleTime: 60_000,
});

export function useMyInfo() {
  return useQuery(myInfoQuery);
}
