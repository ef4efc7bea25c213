/** A non-success envelope (API.md §3): the server's status, message, ercd and data. */
export class ApiError extends Error {
  readonly status: number;
  readonly ercd: string | undefined;
  readonly data: unknown;
  constructor(status: number, message: string, ercd?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.ercd = ercd;
    this.data = data;
  }
}

/** True for an ApiError with one of the given statuses. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
