import { ActivityList } from '../../features/activity';

/** `/activity` (issue #15 "Activities"): the operators' campaigns an author can join. */
export default function ActivityPage() {
  return <ActivityList />;
}
