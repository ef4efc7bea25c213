import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DbHandle } from '../../db/client.js';

/** `/healthz`: the process answers. `/readyz`: the database answers too (503 otherwise), for load balancers. */
export default async function healthRoutes(app: FastifyInstance, opts: { handle: DbHandle }): Promise<void> {
  const ok = z.strictObject({ status: z.literal('ok') });
  const unavailable = z.strictObject({ status: z.literal('unavailable') });
  app.get('/healthz', { schema: { hide: true, response: { 200: ok } } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ok, 503: unavailable } } },
    async (request, reply) => {
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
