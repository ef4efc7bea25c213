import {
  opsReviewDecideParamSchema,
  opsReviewDecideResultSchema,
  opsReviewListParamSchema,
  opsReviewListSchema,
  opsUserParamSchema,
  opsUserSchema,
  setPermissionsParamSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import * as service from './ops.service.js';

/** Operators' calls (API.md §13 review queue; docs/api.md "Operators"): role `operator` only, else 10005. */
export default async function opsRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['ops'];
  const operator = (request: FastifyRequest) => service.operatorOf(db, requireUser(request));

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/review/list',
      param: opsReviewListParamSchema,
      summary: 'Works waiting for an operator, oldest first',
      tags,
      data: opsReviewListSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.listReviewQueue(db, param, requestLanguage(request));
    },
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/review/decide',
      param: opsReviewDecideParamSchema,
      summary: 'Approve or reject a held work (the author gets a message)',
      tags,
      data: opsReviewDecideResultSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.decideReview(db, param);
    },
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/user/permissions',
      param: opsUserParamSchema,
      summary: "An author's permissions (spec §6)",
      tags,
      data: opsUserSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.getAuthorPermissions(db, param.account);
    },
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/user/set_permissions',
      param: setPermissionsParamSchema,
      summary: "Set an author's permissions (spec §6): only the fields given change",
      tags,
      data: opsUserSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.setAuthorPermissions(db, param);
    },
  );
}
