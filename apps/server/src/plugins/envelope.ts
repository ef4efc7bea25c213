import { type Envelope, statusTable } from '@cc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * The envelope of API.md §3 and the ONE error handler of the server.
 *
 * - A handler of an `/api/` or `/fileservice/` route returns its `data` (or `null`); the preSerialization
 *   hook wraps it as `{ status: 1, message: 'success', data }`. A handler that streams or sends bytes
 *   (media) is left alone.
 * - Anything thrown becomes `{ status, message, data, ercd }` with the HTTP status of the table:
 *   AppError as is; Fastify's own errors mapped (body too large → 10010, bad content type or body → 10007,
 *   schema validation → 10007 with `data.fields`, 404 → 10006, 429 → 10009); everything else is 10500
 *   "internal error" and the real error is only logged.
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
    path === '/api' || path.startsWith('/api/') || path === '/fileservice' || path.startsWith('/fileservice/')
  );
}

function errorEnvelope(error: AppError): Envelope<unknown> {
  const row = statusTable[error.code];
  const body: Envelope<unknown> = { status: row.status, message: error.message, data: error.data ?? null };
  const ercd = error.ercd ?? row.ercd;
  if (ercd) body.ercd = ercd;
  built.add(body);
  return body;
}

/** Maps anything thrown to an AppError; `null` means "unexpected" (logged, answered with 10500). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as Partial<FastifyError> & { validation?: { instancePath?: string; message?: string }[] };
  if (Array.isArray(e.validation)) {
    return AppError.validation(
      e.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'invalid',
      })),
    );
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('TOO_LARGE', 'request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'VALIDATION_FAILED',
        'unsupported content type: send application/x-www-form-urlencoded or application/json',
        {
          data: { fields: [{ path: 'content-type', message: 'unsupported content type' }] },
        },
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return AppError.validation([{ path: 'body', message: 'body is not valid JSON' }]);
    default:
      break;
  }
  const http = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (http === 413) return new AppError('TOO_LARGE', 'request body is too large');
  if (http === 404) return new AppError('NOT_FOUND', 'not found');
  if (http === 429) return new AppError('RATE_LIMITED', e.message || 'too many requests');
  if (http === 400 && error instanceof SyntaxError)
    return AppError.validation([{ path: 'body', message: 'body is not valid JSON' }]);
  if (http >= 400 && http < 500) return new AppError('FAILED', e.message || 'request refused');
  return null;
}

/** Sends an AppError (or anything) as the envelope; 5xx never shows internals. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let appError = toAppError(error);
  if (!appError) {
    request.log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL', 'internal error');
  } else if (appError.code === 'INTERNAL') {
    request.log.error({ err: appError.cause ?? appError }, 'internal error');
    appError = new AppError('INTERNAL', 'internal error');
  }
  if (appError.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
  return reply
    .code(appError.httpStatus)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(appError));
}

async function envelopePlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isEnvelopePath(request.url)) return payload;
    if (payload !== null && typeof payload === 'object' && built.has(payload)) return payload;
    if (reply.statusCode >= 400) return payload;
    return envelope(payload ?? null);
  });
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}

export default fp(envelopePlugin, { name: 'envelope' });
