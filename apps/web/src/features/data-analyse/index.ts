export { AnalysePage } from './components/analyse-page';
export { ANALYSE_PERIODS, type AnalysePeriod, type AnalyseScope } from './logic';
