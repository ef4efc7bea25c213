import {
  idParamSchema,
  liveDetailSchema,
  liveResetKeyResultSchema,
  liveStateParamSchema,
  liveStateResultSchema,
  saveLiveParamSchema,
  saveLiveResultSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './live.service.js';

/** Live shows (issue #10, API.md §13; docs/api.md "Live shows"): save, state, stream key, detail. */
export default async function liveRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Pick<AppConfig, 'livePushHost'> },
): Promise<void> {
  const { db, config } = opts;
  const tags = ['live'];
  /** `LIVE_PUSH_HOST`, else the host name the author reached us at (no port: RTMP has its own, 1935). */
  const pushHost = (request: FastifyRequest) => config.livePushHost ?? request.hostname;

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/live/save',
      param: saveLiveParamSchema,
      summary: 'Schedule a live show or edit an upcoming one (reviewed on every save)',
      tags,
      data: saveLiveResultSchema,
    },
    async (param, request) => service.saveLive(db, requireUser(request).id, param, pushHost(request)),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/live/state',
      param: liveStateParamSchema,
      summary: 'Go live, end, or attach a replay (upcoming → live → ended)',
      tags,
      data: liveStateResultSchema,
    },
    async (param, request) => service.changeLiveState(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/live/reset_key',
      param: idParamSchema,
      summary: 'A new stream key for an upcoming or live show',
      tags,
      data: liveResetKeyResultSchema,
    },
    async (param, request) =>
      service.resetStreamKey(db, requireUser(request).id, param.id, pushHost(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/live/detail',
      param: idParamSchema,
      summary: 'One of my live shows with its push address, stream key, state and replay',
      tags,
      data: liveDetailSchema,
    },
    async (param, request) =>
      service.getLiveDetail(
        db,
        requireUser(request).id,
        param.id,
        requestLanguage(request),
        pushHost(request),
      ),
  );
}
