import { Status } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { BUSY_RETRY_MS, createQueryClient } from './query-client';

// Which failed reads are tried again, and when (issue #16: an overloaded server answers 10503 with Retry-After 5).
describe('createQueryClient', () => {
  const options = createQueryClient().getDefaultOptions().queries!;
  const retry = options.retry as (count: number, error: unknown) => boolean;
  const delay = options.retryDelay as (count: number, error: unknown) => number;

  it('retries a server fault and a busy server once, never a business refusal', () => {
    expect(retry(0, new ApiError(Status.INTERNAL, 'x'))).toBe(true);
    expect(retry(0, new ApiError(Status.UNAVAILABLE, 'busy'))).toBe(true);
    expect(retry(1, new ApiError(Status.UNAVAILABLE, 'busy'))).toBe(false);
    for (const status of [Status.FAILED, Status.NOT_FOUND, Status.RATE_LIMITED, Status.VALIDATION_FAILED]) {
      expect(retry(0, new ApiError(status, 'no'))).toBe(false);
    }
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it("waits the busy server's Retry-After, else backs off from 1 s", () => {
    expect(delay(0, new ApiError(Status.UNAVAILABLE, 'busy'))).toBe(BUSY_RETRY_MS);
    expect(delay(0, new ApiError(Status.INTERNAL, 'x'))).toBe(1000);
    expect(delay(1, new TypeError('Failed to fetch'))).toBe(2000);
  });
});
