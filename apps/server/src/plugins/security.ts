import { createHash, timingSafeEqual } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import {
  coalescingCounter,
  type Counter,
  counterStore,
  createRedisCounter,
  singleWriterCounter,
} from '../lib/rate-limit-store.js';
import { createDbCounter } from '../modules/ratelimit/ratelimit.service.js';
import { verifiedUploadToken } from '../modules/fileservice/fileservice.service.js';
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
 * in the query (API.md §7), resolved through the file service's token cache (`verifiedUploadToken`, shared
 * with its routes: at most one database lookup per token every 5 s per process, issue #16). Null for anyone
 * else.
 */
async function fileServiceAuthor(db: Db, request: FastifyRequest): Promise<number | null> {
  if (request.user) return request.user.id;
  const token = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string' || !token) return null;
  const row = await verifiedUploadToken(db, token);
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
 * The headers helmet sets for `options`, computed ONCE (issue #16): @fastify/helmet runs `helmet(options)`
 * for every request, which validates and serialises the whole policy each time (parseDirectives, dashify:
 * ~4% of a signed call's CPU in bench/api). With options that depend on nothing in the request (no nonces, no
 * directive functions) every answer gets the same headers, so they are read once from a probe instance with
 * @fastify/helmet registered exactly as the app would, and the app sets them as they are on each request.
 * helmet also removes `X-Powered-By`, which Fastify never sets.
 * @returns header name (lower case) → value, only the headers helmet added
 * @throws whatever @fastify/helmet throws for invalid options (at start, as before)
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  const plain = Fastify();
  try {
    await probe.register(helmet, options);
    for (const app of [probe, plain]) app.get('/', async () => '');
    const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(withHelmet.headers)) {
      if (!(name in without.headers) && value !== undefined) headers[name] = String(value);
    }
    return headers;
  } finally {
    await Promise.all([probe.close(), plain.close()]);
  }
}

/**
 * Security headers and the request guards (issue #8 items 4–5).
 *
 * - helmet, with a CSP that fits the SPA (antd injects styles, images may come from IMAGE_HOSTS); its headers
 *   computed once ({@link helmetHeaders}) and set on every answer at `onRequest`, errors and 404s included.
 * - `/api/`: a signed-in caller is counted per author (`REQUEST_LIMITS.authorPerMinute`, default 1,200/min),
 *   an anonymous one per client address (`anonymousPerMinute`, default 600/min), so authors sharing an
 *   office's address each have their own budget. The client address is Fastify's `request.ip`: with
 *   TRUST_PROXY only the configured proxies' `X-Forwarded-For` hops are believed (app.ts).
 * - `/fileservice/`: counted in BYTES per author (session user or upload-token owner; `fileBytesPerMinute`,
 *   default 128 MiB/s), each call charged at least FILE_MIN_CHARGE_BYTES; a call with no known author counts
 *   as an anonymous request of its address. A 30 GB upload is never stopped by how many shards it takes.
 *   The charge goes to the same counter as the request guards below (issue #16: one write per key in
 *   flight on a shared store, counted in memory on PGlite), and the author of a token-only call is
 *   resolved through the file service's token cache (`verifiedUploadToken`), shared with its routes.
 * - A route with its own `config.rateLimit` keeps it (outside the file service).
 * - Counters: Redis when REDIS_URL is set, else the `rate_limits` table; shared by every server, every hit
 *   written before it is answered (concurrent hits of one key share a write: `coalescingCounter`, issue
 *   #16); on the embedded PGlite, which only this process writes, counted in memory and written every
 *   second (`singleWriterCounter`). Both run at `preParsing` (after the session is known, before a body is read). A counter that fails lets the
 *   request through and logs the error: a limiter outage does not take the product down.
 * Refusals: RATE_LIMITED (10009, ercd RATE_LIMITED) with Retry-After. The login limit is separate
 * (passport.service, database).
 */
async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig; db: Db }): Promise<void> {
  const { config, db } = opts;
  const limits = config.requestLimits;
  const imageHosts = config.imageHosts;
  const securityHeaders = await helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
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

/** How long the embedded default's counters wait before they are written to `rate_limits` (ms, issue #16). */
export const PGLITE_COUNTER_FLUSH_MS = 1_000;

/** The counter of each embedded (PGlite) database: its one writer is this process. */
const pgliteCounters = new WeakMap<Db, Counter>();

/**
 * The shared counter: Redis when REDIS_URL is set (its connection closed with the app; commands fail at
 * once rather than queue while it is unreachable), else the database; behind `coalescingCounter`
 * (concurrent hits of one key share one write, issue #16) — or, on the embedded PGlite, which no other
 * process can write, behind `singleWriterCounter` (counted in memory, written every
 * PGLITE_COUNTER_FLUSH_MS).
 */
function openCounter(app: FastifyInstance, config: AppConfig, db: Db): Counter {
  if (!config.redisUrl && !config.databaseUrl) {
    // PGlite: one counter per database, so apps sharing a handle (tests' "second server") share it too
    let counter = pgliteCounters.get(db);
    if (!counter) {
      const log = app.log;
      counter = singleWriterCounter(createDbCounter(db, log), {
        flushMs: PGLITE_COUNTER_FLUSH_MS,
        onError: (error) => log.warn({ err: error }, 'request-limit counter flush failed'),
      });
      pgliteCounters.set(db, counter);
    }
    return counter;
  }
  if (!config.redisUrl) return coalescingCounter(createDbCounter(db, app.log));
  // loaded only with REDIS_URL: ≈ 24 MiB of modules the default (counters in the database) never needs (issue #16)
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis (request limits) error'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return coalescingCounter(createRedisCounter(redis));
}

export default fp(securityPlugin, { name: 'security' });
