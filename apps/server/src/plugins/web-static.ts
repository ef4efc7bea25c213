import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * Hosts the built web app (API.md §1): files from WEB_DIST; every other app path gets `index.html`
 * (history mode). Server paths (`/api`, `/fileservice`, `/media`, `/open`, `/healthz`, `/readyz`) never
 * fall back to HTML: an unknown one is the 10006 envelope. Hashed assets are immutable for a year;
 * index.html is `no-cache` so a deploy shows at once.
 */

const SERVER_PREFIXES = ['/api', '/fileservice', '/media', '/open'];

/** True for paths the server owns (never answered with index.html). */
export function isServerPath(url: string): boolean {
  const p = url.split('?')[0] ?? url;
  if (p === '/healthz' || p === '/readyz') return true;
  return SERVER_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

async function webStaticPlugin(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const indexFile = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webDist, filePath);
        if (rel === 'index.html') res.header('cache-control', 'no-cache');
        else if (rel.startsWith(`assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isServerPath(request.url)) {
      throw new AppError('NOT_FOUND', `no such path: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'not found');
    if (!built)
      return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build\n');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webStaticPlugin, { name: 'web-static' });
