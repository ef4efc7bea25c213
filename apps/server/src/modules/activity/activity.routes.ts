import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ObjectStorage } from '../../storage/storage.js';

/** Routes of this area (issue #15); `clock` is the server's time. */
export default async function activityRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date; storage: ObjectStorage },
): Promise<void> {
  void app;
  void opts;
}
