import type { Socket } from 'node:net';
import {
  zodIssueMessage,
  DEFAULT_MESSAGE_LANGUAGE,
  type Envelope,
  envelopeSchema,
  errorEnvelopeSchema,
  type MessageLanguage,
  pickMessageLanguage,
  statusTable,
} from '@cc/contracts';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * The envelope of API.md §3 and the ONE error handler of the server.
 *
 * - A handler of an `/api/` or `/fileservice/` route returns its `data` (or `null`); the preSerialization
 *   hook wraps it as `{ status: 1, message: 'success', data }`. A handler that streams or sends bytes
 *   (media) is left alone.
 * - Anything thrown becomes `{ status, message, data, ercd, messageCode }` with the HTTP status of the table,
 *   `message` and `data.fields[].message` in the request's language (`requestLanguage`: `Accept-Language`,
 *   zh-CN by default; issue #9) and `messageCode` the catalog code of `message`:
 *   AppError as is; Fastify's own errors mapped (body too large → 10010, bad content type or body → 10007,
 *   schema validation → 10007 with `data.fields`, 404 → 10006, 429 → 10009); everything else is 10500
 *   "internal error" and the real error is only logged.
 * - Every answer is checked against its route's response schema (`schema.response`, zod schemas from
 *   `@cc/contracts`, docs/decisions/0002-response-schemas.md): with `strictResponses` (development and
 *   tests) a drift becomes a 10500 and fails the test that hits it; without (production) it is logged
 *   as a warning and the answer is sent as it is.
 */

/** Envelopes already built (by the error handler), so the wrapping hook does not wrap them twice. */
const built = new WeakSet<object>();

export function envelope<T>(data: T, message = 'success'): Envelope<T> {
  const body: Envelope<T> = { status: 1, message, data };
  built.add(body);
  return body;
}

/** True for the paths whose every response is an envelope (API.md §3). */
export function isEnvelopePath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  // The OpenAPI document is the one /api/ response that is not an envelope: tools read it as is.
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return false;
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/fileservice' ||
    path.startsWith('/fileservice/') ||
    // API.md §10: every /open/ answer uses the envelope of §3
    path === '/open' ||
    path.startsWith('/open/')
  );
}

/**
 * The language of the texts a request gets back (issue #9, docs/api.md "Language of messages"): its
 * `Accept-Language` (`pickMessageLanguage`), zh-CN when absent or naming neither zh nor en.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): MessageLanguage {
  return pickMessageLanguage(request.headers['accept-language']);
}

function errorEnvelope(error: AppError, lang: MessageLanguage): Envelope<unknown> {
  const row = statusTable[error.code];
  const body: Envelope<unknown> = {
    status: row.status,
    message: error.messageIn(lang),
    data: error.dataIn(lang) ?? null,
  };
  const ercd = error.ercd ?? row.ercd;
  if (ercd) body.ercd = ercd;
  body.messageCode = error.messageRef.code;
  built.add(body);
  return body;
}

/**
 * `schema.response` of an envelope route: 200 is `{ status: 1, message, data }` around `data`, 4xx and 5xx
 * the error envelope (API.md §3). Used by `signedRoute` and by the unsigned envelope routes (file service).
 * @param data the contracts schema of the envelope's `data`
 */
export function envelopeResponses<D extends z.ZodType>(data: D) {
  return { 200: envelopeSchema(data), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
}

/**
 * `schema.response` of a route that answers with bytes (images, videos; API.md §4, §7): 200 (and 206 for
 * ranges) documented as binary, errors as the envelope. Bytes are never serialized, so only the docs and
 * the error answers use these.
 * @param description what the bytes are, for `/api/docs`
 */
export function binaryResponses(description: string) {
  const bytes = z.string().meta({ format: 'binary', description });
  return { 200: bytes, 206: bytes, '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
}

/** What a drift looked like, for the log and the error: `path: message` of each zod issue. */
function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}

/** Thrown by the strict serializer; the error handler answers 10500 and logs it with the issues. */
export class ResponseDriftError extends Error {
  readonly code = 'RESPONSE_DRIFT';
  constructor(
    readonly route: string,
    readonly issues: string[],
  ) {
    super(`answer of ${route} does not match its response schema: ${issues.join('; ')}`);
    this.name = 'ResponseDriftError';
  }
}

/**
 * The serializer compiler of every route with a zod `schema.response` (replaces
 * fastify-type-provider-zod's, which throws on any drift and sends the parsed, key-stripped output).
 * The answer is checked with `safeParse` and sent as the handler made it (`JSON.stringify`).
 * @param opts.strict true: a drift throws ResponseDriftError (→ 10500); false: it is logged
 *   (`warn`, with the route and the issues) and the answer is sent anyway
 * @param opts.log where drifts are logged
 */
export function responseSerializerCompiler(opts: {
  strict: boolean;
  log: FastifyBaseLogger;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    const route = `${method} ${url} (${httpStatus})`;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const issues = describeIssues(result.error);
        if (opts.strict) throw new ResponseDriftError(route, issues);
        opts.log.warn({ route, issues }, 'answer does not match its response schema; sent as it is');
      }
      return JSON.stringify(data);
    };
  };
}

