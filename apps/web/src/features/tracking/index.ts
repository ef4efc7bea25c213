export { OpsUsagePanel } from './components/ops-usage-panel';
