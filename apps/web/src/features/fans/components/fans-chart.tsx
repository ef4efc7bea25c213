import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useFansChart } from '../api/fans-api';
import { chartTotals, FANS_CHART_PERIODS, fansChartOption, type FansChartPeriod } from '../logic';
import { DataCard } from '../../../components/data-card';
import { PeriodSwitch } from './period-switch';

/**
 * Gained, lost, net and total fans a day over the chosen period (`fans/chart {period}`): bars for gained and
 * lost, lines for net and total; the period switch is owned by the caller (the page's query string).
 */
export function FansChartCard({
  period,
  onPeriodChange,
}: {
  period: FansChartPeriod;
  onPeriodChange: (period: FansChartPeriod) => void;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const chart = useFansChart(period);
  const rows = chart.data;
  // `t` changes with the language: the series' names follow it
  const option = useMemo(
    () =>
      rows
        ? fansChartOption(rows, {
            gained: t('fans.chart.gained'),
            lost: t('fans.chart.lost'),
            net: t('fans.chart.net'),
            total: t('fans.chart.total'),
          })
        : null,
    [rows, t],
  );
  let body;
  if (chart.isPending) body = <LoadingState rows={6} />;
  else if (chart.isError) body = <ErrorState error={chart.error} onRetry={() => void chart.refetch()} />;
  else if (chart.data.length === 0 || !option) body = <EmptyState description={t('fans.chart.empty')} />;
  else {
    const sums = chartTotals(chart.data);
    body = (
      <EChart
        option={option}
        height={320}
        ariaLabel={t('fans.chart.aria', {
          start: chart.data[0]!.date,
          end: chart.data[chart.data.length - 1]!.date,
          gained: formatCount(sums.gained),
          lost: formatCount(sums.lost),
          net: formatCount(sums.net),
          total: formatCount(sums.total),
        })}
      />
    );
  }
  return (
    <DataCard
      title={t('fans.chart.title')}
      testId="fans-chart"
      extra={<PeriodSwitch periods={FANS_CHART_PERIODS} value={period} onChange={onPeriodChange} />}
    >
      {body}
    </DataCard>
  );
}
