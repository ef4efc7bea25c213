import { idParamSchema, idResultSchema, programDetailSchema, saveProgramParamSchema } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './program.service.js';

/** Programs (issue #10, API.md §13, spec §6; docs/api.md "Programs"): save (rankResult 1 only) and detail. */
export default async function programRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['program'];

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/program/save',
      param: saveProgramParamSchema,
      summary: 'Create or edit a program: ordered episodes of my published works (rankResult 1 only)',
      tags,
      data: idResultSchema,
    },
    async (param, request) => service.saveProgram(db, requireUser(request).id, param),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/program/detail',
      param: idParamSchema,
      summary: 'One of my programs with its episodes in order',
      tags,
      data: programDetailSchema,
    },
    async (param, request) =>
      service.getProgramDetail(db, requireUser(request).id, param.id, requestLanguage(request)),
  );
}
