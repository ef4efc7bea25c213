import { topicListParamSchema, topicListSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './topic.service.js';

/** Topics (issue #10, docs/api.md "Topics"): the list authors attach works to. */
export default async function topicRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/topic/list',
      param: topicListParamSchema,
      summary: "The platform's topics, with how many of my works carry each",
      tags: ['topic'],
      data: topicListSchema,
    },
    async (param, request) =>
      service.listTopics(opts.db, requireUser(request).id, param, requestLanguage(request)),
  );
}
