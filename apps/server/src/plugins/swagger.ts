import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas (fastify-type-provider-zod), UI at `/api/docs`, JSON at
 * `/api/docs/json`. Signed calls document their `param` schema in the description (plugins/signature.ts).
 */
async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Creator Centre API',
        description:
          'Signed JSON API (API.md §2): every /api/ call except /api/config carries cid, ver, uid, t, param, sign and the header encryptType: 1. ' +
          'Every response is the envelope { status, message, data } (API.md §3). See docs/api.md.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(swaggerPlugin, { name: 'swagger' });
