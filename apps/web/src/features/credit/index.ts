export { CreditScoreView } from './components/credit-score-view';
export { OpsAppealsPanel } from './components/ops-appeals-panel';
