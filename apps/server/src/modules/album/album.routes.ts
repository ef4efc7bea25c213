import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

/** Album routes (issue #10, API.md §13): being built. */
export default async function albumRoutes(_app: FastifyInstance, _opts: { db: Db }): Promise<void> {}
