import {
  barrageBatchParamSchema,
  barrageListParamSchema,
  barrageListSchema,
  batchResultSchema,
  blockedReaderListSchema,
  commentBatchParamSchema,
  commentCountsSchema,
  commentListParamSchema,
  commentListSchema,
  commentReadParamSchema,
  commentReplyParamSchema,
  commentReplySchema,
  commentSettingsParamSchema,
  commentSettingsSchema,
  commentWorkListParamSchema,
  commentWorkListSchema,
  commentWorkSettingsParamSchema,
  commentWorkSettingsSchema,
  doneSchema,
  emptyParamSchema,
  nullDataSchema,
  openBarrageListQuerySchema,
  openBarrageListSchema,
  openBarrageResultSchema,
  openBarrageSchema,
  openCommentLikeResultSchema,
  openCommentLikeSchema,
  openCommentListQuerySchema,
  openCommentListSchema,
  openCommentResultSchema,
  openCommentSchema,
  pageParamSchema,
  readerBlockParamSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { envelopeResponses, requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './comment.service.js';

/**
 * Comments and barrage (issue #13): the reader sites' calls under `/open/` (API.md §10; header `x-site-key`,
 * checked with the per-site limit by the security plugin before the body is read) and the author's calls of
 * API.md §12 with the extensions of docs/api.md "Comments and barrage". `clock` is the server's time.
 */
export default async function commentRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, config, clock } = opts;
  const options = { reportTz: config.reportTz };

  app.post(
    '/open/comments',
    {
      schema: {
        summary: 'A reader comments (API.md §10): header x-site-key',
        tags: ['open'],
        body: openCommentSchema,
        response: envelopeResponses(openCommentResultSchema),
      },
    },
    async (request) =>
      service.receiveComment(
        db,
        request.site!,
        request.body as z.output<typeof openCommentSchema>,
        clock(),
        options,
      ),
  );

  app.get(
    '/open/comments',
    {
      schema: {
        summary: "A work's published comments with the author's replies, pinned first (API.md §10)",
        tags: ['open'],
        querystring: openCommentListQuerySchema,
        response: envelopeResponses(openCommentListSchema),
      },
    },
    async (request) => {
      const q = request.query as z.output<typeof openCommentListQuerySchema>;
      return service.openCommentList(db, q.contentId, q.page, q.pageSize);
    },
  );

  app.post(
    '/open/comments/like',
    {
      schema: {
        summary: 'A reader likes or unlikes a comment (extension, docs/api.md)',
        tags: ['open'],
        body: openCommentLikeSchema,
        response: envelopeResponses(openCommentLikeResultSchema),
      },
    },
    async (request) =>
      service.likeComment(db, request.site!, request.body as z.output<typeof openCommentLikeSchema>),
  );

  app.post(
    '/open/barrage',
    {
      schema: {
        summary: 'A reader sends barrage on a video (API.md §10): header x-site-key',
        tags: ['open'],
        body: openBarrageSchema,
        response: envelopeResponses(openBarrageResultSchema),
      },
    },
    async (request) =>
      service.receiveBarrage(
        db,
        request.site!,
        request.body as z.output<typeof openBarrageSchema>,
        clock(),
        options,
      ),
  );

  app.get(
    '/open/barrage',
    {
      schema: {
        summary: "A video's shown barrage by position (API.md §10)",
        tags: ['open'],
        querystring: openBarrageListQuerySchema,
        response: envelopeResponses(openBarrageListSchema),
      },
    },
    async (request) =>
      service.openBarrageList(db, (request.query as z.output<typeof openBarrageListQuerySchema>).contentId),
  );

  const tags = ['comment'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/comment/list',
      param: commentListParamSchema,
      summary: "The author's comment inbox (API.md §12)",
      tags,
      data: commentListSchema,
    },
    async (p, request) =>
      service.listInbox(db, requireUser(request).id, p, requestLanguage(request), options),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/comment/reply',
      param: commentReplyParamSchema,
      summary: 'Answer a comment, published at once (API.md §12)',
      tags,
      data: commentReplySchema,
    },
    async (p, request) => service.replyToComment(db, requireUser(request).id, p.commentId, p.text, clock()),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/comment/batch',
      param: commentBatchParamSchema,
      summary: 'One action on 1–1000 comments (API.md §12)',
      tags,
      data: batchResultSchema,
    },
    async (p, request) => service.batchComments(db, requireUser(request).id, p.ids, p.action),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/comment/settings',
      param: emptyParamSchema,
      summary: 'Blocked words and hold-all (API.md §12)',
      tags,
      data: commentSettingsSchema,
    },
    async (_p, request) => service.getSettings(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/comment/settings',
      param: commentSettingsParamSchema,
      summary: 'Replace blocked words and hold-all (API.md §12)',
      tags,
      data: commentSettingsSchema,
    },
    async (p, request) => service.saveSettings(db, requireUser(request).id, p, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/comment/counts',
      param: emptyParamSchema,
      summary: 'Unread and held comments (extension)',
      tags,
      data: commentCountsSchema,
    },
    async (_p, request) => service.inboxCounts(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/comment/read',
      param: commentReadParamSchema,
      summary: 'Mark comments (or all) as seen (extension)',
      tags,
      data: doneSchema,
    },
    async (p, request) => service.markRead(db, requireUser(request).id, p.ids),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/comment/work_list',
      param: commentWorkListParamSchema,
      summary: "The author's works with their comments, barrage and switches (extension)",
      tags,
      data: commentWorkListSchema,
    },
    async (p, request) => service.workList(db, requireUser(request).id, p),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/comment/work_settings',
      param: commentWorkSettingsParamSchema,
      summary: 'Comments off / barrage off on a work (extension)',
      tags,
      data: commentWorkSettingsSchema,
    },
    async (p, request) => service.setWorkSwitches(db, requireUser(request).id, p),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/barrage/list',
      param: barrageListParamSchema,
      summary: "Barrage of the author's videos (API.md §12)",
      tags: ['barrage'],
      data: barrageListSchema,
    },
    async (p, request) => service.listBarrage(db, requireUser(request).id, p, requestLanguage(request)),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/barrage/batch',
      param: barrageBatchParamSchema,
      summary: 'Delete, protect, unprotect or publish 1–1000 barrage messages (API.md §12)',
      tags: ['barrage'],
      data: batchResultSchema,
    },
    async (p, request) => service.batchBarrage(db, requireUser(request).id, p.ids, p.action),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/reader/block',
      param: readerBlockParamSchema,
      summary: "Block or unblock a reader on all the author's works (API.md §12)",
      tags,
      data: nullDataSchema,
    },
    async (p, request) => service.blockReader(db, requireUser(request).id, p, clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/reader/blocked_list',
      param: pageParamSchema,
      summary: 'The readers the author blocked (extension)',
      tags,
      data: blockedReaderListSchema,
    },
    async (p, request) => service.blockedList(db, requireUser(request).id, p.page, p.pageSize),
  );
}
