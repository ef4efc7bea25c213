import { useCallback } from 'react';
import {
  BarragePage,
  parseBarrageFilters,
  toBarrageQuery,
  type BarrageFilters,
} from '../../features/barrage';
import { useVideoDetail } from '../../features/video';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/popBarrage?contentId=&state=&keyword=&sort=&page=` (spec §2, issue #13): the barrage of the author's videos.
 * The picked video's detail (its player's source) comes from the video feature; the filters live in the query
 * string.
 */
export default function PopBarrageRoute() {
  const qs = useQueryState({ contentId: '', state: '', keyword: '', sort: '', page: '1' });
  const filters = parseBarrageFilters({
    contentId: qs.get('contentId'),
    state: qs.get('state'),
    keyword: qs.get('keyword'),
    sort: qs.get('sort'),
    page: qs.get('page'),
  });
  const video = useVideoDetail(filters.contentId);
  const { set } = qs;
  const handleChange = useCallback((next: Partial<BarrageFilters>) => set(toBarrageQuery(next)), [set]);
  return <BarragePage filters={filters} onChange={handleChange} video={video} />;
}
