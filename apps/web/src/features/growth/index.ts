export { OpsTasksPanel } from './components/ops-tasks-panel';
export { HomeTasksCard, TaskDetailView } from './components/task-views';
export { GradeAnalysisView, GradeRightsView, MyGradeView } from './components/grade-views';
