import { useLocation } from 'react-router';
import { boardOfPath, RankBoardView } from '../../features/influence';
import { useQueryState } from '../../lib/use-query-state';

/**
 * The seven daily rankings (spec §2, issue #12): `/rank`, `/rank/carBuyingInfluenceRank`, `/rank/leaderRank`,
 * `/rank/videoRank`, `/exponent/hotRank`, `/exponent/popularRank`, `/exponent/safeRank`. The board is the path's
 * (`BOARD_PATHS`), the page number lives in the query string (`?page=2`).
 */
export default function RankBoardPage() {
  const { pathname } = useLocation();
  const qs = useQueryState({ page: '1' });
  const board = boardOfPath(pathname) ?? 'influence';
  return (
    <RankBoardView
      board={board}
      page={Math.max(1, Number(qs.get('page')) || 1)}
      onPageChange={(page) => qs.set({ page })}
    />
  );
}
