export { DataOverviewView } from './components/data-overview';
export { HomeDataCard } from './components/home-data-card';
export { StatParams } from './components/stat-params';
export { WorkDataView } from './components/work-data';
