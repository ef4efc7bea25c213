import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

/** Program routes (issue #10, API.md §13): being built. */
export default async function programRoutes(_app: FastifyInstance, _opts: { db: Db }): Promise<void> {}
