import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrackingUsage, TrackingUsageParam } from '@cc/contracts';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/ops/tracking/usage { from?, to? }` (operators; issue #15; docs/api.md "Tracking points"): `{}` asks for
 * the server's default period (the last 14 days in REPORT_TZ).
 */
export function useTrackingUsage(param: TrackingUsageParam) {
  return useQuery({
    queryKey: ['ops', 'tracking', 'usage', param],
    queryFn: () => apiGet<TrackingUsage>('ops/tracking/usage', param),
    placeholderData: keepPreviousData,
  });
}
