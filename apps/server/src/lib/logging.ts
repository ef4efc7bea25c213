import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * Logger options (issue #8 item 8 "Secrets and internals in logs"): no secret, token, password, hash or query
 * parameter reaches the log.
 * - Request lines carry the path WITHOUT its query string: upload tokens travel in file-service URLs
 *   (API.md §7 `?token=`), signed GETs carry `param` and `sign` (API.md §2).
 * - Errors are serialized without the values a database driver attaches: drizzle's `Failed query … params:`
 *   message, PGlite's `params`, PostgreSQL's `detail` ("Failing row contains (…, $argon2id$…)").
 * - pino `redact` censors credential-like keys wherever a log call passes them (`password`, `token`, `sign`,
 *   `secret`, cookies, authorization headers).
 */

/** Paths pino censors (fast-redact syntax; `*` is one level). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-user-guid"]',
  'req.query',
  'req.body',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...[
    'password',
    'passwordHash',
    'token',
    'sign',
    'secret',
    'param',
    'params',
    'cookie',
    'authorization',
  ].flatMap((key) => [key, `*.${key}`]),
];

export const CENSOR = '[redacted]';

/** Keys of an error object that hold the values of a failed statement (PGlite, drizzle, node-postgres). */
const VALUE_KEYS = new Set(['params', 'parameters', 'queryOptions', 'detail']);

/** `/fileservice/moreShard?token=T` → `/fileservice/moreShard`. */
export function urlWithoutQuery(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Drizzle's `Failed query: <sql>\nparams: <values>` keeps its SQL and loses the values. */
function redactMessage(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: ${CENSOR}`;
}

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError | string;
  [key: string]: unknown;
}

/**
 * The `err` serializer: pino's shape (`type`, `message`, `stack`, own enumerable fields, `cause` chain)
 * without the statement values listed above, in the message, the stack or a field.
 * @param err anything thrown
 * @returns a plain object safe to log
 */
export function serializeError(err: unknown, seen = new Set<unknown>()): SerializedError | string {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) return String(err);
  if (seen.has(err)) return '[circular]';
  seen.add(err);
  const e = err as Error & Record<string, unknown>;
  const original = typeof e.message === 'string' ? e.message : '';
  const message = redactMessage(original);
  const out: SerializedError = { type: e.constructor?.name ?? 'Error', message };
  if (typeof e.stack === 'string')
    out.stack = original && message !== original ? e.stack.split(original).join(message) : e.stack;
  for (const [key, value] of Object.entries(e)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (VALUE_KEYS.has(key)) out[key] = CENSOR;
    else if (value instanceof Error) out[key] = serializeError(value, seen);
    else out[key] = typeof value === 'string' ? redactMessage(value) : value;
  }
  if (e.cause !== undefined) out.cause = serializeError(e.cause, seen);
  return out;
}

/** The `req` serializer: Fastify's fields, the URL without its query string. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlWithoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The header a request id comes in (from the proxy: nginx `$request_id`) and goes back out in (issue #16). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id we accept from outside: 8–128 letters, digits, `.`, `_`, `-` (no spaces, no log injection). */
const REQUEST_ID_FORMAT = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's `genReqId` (issue #16 "JSON logs with a request id across a request's work"): the incoming
 * `X-Request-Id` when well-formed — so the proxy's log line, every server log line of the request and the answer
 * share one id across servers — else a new random UUID (never Fastify's per-process counter `req-1`, which
 * repeats on every server).
 */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_FORMAT.test(given) ? given : randomUUID();
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Fastify's `logger` option with the redaction above.
 * @param level pino level (`config.logLevel`)
 * @param stream where lines go (tests capture them); stdout when omitted
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  } as LoggerOptions;
}

/**
 * The one log line of a request (issue #16: two lines per request — Fastify's "incoming request" and "request
 * completed" — were ≈ 30 % of a signed call's CPU in the API profile). Fastify's `logController`: nothing when a
 * request comes in; when it completes, `request completed` with the request (method, path without its query
 * string, host, address), `res.statusCode` and `responseTime` (ms, Fastify's `elapsedTime`) — `request errored`
 * at `error` level with `err` when the answer itself failed. Every other line Fastify writes (errors of the
 * default handler, route not found, stream errors) is kept. Lines go to the request's logger, so they carry the
 * request id.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else request.log.info(fields, 'request completed');
  }
}
