import { CreativeInterestView, trendKindOf } from '../../features/trends';
import { useQueryState } from '../../lib/use-query-state';

/** `/creativeInterest?kind=keyword` (spec §2, issue #12): rising series and keywords; the kind in the query string. */
export default function CreativeInterestRoute() {
  const qs = useQueryState({ kind: 'series' });
  return (
    <CreativeInterestView kind={trendKindOf(qs.get('kind'))} onKindChange={(kind) => qs.set({ kind })} />
  );
}
