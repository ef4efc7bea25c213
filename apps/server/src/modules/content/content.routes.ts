import {
  contentDeleteBatchParamSchema,
  contentDeleteBatchResultSchema,
  contentStatusCountsParamSchema,
  contentStatusCountsSchema,
  contentDetailSchema,
  contentListParamSchema,
  contentListSchema,
  idParamSchema,
  nullDataSchema,
  publishArticleParamSchema,
  publishResultSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './content.service.js';

/** Article publishing and content management (API.md §9). */
export default async function contentRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['content'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/article/publish',
      param: publishArticleParamSchema,
      summary: 'Save a draft or publish (automatic review)',
      tags,
      data: publishResultSchema,
    },
    async (param, request) => service.publishArticle(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/content/list',
      param: contentListParamSchema,
      summary: 'My content',
      tags,
      data: contentListSchema,
    },
    async (param, request) =>
      service.listContent(db, requireUser(request).id, param, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/content/detail',
      param: idParamSchema,
      summary: 'One of my items',
      tags,
      data: contentDetailSchema,
    },
    async (param, request) =>
      service.getContentDetail(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/content/status_counts',
      param: contentStatusCountsParamSchema,
      summary: 'How many of my works have each status (management tabs)',
      tags,
      data: contentStatusCountsSchema,
    },
    async (param, request) => service.countContentByStatus(db, requireUser(request).id, param.type),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/content/delete_batch',
      param: contentDeleteBatchParamSchema,
      summary: 'Delete several of my works at once (soft; all or nothing)',
      tags,
      data: contentDeleteBatchResultSchema,
    },
    async (param, request) => service.deleteContentBatch(db, requireUser(request).id, param.ids),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/content/delete',
      param: idParamSchema,
      summary: 'Delete one of my items (soft)',
      tags,
      data: nullDataSchema,
    },
    async (param, request) => {
      await service.deleteContent(db, requireUser(request).id, param.id);
      return null;
    },
  );
}
