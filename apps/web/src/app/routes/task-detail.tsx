import { TaskDetailView } from '../../features/growth';

/** `/task/detail` (spec §2, issue #14 "Tasks"): every task with its progress, reward, period and claim button. */
export default function TaskDetailRoute() {
  return <TaskDetailView />;
}
