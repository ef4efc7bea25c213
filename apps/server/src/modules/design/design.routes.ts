import {
  designDetailSchema,
  designIdParamSchema,
  designListParamSchema,
  designListSchema,
  designRenameParamSchema,
  designSaveParamSchema,
  designSaveResultSchema,
  nullDataSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './design.service.js';

/** Poster designs of the author (issue #4, docs/api.md "Designs"). */
export default async function designRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['design'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/design/save',
      param: designSaveParamSchema,
      summary: 'Create or update a design',
      tags,
      data: designSaveResultSchema,
    },
    async (param, request) => service.saveDesign(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/design/list',
      param: designListParamSchema,
      summary: 'My designs, most recently changed first',
      tags,
      data: designListSchema,
    },
    async (param, request) => service.listDesigns(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/design/detail',
      param: designIdParamSchema,
      summary: 'One of my designs with its document',
      tags,
      data: designDetailSchema,
    },
    async (param, request) => service.getDesign(db, requireUser(request).id, param.id),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/design/duplicate',
      param: designIdParamSchema,
      summary: 'Copy one of my designs',
      tags,
      data: designSaveResultSchema,
    },
    async (param, request) =>
      service.duplicateDesign(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/design/rename',
      param: designRenameParamSchema,
      summary: 'Rename one of my designs',
      tags,
      data: designSaveResultSchema,
    },
    async (param, request) => service.renameDesign(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/design/delete',
      param: designIdParamSchema,
      summary: 'Delete one of my designs',
      tags,
      data: nullDataSchema,
    },
    async (param, request) => {
      await service.deleteDesign(db, requireUser(request).id, param.id);
      return null;
    },
  );
}
