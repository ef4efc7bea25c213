import { useSearchParams } from 'react-router';
import { BusinessOrderDetail, positiveId } from '../../features/business';

/** `/businessOrder/detail?id=` (spec §2, issue #14): one order's brief, milestones, actions and history. */
export default function BusinessOrderDetailRoute() {
  const [params] = useSearchParams();
  return <BusinessOrderDetail id={positiveId(params.get('id'))} />;
}
