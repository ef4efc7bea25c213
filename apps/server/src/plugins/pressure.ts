import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { DbHandle } from '../db/client.js';
import { AppError } from '../errors.js';

/** Seconds a refused client is asked to wait (`Retry-After`): about two load samples. */
export const PRESSURE_RETRY_AFTER_SECONDS = 5;

/** Routes answered even under pressure: liveness and the operators' view of the overload. */
const ALWAYS_ANSWERED = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Overload answers (issue #16 "@fastify/under-pressure answering 503 before the event loop drowns"): every
 * `PRESSURE_SAMPLE_MS` the server samples its mean event-loop delay, its event-loop utilisation and the queries
 * waiting for a PostgreSQL connection of its pool; while one is over its threshold (`PRESSURE_*`, 0 turns a
 * check off), a new request is refused before any work with HTTP 503, envelope status 10503 `UNAVAILABLE`,
 * message `SERVER_BUSY` in the request's language and `Retry-After: 5`. The load balancer sees `/readyz` answer
 * 503 and sends new requests to other servers; `/healthz` and `/metrics` still answer.
 */
async function pressurePlugin(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'pressure'>; handle: DbHandle },
): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, maxDbWaiting, sampleIntervalMs } =
    opts.config.pressure;
  const { handle } = opts;
  await app.register(underPressure, {
    sampleInterval: sampleIntervalMs,
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    // the pool's queue, checked every sample: more waiting queries than this and answers only get slower
    ...(maxDbWaiting > 0
      ? {
          healthCheck: async () => handle.poolStats().waiting <= maxDbWaiting,
          healthCheckInterval: sampleIntervalMs,
        }
      : {}),
    pressureHandler: async (request) => {
      if (ALWAYS_ANSWERED.has(request.routeOptions.url ?? '')) return;
      throw new AppError(
        'UNAVAILABLE',
        { code: 'SERVER_BUSY', params: { seconds: PRESSURE_RETRY_AFTER_SECONDS } },
        { retryAfterSeconds: PRESSURE_RETRY_AFTER_SECONDS },
      );
    },
  });
}

export default fp(pressurePlugin, { name: 'pressure' });
