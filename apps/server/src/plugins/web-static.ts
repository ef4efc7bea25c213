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

/** True for `/assets/...` and paths whose last segment has a file extension (`/favicon.svg`). */
export function looksLikeFile(url: string): boolean {
  const p = url.split('?')[0] ?? url;
  return p.startsWith('/assets/') || /\/[^/]+\.[a-z0-9]{1,8}$/i.test(p);
}

async function webStaticPlugin(app: FastifyInstance, opts: { webDist: string }): Promise<void> {
  const indexFile = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      // Wildcard: files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webDist, filePath);
        if (rel === 'index.html') res.header('cache-control', 'no-cache');
        else if (rel.startsWith(`assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
    // `/` is a directory to the wildcard route; the app's home is index.html.
    // Not an API route: left out of /api/docs like the wildcard (issue #7, every documented path has a schema).
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isServerPath(request.url)) {
      throw new AppError('NOT_FOUND', `no such path: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'not found');
    // A missing asset (an old hashed chunk after a deploy) must be a 404, not index.html: the app's chunk-error
    // guard then reloads the page (spec §4) instead of choking on HTML served as JavaScript.
    if (looksLikeFile(request.url))
      return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    if (!built)
      return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build\n');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webStaticPlugin, { name: 'web-static' });
