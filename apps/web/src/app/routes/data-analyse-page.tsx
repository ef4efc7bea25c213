import {
  ANALYSE_PERIODS,
  AnalysePage,
  type AnalysePeriod,
  type AnalyseScope,
} from '../../features/data-analyse';
import { useQueryState } from '../../lib/use-query-state';

/**
 * The analysis page of one scope with its state in the query string (`?period=30d&work=12`): shared by the
 * three routes of `manage/dataAnalyse` (issue #12).
 */
export function DataAnalyseRoute({ scope }: { scope: AnalyseScope }) {
  const qs = useQueryState({ period: '7d', work: '' });
  const raw = qs.get('period');
  const period = (ANALYSE_PERIODS as readonly string[]).includes(raw) ? (raw as AnalysePeriod) : '7d';
  const work = Number(qs.get('work'));
  return (
    <AnalysePage
      scope={scope}
      period={period}
      workId={Number.isInteger(work) && work > 0 ? work : null}
      onChange={(next) => qs.set(next)}
    />
  );
}
