import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppConfig } from '../config.js';
import type { DbHandle } from '../db/client.js';
import { influenceRollupLagSeconds, jobQueueDepth } from '../read-models/ops-gauges.js';

/** The counters other parts of the server add to (issue #16 observability). */
export interface ServerMetrics {
  /** this app's registry (one per app: tests build many apps in one process) */
  readonly registry: Registry;
  /** bytes of video shards acknowledged, by `use` (`video`, `smallVideo`); a resent shard counts again */
  readonly uploadBytes: Counter<'use'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (plugins/metrics.ts) */
    metrics: ServerMetrics;
  }
}

/** The route `/metrics` is served on. */
export const METRICS_PATH = '/metrics';

/**
 * Latency buckets, seconds: dense around the API's goal (p99 < 50 ms at 20 connections, issue #16) and the load
 * test's (p99 < 200 ms), sparse beyond.
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

/** True when the `Authorization` header is `Bearer <token>` (constant-time compare of the hashes). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = createHash('sha256').update(header.slice(7)).digest();
  return timingSafeEqual(given, createHash('sha256').update(token).digest());
}

/**
 * Prometheus metrics (issue #16 "Observability", prom-client):
 * - `cc_http_request_duration_seconds{method,route,status_code}` — a histogram of every answered request; `route`
 *   is Fastify's route pattern (never the raw URL: no ids or tokens), `unmatched` for 404s; its `_count` is the
 *   request rate;
 * - `cc_upload_bytes_total{use}` — shard bytes acknowledged (the file service adds to
 *   {@link ServerMetrics.uploadBytes}; a resent shard counts again: it is traffic);
 * - `cc_job_queue_depth{queue}` — jobs ready and not taken, read at scrape time (read-models/ops-gauges.ts);
 * - `cc_rollup_lag_seconds{rollup="influence_daily"}` — age of the newest influence-index day's end;
 * - `cc_db_pool_connections{state}` — this server's PostgreSQL pool (`total`, `idle`, `waiting`);
 * - Node's default process metrics (`process_*`, `nodejs_*`: CPU, RSS, heap, event-loop lag, GC).
 *
 * `GET /metrics` exists only when `METRICS_TOKEN` is set and answers only `Authorization: Bearer <token>` (404
 * otherwise, so it does not advertise itself); it is not signed (API.md §2 is for `/api/`) and not measured.
 * Scrape gauges fail soft: a database error leaves that gauge out of the scrape and is logged.
 */
async function metricsPlugin(
  app: FastifyInstance,
  opts: { config: Pick<AppConfig, 'metricsToken' | 'reportTz'>; handle: DbHandle; clock?: () => Date },
): Promise<void> {
  const { config, handle } = opts;
  const clock = opts.clock ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'cc_http_request_duration_seconds',
    help: 'Time from the request to the answer, seconds, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'cc_upload_bytes_total',
    help: 'Bytes of video shards acknowledged (API.md §7), by use; a resent shard counts again',
    labelNames: ['use'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cc_job_queue_depth',
    help: 'Jobs ready to run and not yet taken, per queue (pg-boss), read at scrape time',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await jobQueueDepth(handle.db)) this.set({ queue: row.queue }, row.waiting);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: job queue depth unavailable');
      }
    },
  });
  new Gauge({
    name: 'cc_rollup_lag_seconds',
    help:
      'Seconds since the end of the newest REPORT_TZ day with an influence index (the daily rollup); ' +
      'healthy below 24 h plus the job time; audience rollups are written with the events and have no lag',
    labelNames: ['rollup'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const lag = await influenceRollupLagSeconds(handle.db, config.reportTz, clock());
        if (lag !== null) this.set({ rollup: 'influence_daily' }, lag);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: rollup lag unavailable');
      }
    },
  });
  new Gauge({
    name: 'cc_db_pool_connections',
    help: "This server's PostgreSQL pool: connections open (total), idle, and queries waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = handle.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.decorate('metrics', { registry, uploadBytes });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return;
    duration.observe(
      { method: request.method, route: route ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = config.metricsToken;
  if (!token) return;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) return reply.code(404).type('text/plain').send('Not Found');
    const body = await registry.metrics();
    return reply.type(registry.contentType).send(body);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
