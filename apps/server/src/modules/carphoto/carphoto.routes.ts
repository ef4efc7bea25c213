import {
  carPhotoSearchParamSchema,
  carPhotoSearchSchema,
  carPhotoUseParamSchema,
  carPhotoUseSchema,
  opsCarPhotoListParamSchema,
  opsCarPhotoListSchema,
  opsCarPhotoSchema,
  retireCarPhotoParamSchema,
  saveCarPhotoParamSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './carphoto.service.js';

/**
 * The car photo library (issue #15 "Car photo library"; docs/api.md "The car photo library"): authors search and
 * take pictures; operators record, edit and retire them. `clock` is the server's time.
 */
export default async function carphotoRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date; storage: ObjectStorage },
): Promise<void> {
  const { db, clock, storage } = opts;

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/carphoto/search',
      param: carPhotoSearchParamSchema,
      summary:
        'Active official car pictures by brand/series keyword, series and tag, newest first (extension)',
      tags: ['carphoto'],
      data: carPhotoSearchSchema,
    },
    async (p, request) => {
      requireUser(request);
      return service.searchPhotos(db, p, requestLanguage(request));
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/carphoto/use',
      param: carPhotoUseParamSchema,
      summary:
        "Take library pictures into the author's works: the author's own copies, with the credit (extension)",
      tags: ['carphoto'],
      data: carPhotoUseSchema,
    },
    async (p, request) =>
      service.usePhotos(db, storage, requireUser(request).id, p.ids, requestLanguage(request), clock()),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/carphoto/list',
      param: opsCarPhotoListParamSchema,
      summary: 'Operators: every library picture with both languages, source and usage (extension)',
      tags: ['ops'],
      data: opsCarPhotoListSchema,
    },
    async (p, request) => {
      await operatorOf(db, requireUser(request));
      return service.listOpsPhotos(db, p, requestLanguage(request));
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/carphoto/save',
      param: saveCarPhotoParamSchema,
      summary:
        'Operators: record or edit a library picture (own /media/ upload, catalogue series, tag, texts)',
      tags: ['ops'],
      data: opsCarPhotoSchema,
    },
    async (p, request) => {
      const op = await operatorOf(db, requireUser(request));
      return service.savePhoto(db, op.id, p, requestLanguage(request), clock());
    },
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/carphoto/retire',
      param: retireCarPhotoParamSchema,
      summary: 'Operators: retire a library picture (hidden from authors) or bring it back',
      tags: ['ops'],
      data: opsCarPhotoSchema,
    },
    async (p, request) => {
      await operatorOf(db, requireUser(request));
      return service.retirePhoto(db, p, requestLanguage(request), clock());
    },
  );
}
