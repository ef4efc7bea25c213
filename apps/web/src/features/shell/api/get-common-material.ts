import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface MaterialItem {
  name: string;
  url: string;
}

/** `GET /api/common_material { groupName }` (API.md §6); `contact_support` holds the support QR image. */
export function getCommonMaterial(groupName: string): Promise<MaterialItem[]> {
  return apiGet<MaterialItem[]>('common_material', { groupName });
}

export const commonMaterialQuery = (groupName: string) =>
  queryOptions({
    queryKey: ['material', groupName],
    queryFn: () => getCommonMaterial(groupName),
    staleTime: Infinity,
  });

export function useCommonMaterial(groupName: string, enabled = true) {
  return useQuery({ ...commonMaterialQuery(groupName), enabled });
}
