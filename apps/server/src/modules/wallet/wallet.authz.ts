import type { AuthzCasesOf } from '../../test/authz-cases.js';

/**
 * The wallet area's rows of the authorization matrix (issue #14; test/authz-cases.ts). No route takes an author's
 * resource: the summary and the ledger are the caller's own; adjustments are for operators.
 */
export const walletAuthzCases: AuthzCasesOf = () => ({
  matrix: {},
  notResource: {
    'GET /api/wallet/summary': "the caller's own balance and pending settlement",
    'GET /api/wallet/ledger': "the caller's own ledger",
    'POST /api/ops/wallet/adjust': 'operators only (10005 for authors, tested in wallet.routes.test.ts)',
  },
});
