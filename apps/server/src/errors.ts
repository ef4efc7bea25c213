import {
  type FieldError,
  type FieldIssue,
  type MessageArg,
  type MessageLanguage,
  type MessageRef,
  renderMessage,
  RULE_REFS,
  type StatusName,
  statusTable,
  toMessageRef,
  validationSummary,
} from '@cc/contracts';

/**
 * The one error type of the server (ARCHITECTURE.md "Data path"). Thrown anywhere; the error handler
 * turns it into the envelope with the status, HTTP code and `ercd` of API.md §3.
 *
 * Its message is a code of the catalog (`packages/contracts/src/server-messages.ts`, issue #9) with the
 * values of its template, typed: a throw without a catalog text does not compile. The envelope renders it in
 * the request's language (`messageIn`); `Error.message` is the English text, for logs.
 *
 * Codes and when they are thrown:
 * - FAILED: a business rule refused the action (message says why)
 * - NOT_LOGGED_IN: no session, expired session, or `uid` differs from the session's user
 * - BAD_SIGNATURE / REQUEST_EXPIRED: the signature plugin's rejections (API.md §2)
 * - FORBIDDEN: signed in but not permitted
 * - NOT_FOUND: no such resource, or another author's (no existence leak)
 * - VALIDATION_FAILED: the payload broke a rule; `fields` lists them (`data.fields` on the wire)
 * - CONFLICT: the resource's state does not allow this
 * - RATE_LIMITED: too many attempts; `retryAfterSeconds` becomes the Retry-After header
 * - TOO_LARGE: body or file over its limit
 * - INTERNAL: a fault on our side (the message is replaced before it leaves)
 */
export class AppError extends Error {
  readonly code: StatusName;
  /** the catalog message of the envelope's `message` (its code is the envelope's `messageCode`) */
  readonly messageRef: MessageRef;
  /** the field errors of a 10007, rendered into `data.fields` in the request's language */
  readonly fields: readonly FieldIssue[] | undefined;
  /** goes to `data` of the envelope, e.g. `{ missing }` or `{ rule }` (with `fields` added for a 10007) */
  readonly data: unknown;
  /** overrides the table's `ercd` (e.g. `CHECKSUM_MISMATCH`, `SHARDS_MISSING`) */
  readonly ercd: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  /**
   * @param code the envelope status (API.md §3)
   * @param message a plain catalog code (`'ACCOUNT_TAKEN'`) or `{ code, params }` with every `{{param}}`
   * @param opts.fields field errors (a 10007; `AppError.validation` is the short form)
   */
  constructor(
    code: StatusName,
    message: MessageArg,
    opts: {
      data?: unknown;
      ercd?: string;
      retryAfterSeconds?: number;
      cause?: unknown;
      fields?: readonly FieldIssue[];
    } = {},
  ) {
    const ref = toMessageRef(message);
    super(opts.fields?.length ? validationSummary(opts.fields[0], 'en-US') : renderMessage(ref, 'en-US'), {
      cause: opts.cause,
    });
    this.name = 'AppError';
    this.code = code;
    this.messageRef = ref;
    this.fields = opts.fields;
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

  /** The envelope's `message` in `lang` (for a 10007: the first field's, see `validationSummary`). */
  messageIn(lang: MessageLanguage): string {
    return this.fields?.length
      ? validationSummary(this.fields[0], lang)
      : renderMessage(this.messageRef, lang);
  }

  /** The envelope's `data` in `lang`: `data` as given, with `fields` rendered (`{ path, message, code }`). */
  dataIn(lang: MessageLanguage): unknown {
    const extra = this.data !== null && typeof this.data === 'object' ? this.data : {};
    if (!this.fields) {
      // a refusal whose message applies a rule of the rule centre carries its reference (issue #11)
      const ruleRef = RULE_REFS[this.messageRef.code];
      return ruleRef ? { ...extra, ruleRef } : this.data;
    }
    const fields: FieldError[] = this.fields.map((f) => {
      const ruleRef = RULE_REFS[f.code];
      return { path: f.path, message: renderMessage(f, lang), code: f.code, ...(ruleRef ? { ruleRef } : {}) };
    });
    const ruleRef = this.fields[0] && RULE_REFS[this.fields[0].code];
    return { ...extra, fields, ...(ruleRef ? { ruleRef } : {}) };
  }

  /**
   * A 10007 with `data.fields` (API.md §3): each field's path and catalog message.
   * @param opts.ercd overrides `VALIDATION_FAILED` (e.g. `WEAK_PASSWORD`); `opts.data` extra members of
   *   `data` (e.g. `{ rule }`)
   */
  static validation(fields: FieldIssue[], opts: { ercd?: string; data?: object } = {}): AppError {
    const first = fields[0];
    return new AppError('VALIDATION_FAILED', first ?? 'INVALID_REQUEST', {
      fields,
      ercd: opts.ercd,
      data: opts.data,
    });
  }

  /**
   * A 10007 for one broken publishing rule (a contracts `RuleViolation`: title length, schedule window,
   * cover required…): `data.fields` names `path` with the rule's message, and `data.rule` its code, so a
   * client may branch on the rule (API.md §3, docs/api.md "Video publishing").
   * @param path the field, e.g. `scheduledAt`
   * @param violation the catalog code and params of the broken rule
   */
  static rule(path: string, violation: MessageRef): AppError {
    return AppError.validation([{ path, ...violation }], { data: { rule: violation.code } });
  }
}
