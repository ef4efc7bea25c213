import {
  albumDetailSchema,
  idParamSchema,
  publishAlbumParamSchema,
  publishResultSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './album.service.js';

/** Image collections (issue #10, API.md §13; docs/api.md "Image collections"): publish and detail. */
export default async function albumRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['album'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/album/publish',
      param: publishAlbumParamSchema,
      summary: 'Save a draft, publish (automatic review) or schedule an image collection',
      tags,
      data: publishResultSchema,
    },
    async (param, request) => service.publishAlbum(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/album/detail',
      param: idParamSchema,
      summary: 'One of my image collections with its images, captions, cover, car series and topic',
      tags,
      data: albumDetailSchema,
    },
    async (param, request) =>
      service.getAlbumDetail(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
}
