import {
  emptyParamSchema,
  walletAdjustParamSchema,
  walletAdjustResultSchema,
  walletLedgerParamSchema,
  walletLedgerSchema,
  walletSummarySchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../plugins/session.js';
import { signedRoute } from '../../plugins/signature.js';
import { requireOperator } from '../ops/ops.service.js';
import * as service from './wallet.service.js';

/** The earnings wallet (issue #14; docs/api.md "Business orders"): the author's balance and ledger, operators' adjustments. */
export default async function walletRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; clock: () => Date },
): Promise<void> {
  const { db } = opts;
  const tags = ['wallet'];

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/wallet/summary',
      param: emptyParamSchema,
      summary: 'Balance, pending settlement and settled total, fen',
      tags,
      data: walletSummarySchema,
    },
    async (_p, request) => service.walletSummary(db, requireUser(request).id),
  );

  signedRoute(
    app,
    {
      method: 'GET',
      url: '/api/wallet/ledger',
      param: walletLedgerParamSchema,
      summary: "The wallet's entries, newest first",
      tags,
      data: walletLedgerSchema,
    },
    async (p, request) => service.walletLedger(db, requireUser(request).id, p.page, p.pageSize),
  );

  signedRoute(
    app,
    {
      method: 'POST',
      url: '/api/ops/wallet/adjust',
      param: walletAdjustParamSchema,
      summary: "A manual top-up or correction of an author's wallet, never below zero (operators)",
      tags: ['ops', ...tags],
      data: walletAdjustResultSchema,
    },
    async (p, request) => {
      await requireOperator(db, requireUser(request).id);
      return service.adjustWallet(db, p);
    },
  );
}
