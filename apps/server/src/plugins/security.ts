import { createHash, timingSafeEqual } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { type Counter, counterStore, createRedisCounter } from '../lib/rate-limit-store.js';
import { createDbCounter } from '../modules/ratelimit/ratelimit.service.js';
import { verifyUploadToken } from '../modules/user/user.service.js';
import { isEnvelopePath } from './envelope.js';

/** Every request guard counts over one minute (ms). */
export const LIMIT_WINDOW_MS = 60_000;
/** 1 MiB, in bytes */
const MiB = 1024 * 1024;
/**
 * A file-service call is charged at least this many bytes, so calls without a body (merge, status polls,
 * cancel) are bounded by the same budget: 7,680 calls a minute at the default 128 MiB/s.
 */
export const FILE_MIN_CHARGE_BYTES = 1 * MiB;
/**
 * A body without `content-length` (chunked) is charged as the largest one the file service takes (a 5 MiB
 * shard plus its multipart framing, rounded up): its real size is unknown until it has been read.
 */
export const FILE_UNKNOWN_LENGTH_CHARGE_BYTES = 8 * MiB;

/** True for `/fileservice` and everything under it (the query string ignored). */
export function isFileServicePath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return path === '/fileservice' || path.startsWith('/fileservice/');
}

/** True for `/open` and everything under it: the reader sites' calls (API.md §10). */
export function isOpenPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return path === '/open' || path.startsWith('/open/');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the reader site of an `/open/` call, from its `x-site-key` (API.md §10); null elsewhere */
    site: string | null;
  }
}

/**
 * The site whose key `header` is (API.md §10 `x-site-key`), compared in constant time over SHA-256 digests;
 * null for a missing or unknown key.
 */
export function siteOfKey(keys: Record<string, string>, header: unknown): string | null {
  if (typeof header !== 'string' || header.length === 0) return null;
  const given = createHash('sha256').update(header).digest();
  let found: string | null = null;
  for (const [site, key] of Object.entries(keys)) {
    if (timingSafeEqual(given, createHash('sha256').update(key).digest())) found = site;
  }
  return found;
}

/** The counter key of an anonymous caller: the client address (IPv6 by /64, as @fastify/rate-limit does). */
function ipKey(request: FastifyRequest): string {
  return `ip:${normalizeIP(request.ip)}`;
}

/** Seconds until a window closes, at least 1: the `Retry-After` of a refusal. */
const retryAfter = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/** A 10009 with its Retry-After; `code` names what ran out (a catalog code taking `{{seconds}}`). */
function rateLimited(code: 'TOO_MANY_REQUESTS' | 'UPLOAD_BUDGET_USED', ttlMs: number): AppError {
  const seconds = retryAfter(ttlMs);
  return new AppError('RATE_LIMITED', { code, params: { seconds } }, { retryAfterSeconds: seconds });
}

/**
 * The author a file-service call is made for: the session's user, or else the owner of a live upload token
 * in the query (API.md §7; one query, only for token-only clients). Null for anyone else.
 */
async function fileServiceAuthor(db: Db, request: FastifyRequest): Promise<number | null> {
  if (request.user) return request.user.id;
  const token = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || !token) return null;
  const row = await verifyUploadToken(db, token);
  return row?.userId ?? null;
}

/** Bytes a file-service call is charged: its declared length, at least FILE_MIN_CHARGE_BYTES. */
function fileCharge(request: FastifyRequest): number {
  const declared = request.headers['content-length'];
  const length =
    declared !== undefined && /^\d+$/.test(declared)
      ? Number(declared)
      : request.headers['transfer-encoding']
        ? FILE_UNKNOWN_LENGTH_CHARGE_BYTES
        : 0;
  return Math.max(FILE_MIN_CHARGE_BYTES, length);
}

