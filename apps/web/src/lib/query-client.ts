import { QueryClient } from '@tanstack/react-query';
import { Status } from '@cc/contracts';
import { isApiError } from './api-client';

/** Milliseconds before a read refused by an overloaded server is tried again: its `Retry-After` (issue #16). */
export const BUSY_RETRY_MS = 5000;

/**
 * One QueryClient per app. Business refusals (any envelope status) are not retried — the answer will
 * not change; network faults are retried once, and a read an overloaded server refused (10503, issue #16) once
 * after {@link BUSY_RETRY_MS}.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status !== Status.INTERNAL && error.status !== Status.UNAVAILABLE) {
            return false;
          }
          return failureCount < 1;
        },
        retryDelay: (failureCount, error) =>
          isApiError(error) && error.status === Status.UNAVAILABLE
            ? BUSY_RETRY_MS
            : Math.min(1000 * 2 ** failureCount, 30_000),
      },
      mutations: { retry: false },
    },
  });
}
