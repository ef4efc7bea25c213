import { useSearchParams } from 'react-router';
import { ActivityDetailView, positiveId } from '../../features/activity';

/** `/activity/detail?id=N` (issue #15 "Activities"): rules, prizes, my entries and their numbers, results. */
export default function ActivityDetailPage() {
  const [params] = useSearchParams();
  return <ActivityDetailView id={positiveId(params.get('id'))} />;
}
