import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';
import { isEnvelopePath } from './envelope.js';

/** Requests per minute per IP on `/api/` and `/fileservice/`: a flood guard; login has its own DB-backed limit. */
export const API_RATE_PER_MINUTE = 600;

/**
 * Security headers (helmet, with a CSP that fits the SPA: antd injects styles, images may come from
 * IMAGE_HOSTS) and a per-IP flood guard on the API. The login limit lives in passport.service (database).
 */
async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig }): Promise<void> {
  const imageHosts = opts.config.imageHosts;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageHosts],
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
  await app.register(rateLimit, {
    global: true,
    max: API_RATE_PER_MINUTE,
    timeWindow: 60_000,
    allowList: (request) => !isEnvelopePath(request.url),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
}

export default fp(securityPlugin, { name: 'security' });
