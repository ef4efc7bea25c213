import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WEB_SIGN_META } from '@cc/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * Hosts the built web app (API.md §1): files from WEB_DIST; every other app path gets `index.html`
 * (history mode). Server paths (`/api`, `/fileservice`, `/media`, `/open`, `/healthz`, `/readyz`) never
 * fall back to HTML: an unknown one is the 10006 envelope. Hashed assets are immutable for a year;
 * index.html is `no-cache` so a deploy shows at once.
 *
 * Files are sent compressed (issue #9 "First load"): the web build writes `<file>.br` and `<file>.gz` next to
 * each text asset (apps/web/vite.config.ts), and `@fastify/static` (`preCompressed`) picks the one the
 * request's `Accept-Encoding` prefers (br, then gzip), with `Content-Encoding`, the original file's type and
 * `Vary: Accept-Encoding`; a client that accepts neither, or a file without them, gets the file as it is.
 * index.html is sent uncompressed: it is written per request (the signing meta) and ~1.3 kB, so compressing
 * it would cost a compression per page load to save under a kilobyte.
 *
 * index.html is served with the web client's signing secret written into it (`<meta name="cc-sign-secret">`,
 * issue #8 item 9): the app signs with the secret this server expects, read from `SIGN_SECRETS` at run time,
 * so a build never carries a second copy that could differ.
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

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Writes `<meta name="cc-sign-secret" content="…">` (WEB_SIGN_META) into an HTML page, before `</head>`.
 * @param html the built index.html
 * @param signSecret the web client's secret (`SIGN_SECRETS["500"]`); the page is returned as it is when unset
 * @returns the page; the value is attribute-escaped, so no secret can break out of the tag
 */
export function injectSignMeta(html: string, signSecret: string | undefined): string {
  if (signSecret === undefined) return html;
  const tag = `<meta name="${WEB_SIGN_META}" content="${escapeAttribute(signSecret)}" />`;
  const at = html.indexOf('</head>');
  return at === -1 ? `${tag}\n${html}` : `${html.slice(0, at)}  ${tag}\n  ${html.slice(at)}`;
}

async function webStaticPlugin(
  app: FastifyInstance,
  opts: { webDist: string; signSecret?: string },
): Promise<void> {
  const indexFile = path.join(opts.webDist, 'index.html');
  const built = existsSync(indexFile);
  /** index.html, read per request (a rebuild shows without a restart), with the signing meta. */
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(injectSignMeta(await readFile(indexFile, 'utf8'), opts.signSecret));

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      // Wildcard: files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      // `<file>.br` / `<file>.gz` written by the web build, chosen by Accept-Encoding (issue #9)
      preCompressed: true,
      // index.html goes through sendIndex (its signing meta), never as the raw file
      allowedPath: (pathName) => pathName !== '/index.html',
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
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isServerPath(request.url)) {
      throw new AppError('NOT_FOUND', {
        code: 'ROUTE_NOT_FOUND',
        params: { method: request.method, path: request.url.split('?')[0] ?? '' },
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'NOT_FOUND');
    if (built && request.url.split('?')[0] === '/index.html') return sendIndex(reply);
    // A missing asset (an old hashed chunk after a deploy) must be a 404, not index.html: the app's chunk-error
    // guard then reloads the page (spec §4) instead of choking on HTML served as JavaScript.
    if (looksLikeFile(request.url))
      return reply.code(404).type('text/plain; charset=utf-8').send('not found\n');
    if (!built)
      return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build\n');
    return sendIndex(reply);
  });
}

export default fp(webStaticPlugin, { name: 'web-static' });