/**
 * Security headers and the request guards (issue #8 items 4–5).
 *
 * - helmet, with a CSP that fits the SPA (antd injects styles, images may come from IMAGE_HOSTS).
 * - `/api/`: a signed-in caller is counted per author (`REQUEST_LIMITS.authorPerMinute`, default 1,200/min),
 *   an anonymous one per client address (`anonymousPerMinute`, default 600/min), so authors sharing an
 *   office's address each have their own budget. The client address is Fastify's `request.ip`: with
 *   TRUST_PROXY only the configured proxies' `X-Forwarded-For` hops are believed (app.ts).
 * - `/fileservice/`: counted in BYTES per author (session user or upload-token owner; `fileBytesPerMinute`,
 *   default 128 MiB/s), each call charged at least FILE_MIN_CHARGE_BYTES; a call with no known author counts
 *   as an anonymous request of its address. A 30 GB upload is never stopped by how many shards it takes.
 * - A route with its own `config.rateLimit` keeps it (outside the file service).
 * - Counters: Redis when REDIS_URL is set, else the `rate_limits` table; shared by every server. Both run
 *   at `preParsing` (after the session is known, before a body is read). A counter that fails lets the
 *   request through and logs the error: a limiter outage does not take the product down.
 * Refusals: RATE_LIMITED (10009, ercd RATE_LIMITED) with Retry-After. The login limit is separate
 * (passport.service, database).
 */
async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig; db: Db }): Promise<void> {
  const { config, db } = opts;
  const limits = config.requestLimits;
  const imageHosts = config.imageHosts;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts],
        // the publishing pages read a chosen video through a blob: URL (duration, shape, a cover frame;
        // issue #9); played videos come from /media/, which IMAGE_HOSTS may serve
        mediaSrc: ["'self'", 'blob:', ...imageHosts],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // The embedded default is plain http on 127.0.0.1 or a LAN address: upgrading would break it.
        // Behind https, HSTS (helmet's default) already keeps browsers on https.
        upgradeInsecureRequests: null,
      },
    },
    // Images may be embedded by the reader-facing site on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const counter = openCounter(app, config, db);
  const onCounterError = (error: unknown) => app.log.error({ err: error }, 'request-limit counter failed');

  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    store: counterStore(counter, onCounterError),
    skipOnError: true,
    timeWindow: LIMIT_WINDOW_MS,
    max: (request) => (request.user ? limits.authorPerMinute : limits.anonymousPerMinute),
    keyGenerator: (request) => (request.user ? `author:${request.user.id}` : ipKey(request)),
    allowList: (request) => {
      // The file service has its own guard (bytes per author, below), whatever a route configures.
      if (isFileServicePath(request.url)) return true;
      // The reader sites have their own budget (per site, below): one site is many readers behind one address.
      if (isOpenPath(request.url)) return true;
      if (request.routeOptions.config.rateLimit) return false;
      return !isEnvelopePath(request.url);
    },
    errorResponseBuilder: (_request, context) => rateLimited('TOO_MANY_REQUESTS', context.ttl),
  });

  // `/open/` (API.md §10): the site key first (10002), then the site's requests per minute (10009), before the
  // body is read. An unknown key counts against the caller's address, so guessing keys is bounded too.
  app.decorateRequest('site', null);
  app.addHook('preParsing', async (request) => {
    if (!isOpenPath(request.url)) return;
    const site = siteOfKey(config.openSiteKeys, request.headers['x-site-key']);
    try {
      const state = await counter.hit(site ? `open-site:${site}` : ipKey(request), 1, LIMIT_WINDOW_MS);
      const max = site ? config.openRequestsPerMinute : limits.anonymousPerMinute;
      if (state.total > max) throw rateLimited('TOO_MANY_REQUESTS', state.ttlMs);
    } catch (error) {
      if (error instanceof AppError) throw error;
      onCounterError(error);
    }
    if (!site) throw new AppError('NOT_LOGGED_IN', 'SITE_KEY_INVALID');
    request.site = site;
  });

  app.addHook('preParsing', async (request) => {
    if (!isFileServicePath(request.url)) return;
    try {
      const author = await fileServiceAuthor(db, request);
      if (author === null) {
        const state = await counter.hit(ipKey(request), 1, LIMIT_WINDOW_MS);
        if (state.total > limits.anonymousPerMinute) throw rateLimited('TOO_MANY_REQUESTS', state.ttlMs);
        return;
      }
      const state = await counter.hit(`file-bytes:author:${author}`, fileCharge(request), LIMIT_WINDOW_MS);
      if (state.total > limits.fileBytesPerMinute) {
        throw rateLimited('UPLOAD_BUDGET_USED', state.ttlMs);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      onCounterError(error);
    }
  });
}

/**
 * The shared counter: Redis when REDIS_URL is set (its connection closed with the app; commands fail at
 * once rather than queue while it is unreachable), else the database.
 */
function openCounter(app: FastifyInstance, config: AppConfig, db: Db): Counter {
  if (!config.redisUrl) return createDbCounter(db, app.log);
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis (request limits) error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return createRedisCounter(redis);
}

export default fp(securityPlugin, { name: 'security' });
