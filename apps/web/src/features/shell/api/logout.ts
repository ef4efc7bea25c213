import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, cancelAllRequests } from '../../../lib/api-client';

/** `GET /api/logout` (API.md §5): ends the session. */
export function logout(): Promise<null> {
  return apiGet<null>('logout');
}

/**
 * Logout mutation: on success pending requests are cancelled and the cache dropped (no stale user
 * data survives); the caller navigates to /login. On failure the caller shows the returned message (spec §4).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      cancelAllRequests();
      queryClient.clear();
    },
  });
}
