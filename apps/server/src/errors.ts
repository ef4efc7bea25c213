import { type FieldError, type StatusName, statusTable } from '@cc/contracts';

/**
 * The one error type of the server (ARCHITECTURE.md "Data path"). Thrown anywhere; the error handler
 * turns it into the envelope with the status, HTTP code and `ercd` of API.md §3.
 *
 * Codes and when they are thrown:
 * - FAILED: a business rule refused the action (message says why)
 * - NOT_LOGGED_IN: no session, expired session, or `uid` differs from the session's user
 * - BAD_SIGNATURE / REQUEST_EXPIRED: the signature plugin's rejections (API.md §2)
 * - FORBIDDEN: signed in but not permitted
 * - NOT_FOUND: no such resource, or another author's (no existence leak)
 * - VALIDATION_FAILED: the payload broke a rule; `details.fields` lists them
 * - CONFLICT: the resource's state does not allow this
 * - RATE_LIMITED: too many attempts; `retryAfterSeconds` becomes the Retry-After header
 * - TOO_LARGE: body or file over its limit
 * - INTERNAL: a fault on our side (the message is replaced before it leaves)
 */
export class AppError extends Error {
  readonly code: StatusName;
  /** goes to `data` of the envelope, e.g. `{ fields }` or `{ missing }` */
  readonly data: unknown;
  /** overrides the table's `ercd` (e.g. `CHECKSUM_MISMATCH`, `SHARDS_MISSING`) */
  readonly ercd: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: StatusName,
    message: string,
    opts: { data?: unknown; ercd?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.data = opts.data ?? null;
    this.ercd = opts.ercd;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  get status(): number {
    return statusTable[this.code].status;
  }

  get httpStatus(): number {
    return statusTable[this.code].http;
  }

  /** A 10007 with `data.fields` (API.md §3). */
  static validation(fields: FieldError[]): AppError {
    const first = fields[0];
    const message = first
      ? first.path
        ? `${first.path}: ${first.message}`
        : first.message
      : 'invalid request';
    return new AppError('VALIDATION_FAILED', message, { data: { fields } });
  }
}
