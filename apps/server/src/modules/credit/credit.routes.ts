import {
  creditAppealParamSchema,
  creditAppealResultSchema,
  creditLedgerParamSchema,
  creditLedgerSchema,
  creditScoreSchema,
  emptyParamSchema,
  opsAppealListParamSchema,
  opsAppealListSchema,
  opsDecideAppealParamSchema,
  opsDecideAppealResultSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requestLanguage } from '../../plugins/envelope.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { operatorOf } from '../ops/ops.service.js';
import * as service from './credit.service.js';

/**
 * Credit score, ledger and appeals (issue #14 "Credit score"; docs/api.md "Credit score"): the author's score,
 * thresholds and ledger, appeals of deductions; operators' appeal queue and decisions (role `operator`, else 10005).
 * `clock` is the server's time.
 */
export default async function creditRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db, clock } = opts;
  const tags = ['credit'];
  const operator = (request: FastifyRequest) => operatorOf(db, requireUser(request));

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/credit/score',
      param: emptyParamSchema,
      summary: 'The credit score, the thresholds and where the author stands, the last changes',
      tags,
      data: creditScoreSchema,
    },
    async (_param, request) =>
      service.getCreditSummary(db, requireUser(request).id, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/credit/ledger',
      param: creditLedgerParamSchema,
      summary: 'The credit ledger: every change with the work, the rule and the appeal, newest first',
      tags,
      data: creditLedgerSchema,
    },
    async (param, request) =>
      service.listCreditLedger(db, requireUser(request).id, param, requestLanguage(request)),
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/credit/appeal',
      param: creditAppealParamSchema,
      summary: 'Appeal a deduction (once per deduction); an operator decides',
      tags,
      data: creditAppealResultSchema,
    },
    async (param, request) => service.appealCreditEntry(db, requireUser(request).id, param, clock()),
  );
  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/ops/credit/appeal_list',
      param: opsAppealListParamSchema,
      summary: 'Credit appeals in a state, oldest first (operators)',
      tags: ['ops', ...tags],
      data: opsAppealListSchema,
    },
    async (param, request) => {
      await operator(request);
      return service.listAppeals(db, param, requestLanguage(request));
    },
  );
  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/credit/decide_appeal',
      param: opsDecideAppealParamSchema,
      summary: 'Uphold (restore the points) or dismiss a credit appeal (operators)',
      tags: ['ops', ...tags],
      data: opsDecideAppealResultSchema,
    },
    async (param, request) => {
      const user = await operator(request);
      return service.decideAppeal(db, user.id, param, clock());
    },
  );
}