/** Maps anything thrown to an AppError; `null` means "unexpected" (logged, answered with 10500). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & {
    validation?: { instancePath?: string; message?: string; keyword?: string; params?: object }[];
  };
  if (Array.isArray(e.validation)) {
    // Fastify's own schema validation (routes outside signedRoute, e.g. `/open/`): the field is named and the
    // text is the catalog's for the zod issue (fastify-type-provider-zod keeps the issue's code, message and
    // bounds as keyword, message and params), so a reader site reads "must be at most 1000 characters"
    return AppError.validation(
      e.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        ...zodIssueMessage({
          ...v.params,
          code: v.keyword,
          message: v.message ?? '',
          path: [],
        } as z.core.$ZodIssue),
      })),
    );
  }
  switch (e.code) {
    case 'FST_ERR_BAD_URL':
      return AppError.validation([{ path: 'url', code: 'URL_MALFORMED' }]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('TOO_LARGE', 'URL_TOO_LONG');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('TOO_LARGE', 'BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return AppError.validation([{ path: 'content-type', code: 'CONTENT_TYPE_UNSUPPORTED' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return AppError.validation([{ path: 'body', code: 'BODY_NOT_JSON' }]);
    default:
      break;
  }
  const http = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (http === 413) return new AppError('TOO_LARGE', 'BODY_TOO_LARGE');
  if (http === 404) return new AppError('NOT_FOUND', 'NOT_FOUND');
  if (http === 429) return new AppError('RATE_LIMITED', 'TOO_MANY_REQUESTS_NOW');
  if (http === 400 && error instanceof SyntaxError)
    return AppError.validation([{ path: 'body', code: 'BODY_NOT_JSON' }]);
  // Fastify's other 4xx texts are English and technical: the client gets ours, the log keeps theirs
  if (http >= 400 && http < 500) return new AppError('FAILED', 'REQUEST_REFUSED', { cause: error });
  return null;
}

/** Sends an AppError (or anything) as the envelope; 5xx never shows internals. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let appError = toAppError(error);
  if (!appError) {
    request.log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL', 'INTERNAL');
  } else if (appError.code === 'INTERNAL') {
    request.log.error({ err: appError.cause ?? appError }, 'internal error');
    appError = new AppError('INTERNAL', 'INTERNAL');
  }
  if (appError.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
  return reply
    .code(appError.httpStatus)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(appError, requestLanguage(request)));
}

/** HTTP status of an over-long request line or header block (RFC 6585): the body is the 10010 envelope. */
const HEADER_OVERFLOW_HTTP = 431;

/**
 * Fastify's `clientErrorHandler` (issue #8 item 2): a request Node's HTTP parser refuses before it is a
 * request — above all a query string or cookies beyond `maxHeaderSize` (16 KiB) — is answered with the
 * envelope instead of Node's or Fastify's bare text: header overflow → HTTP 431 with status 10010
 * (TOO_LARGE), a timeout → 408 with status 0, anything else malformed → 400 with 10007. The socket is
 * closed afterwards, as Node does. No request was parsed, so the texts are in the default language (zh-CN).
 */
export function envelopeClientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let http: number;
  let appError: AppError;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    http = HEADER_OVERFLOW_HTTP;
    appError = new AppError('TOO_LARGE', 'HEADERS_TOO_LARGE');
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    http = 408;
    appError = new AppError('FAILED', 'REQUEST_TIMEOUT');
  } else {
    http = 400;
    appError = AppError.validation([{ path: 'request', code: 'REQUEST_MALFORMED' }]);
  }
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorEnvelope(appError, DEFAULT_MESSAGE_LANGUAGE));
    socket.write(
      `HTTP/1.1 ${http} ${http === HEADER_OVERFLOW_HTTP ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Options of `Fastify()` that keep the envelope on errors raised before a route runs (issue #8 item 2):
 * the parser's client errors (`envelopeClientErrorHandler`) and the router's framework errors (a
 * malformed URL → 10007, an over-long path parameter → 10010) through the one error handler.
 */
export const envelopeServerOptions = {
  clientErrorHandler: envelopeClientErrorHandler,
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    sendError(error, request, reply);
  },
};

/** A registered route and its `schema.response`, as `app.routeResponses` lists them. */
export interface RouteResponses {
  method: string;
  url: string;
  /** status code (or `4xx`, …) → schema; undefined when the route declares none */
  response: Record<string, unknown> | undefined;
  /** true for routes left out of `/api/docs` */
  hidden: boolean;
  /** the route's `config` (e.g. `signed: { param, auth }`, plugins/signature.ts): the fuzz suite reads it */
  config: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered after this plugin, with its response schemas (routes-contract test) */
    routeResponses: readonly RouteResponses[];
  }
}

export interface EnvelopePluginOptions {
  /** a response-schema drift fails the request (10500) instead of being logged; default true */
  strictResponses?: boolean;
}

async function envelopePlugin(app: FastifyInstance, opts: EnvelopePluginOptions): Promise<void> {
  app.setSerializerCompiler(
    responseSerializerCompiler({ strict: opts.strictResponses ?? true, log: app.log }),
  );
  const routes: RouteResponses[] = [];
  app.decorate('routeResponses', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
    for (const method of methods)
      routes.push({
        method,
        url: route.url,
        response: schema?.response,
        hidden: schema?.hide === true,
        config: route.config,
      });
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isEnvelopePath(request.url)) return payload;
    if (payload !== null && typeof payload === 'object' && built.has(payload)) return payload;
    if (reply.statusCode >= 400) return payload;
    return envelope(payload ?? null);
  });
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

export default fp(envelopePlugin, { name: 'envelope' });
