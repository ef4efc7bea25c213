import { idParamSchema, noticeDetailSchema, noticeListParamSchema, noticeListSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './notice.service.js';

/** Notices are for signed-in authors (the back office has no public pages). */
export default async function noticeRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['notice'];
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/notice/get_notice_list',
      param: noticeListParamSchema,
      summary: 'Platform notices, newest first',
      tags,
      data: noticeListSchema,
    },
    async (param, request) => service.listNotices(db, param, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/notice/get_notice_detail',
      param: idParamSchema,
      summary: 'One notice',
      tags,
      data: noticeDetailSchema,
    },
    async (param, request) => service.getNotice(db, param.id, requestLanguage(request)),
  );
}
