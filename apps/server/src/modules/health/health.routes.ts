import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DbHandle } from '../../db/client.js';

/**
 * `/healthz`: the process answers. `/readyz`: the database answers too and the server is not overloaded
 * (plugins/pressure.ts, issue #16) — 503 otherwise, so load balancers send new requests elsewhere.
 */
export default async function healthRoutes(app: FastifyInstance, opts: { handle: DbHandle }): Promise<void> {
  const ok = z.strictObject({ status: z.literal('ok') });
  const unavailable = z.strictObject({ status: z.enum(['unavailable', 'busy']) });
  app.get('/healthz', { schema: { hide: true, response: { 200: ok } } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ok, 503: unavailable } } },
    async (request, reply) => {
      if (app.hasDecorator('isUnderPressure') && app.isUnderPressure()) {
        return reply.code(503).header('retry-after', '5').send({ status: 'busy' });
      }
      try {
        await opts.handle.ping();
        return { status: 'ok' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
}
