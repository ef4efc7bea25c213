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
 * The user's-language text of a server refusal that carries an `ercd` with a text of its own (`errors.<ercd>`:
 * WEAK_PASSWORD, QUOTA_EXCEEDED, IMAGE_TOO_MANY_PIXELS …, issue #8), or null. Works for every error that carries
 * the envelope's `ercd` (ApiError, UploadError); the one place the web app maps ercds to texts. The texts are the
 * catalog of server messages' (`ercdMessages`, packages/contracts server-messages.ts, issue #9), so they read
 * in the language shown now even for an error that arrived before a language switch.
 * @param t the i18n translate function; `exists` tells whether a key has a text
 */
export function ercdText(
  e: unknown,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string | null {
  const ercd = e instanceof Error && 'ercd' in e && typeof e.ercd === 'string' ? e.ercd : undefined;
  return ercd && exists(`errors.${ercd}`) ? t(`errors.${ercd}`) : null;
}

/**
 * The text of a failed call for the user (issue #8 item 10): `ercdText` when the refusal has one, else the
 * error's own message — the server's, already in the UI language (the api-client sends it as
 * `Accept-Language`, issue #9) — or the network error.
 * @param t the i18n translate function; `exists` tells whether a key has a text
 */
export function apiErrorText(
  e: unknown,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  return ercdText(e, t, exists) ?? (e instanceof Error ? e.message : String(e));
}

/** The `ruleRef` of a `{ ruleRef }` object, when it is a non-empty string. */
function ruleRefIn(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || !('ruleRef' in value)) return undefined;
  const ref = value.ruleRef;
  return typeof ref === 'string' && ref ? ref : undefined;
}

/**
 * The rule a refusal applies (issue #11 "every refusal links to the rule it applies"): `slug#section` of the rule
 * centre, from the error envelope's `data` (API.md §3) — `data.ruleRef` for a refusal of the whole action
 * (DYNAMIC_NOT_ALLOWED, PROGRAM_GRADE_REQUIRED …), `data.fields[i].ruleRef` for a field of a 10007.
 * @param path the field (`title`; `images.2.url` also matches a field error of `images.2.url` and of `images`):
 *   only that field's reference; without it, `data.ruleRef` or else the first field's
 * @returns undefined for anything else (no reference, not an ApiError)
 */
export function ruleRefOf(error: unknown, path?: string): string | undefined {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return undefined;
  const data = error.data as { fields?: unknown };
  const fields = Array.isArray(data.fields) ? (data.fields as unknown[]) : [];
  if (path === undefined) return ruleRefIn(data) ?? fields.map(ruleRefIn).find(Boolean);
  const fieldPath = (f: unknown) =>
    f && typeof f === 'object' && 'path' in f && typeof f.path === 'string' ? f.path : undefined;
  const exact = fields.find((f) => fieldPath(f) === path);
  const inside = fields.find((f) => {
    const p = fieldPath(f);
    return p !== undefined && (path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
  });
  return ruleRefIn(exact) ?? ruleRefIn(inside);
}
