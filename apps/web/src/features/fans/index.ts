export { FansPage } from './components/fans-page';
export { FANS_CHART_PERIODS, type FansChartPeriod } from './logic';
