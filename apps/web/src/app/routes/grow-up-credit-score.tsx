import { CreditScoreView } from '../../features/credit';

/**
 * `/growUp/creditScore` (spec §2, issue #14 "Credit score"): the score, the thresholds and where the author stands,
 * the ledger with every deduction's work and rule, and appeals.
 */
export default function GrowUpCreditScoreRoute() {
  return <CreditScoreView />;
}
