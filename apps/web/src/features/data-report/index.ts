export { DataReportView } from './components/data-report-page';
export { reportWeekOf } from './logic';
