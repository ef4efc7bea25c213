export { OpsActivitiesPanel } from './components/ops-activities-panel';
export { ActivityList } from './components/activity-list';
export { ActivityDetailView, positiveId } from './components/activity-detail';
