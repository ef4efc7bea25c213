import { FANS_CHART_PERIODS, FansPage, type FansChartPeriod } from '../../features/fans';
import { useQueryState } from '../../lib/use-query-state';

/**
 * `/manage/fansManage/fans?period=30d&page=2` (spec §2, issue #12): fans management; the chart's period and the
 * list's page live in the query string.
 */
export default function FansRoute() {
  const qs = useQueryState({ period: '7d', page: '1' });
  const raw = qs.get('period');
  const period = (FANS_CHART_PERIODS as readonly string[]).includes(raw) ? (raw as FansChartPeriod) : '7d';
  return (
    <FansPage
      period={period}
      page={Math.max(1, Number(qs.get('page')) || 1)}
      onChange={(next) => qs.set(next)}
    />
  );
}
