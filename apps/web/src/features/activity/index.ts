export { OpsActivitiesPanel } from './components/ops-activities-panel';
