import {
  durationPermissionSchema,
  emptyParamSchema,
  idParamSchema,
  publishResultSchema,
  publishVideoParamSchema,
  saveVideoDotsParamSchema,
  saveVideoDotsResultSchema,
  videoDetailSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { sendSystemMessage } from '../message/message.service.js';
import * as service from './video.service.js';

/** Video and short-video publishing, detail, dots and the short-video duration permission (docs/api.md "Video publishing"). */
export default async function videoRoutes(
  app: FastifyInstance,
  opts: { db: Db; jobs: JobQueue },
): Promise<void> {
  const { db, jobs } = opts;
  const tags = ['video'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/video/publish',
      param: publishVideoParamSchema,
      summary: 'Save a draft, publish (automatic review) or schedule a video or short video',
      tags,
      data: publishResultSchema,
    },
    async (param, request) =>
      service.publishVideo(db, requireUser(request).id, param, { sendMessage: sendSystemMessage, jobs }),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/video/detail',
      param: idParamSchema,
      summary: 'One of my videos with its playback URL, size and dots',
      tags,
      data: videoDetailSchema,
    },
    async (param, request) =>
      service.getVideoDetail(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/video/save_dots',
      param: saveVideoDotsParamSchema,
      summary: 'Replace the dots (chapter marks) of a published video',
      tags,
      data: saveVideoDotsResultSchema,
    },
    async (param, request) => service.saveVideoDots(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/small_video/get_duration_permission',
      param: emptyParamSchema,
      summary: 'The longest short video I may publish',
      tags,
      data: durationPermissionSchema,
    },
    async (_param, request) => service.getDurationPermission(db, requireUser(request).id),
  );
}
