import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveTrackingSettingsParam, TrackingSettings } from '@cc/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { applyTrackingSettings, TRACKING_SETTINGS_KEY } from '../../../lib/tracking';

/** `GET /api/tracking/settings`: the author's "do not record my usage" (issue #15; docs/api.md "Tracking points"). */
export function useTrackingSettings() {
  return useQuery({
    queryKey: [...TRACKING_SETTINGS_KEY],
    queryFn: () => apiGet<TrackingSettings>('tracking/settings'),
  });
}

/**
 * `POST /api/tracking/save_settings { optOut }`: saved on the account (every device); this tab's tracker follows at
 * once (stops sending and drops its queue, or starts again).
 */
export function useSaveTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: SaveTrackingSettingsParam) =>
      apiPost<TrackingSettings>('tracking/save_settings', param),
    onSuccess: (settings) => {
      applyTrackingSettings(settings);
      queryClient.setQueryData([...TRACKING_SETTINGS_KEY], settings);
    },
  });
}
