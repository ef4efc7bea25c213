/**
 * Envelope status codes and their HTTP statuses and `ercd` strings (API.md §3).
 * One table; the server's error handler and the web client both read it.
 */
export const Status = {
  /** success */
  OK: 1,
  /** a business rule refused the action; `message` says why */
  FAILED: 0,
  /** no session, session expired, or `uid` mismatch: the client goes to the login page */
  NOT_LOGGED_IN: 10002,
  /** signature missing or wrong */
  BAD_SIGNATURE: 10003,
  /** timestamp outside the 300 s window */
  REQUEST_EXPIRED: 10004,
  /** signed in, but not the owner or not permitted */
  FORBIDDEN: 10005,
  /** no such resource (also for another author's resource: no existence leak) */
  NOT_FOUND: 10006,
  /** the payload broke a rule; `data.fields` lists `{ path, message }` */
  VALIDATION_FAILED: 10007,
  /** the resource's state does not allow this */
  CONFLICT: 10008,
  /** too many requests; `Retry-After` header set */
  RATE_LIMITED: 10009,
  /** body or file over its limit */
  TOO_LARGE: 10010,
  /** a fault on our side; the message never leaks internals */
  INTERNAL: 10500,
  /** the server is overloaded and refused the request before work began; `Retry-After` set (issue #16) */
  UNAVAILABLE: 10503,
} as const;

export type StatusName = keyof typeof Status;
export type StatusCode = (typeof Status)[StatusName];

/** HTTP status and `ercd` of each envelope status (API.md §3). */
export const statusTable: Record<StatusName, { status: StatusCode; http: number; ercd: string | null }> = {
  OK: { status: 1, http: 200, ercd: null },
  FAILED: { status: 0, http: 400, ercd: 'FAILED' },
  NOT_LOGGED_IN: { status: 10002, http: 401, ercd: 'NOT_LOGGED_IN' },
  BAD_SIGNATURE: { status: 10003, http: 400, ercd: 'BAD_SIGNATURE' },
  REQUEST_EXPIRED: { status: 10004, http: 400, ercd: 'REQUEST_EXPIRED' },
  FORBIDDEN: { status: 10005, http: 403, ercd: 'FORBIDDEN' },
  NOT_FOUND: { status: 10006, http: 404, ercd: 'NOT_FOUND' },
  VALIDATION_FAILED: { status: 10007, http: 400, ercd: 'VALIDATION_FAILED' },
  CONFLICT: { status: 10008, http: 409, ercd: 'CONFLICT' },
  RATE_LIMITED: { status: 10009, http: 429, ercd: 'RATE_LIMITED' },
  TOO_LARGE: { status: 10010, http: 413, ercd: 'TOO_LARGE' },
  INTERNAL: { status: 10500, http: 500, ercd: 'INTERNAL' },
  UNAVAILABLE: { status: 10503, http: 503, ercd: 'UNAVAILABLE' },
};

/** The response envelope of every `/api/` and `/fileservice/` call (API.md §3). */
export interface Envelope<T = unknown> {
  status: number;
  /** in the request's language (`Accept-Language`, docs/api.md "Language of messages") */
  message: string;
  data: T;
  ercd?: string;
  /** errors: the catalog code of `message` (server-messages.ts), the same in every language */
  messageCode?: string;
}

/** A list payload (API.md §3): page is 1-based, pageSize at most 100. */
export interface ListData<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One field error of a 10007 response: `data.fields`. */
export interface FieldError {
  path: string;
  /** in the request's language */
  message: string;
  /** the catalog code of `message` (server-messages.ts) */
  code?: string;
  /** the rule this refusal applies, `slug#section` of the rule centre (`RULE_REFS`, issue #11) */
  ruleRef?: string;
}
