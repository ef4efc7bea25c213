import { QueryClient } from '@tanstack/react-query';
import { Status } from '@cc/contracts';
import { isApiError } from './api-client';

/**
 * One QueryClient per app. Business refusals (any envelope status) are not retried — the answer will
 * not change; network faults are retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status !== Status.INTERNAL) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
