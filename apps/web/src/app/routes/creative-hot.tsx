import { CreativeHotView, trendKindOf } from '../../features/trends';
import { useQueryState } from '../../lib/use-query-state';

/** `/creativeHot?kind=keyword` (spec §2, issue #12): what readers engage with now; the kind lives in the query string. */
export default function CreativeHotRoute() {
  const qs = useQueryState({ kind: 'series' });
  return <CreativeHotView kind={trendKindOf(qs.get('kind'))} onKindChange={(kind) => qs.set({ kind })} />;
}
