import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadPublicConfig } from '../../../lib/api-client';

/** `GET /api/config` (public, unsigned): sibling sites, feedback URL, copyright, image hosts. */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: loadPublicConfig,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
