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

/**
 * The text of a failed call for the user (issue #8 item 10): the translation of the server's refusal
 * (`errors.<ercd>`, e.g. QUOTA_EXCEEDED) when the error carries an ercd that has one, else the error's own
 * message (the server's English text, or the network error).
 * @param t the i18n translate function; `exists` tells whether a key has a text
 */
export function apiErrorText(
  e: unknown,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  if (e instanceof ApiError && e.ercd && exists(`errors.${e.ercd}`)) return t(`errors.${e.ercd}`);
  return e instanceof Error ? e.message : String(e);
}
