import { emptyParamSchema, influenceIndexSchema, rankListParamSchema, rankListSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { readInfluenceIndex, readRankList } from './influence.service.js';

/**
 * The influence index and the daily rankings (issue #12; docs/api.md "Influence index and rankings"): the
 * author's own index with its components and history, and a page of any board with the author's own place.
 * Both read what the `influence-daily` job stored. `clock` is the server's time (tests set it).
 */
export default async function influenceRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const options = { reportTz: config.reportTz };

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/influence/index',
      param: emptyParamSchema,
      summary: 'The author’s influence index: score, components, 90-day history (extension)',
      tags: ['data'],
      data: influenceIndexSchema,
    },
    async (_p, request) => readInfluenceIndex(db, requireUser(request).id, clock(), options),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/rank/list',
      param: rankListParamSchema,
      summary: 'A page of a daily ranking with the author’s own place and movement (extension)',
      tags: ['data'],
      data: rankListSchema,
    },
    async (p, request) => readRankList(db, requireUser(request).id, p, clock(), options),
  );
}
