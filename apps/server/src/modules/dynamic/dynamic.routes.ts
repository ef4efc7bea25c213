import {
  dynamicDetailParamSchema,
  dynamicDetailSchema,
  dynamicListParamSchema,
  dynamicListSchema,
  publishDynamicParamSchema,
  publishResultSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './dynamic.service.js';

/** Dynamic (post) routes (issue #10, API.md §13; docs/api.md "Dynamics"). */
export default async function dynamicRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['dynamic'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/dynamic/publish',
      param: publishDynamicParamSchema,
      summary: 'Save a draft, publish (automatic review) or schedule a dynamic (post)',
      tags,
      data: publishResultSchema,
    },
    async (param, request) => service.publishDynamic(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/dynamic/detail',
      param: dynamicDetailParamSchema,
      summary: 'One of my dynamics with its images, video, topic and car series',
      tags,
      data: dynamicDetailSchema,
    },
    async (param, request) =>
      service.getDynamicDetail(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/dynamic/list',
      param: dynamicListParamSchema,
      summary:
        'My published dynamics: all (community), older than 30 days (old), or with a video (smallVideo)',
      tags,
      data: dynamicListSchema,
    },
    async (param, request) => service.listDynamics(db, requireUser(request).id, param),
  );
}
