import { Drawer, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_METRIC_KEYS, type DataPeriod, type WorkDetail } from '@cc/contracts';
import { EChart, type EChartsCoreOption } from '../../../components/echart';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatCount, formatDate, formatRate } from '../../../lib/format';
import { BRAND_COLOR } from '../../../lib/theme';
import { useWorkDetail } from '../api';
import { AsOf, TrendChart, useMetricName, useMetricValue, useUiLanguage } from './parts';

/** The metrics the drawer's trend can switch between (the rest are in the figures above it). */
const TREND_METRICS = ['views', 'plays', 'likes', 'comments', 'shares'] as const;
type TrendMetric = (typeof TREND_METRICS)[number];

/**
 * One work's data of the period (`GET /api/data/work_detail`, issue #12) in a drawer: every metric, the daily
 * trend of a chosen metric, the traffic sources (chart and list), and for videos the retention curve.
 * @param id the work; null closes the drawer
 * @param title shown while the detail loads (from the table row)
 */
export function WorkDetailDrawer({
  id,
  title,
  period,
  onClose,
}: {
  id: number | null;
  title: string;
  period: DataPeriod;
  onClose(): void;
}) {
  const detail = useWorkDetail(id, period);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={detail.data?.work.title ?? title}
      destroyOnHidden
      data-testid="work-detail"
    >
      {id === null ? null : detail.isPending ? (
        <LoadingState rows={8} />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <DetailBody data={detail.data} />
      )}
    </Drawer>
  );
}

function DetailBody({ data }: { data: WorkDetail }) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metricValue = useMetricValue();
  const [trendMetric, setTrendMetric] = useState<TrendMetric>('views');
  return (
    <div data-testid="work-detail-body">
      <Space size={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {t(`content.types.${data.work.type}`)} ·{' '}
          {data.work.publishedAt
            ? t('data.detail.publishedAt', { time: formatDate(data.work.publishedAt, 'YYYY-MM-DD HH:mm') })
            : t('data.detail.unpublished')}
        </Typography.Text>
        <AsOf value={data.asOf} testId="detail-as-of" />
      </Space>
      <h3 className="cc-section-title">{t('data.detail.metrics')}</h3>
      <div className="cc-data-detail-metrics">
        {WORK_METRIC_KEYS.map((key) => (
          <div key={key} className="cc-data-peer" data-testid={`detail-metric-${key}`}>
            <span className="cc-data-metric-name">{metricName(key)}</span>
            <span className="cc-data-metric-value">{metricValue(key, data.metrics[key])}</span>
          </div>
        ))}
      </div>
      <div className="cc-section-head">
        <h3 className="cc-section-title">{t('data.detail.trend')}</h3>
        <Segmented<TrendMetric>
          size="small"
          aria-label={t('data.detail.trendMetric')}
          value={trendMetric}
          onChange={setTrendMetric}
          options={TREND_METRICS.map((m) => ({ value: m, label: metricName(m) }))}
        />
      </div>
      {data.trend.length === 0 ? (
        <EmptyState description={t('data.overview.trendEmpty')} />
      ) : (
        <TrendChart trend={data.trend} metric={trendMetric} height={240} />
      )}
      <h3 className="cc-section-title" style={{ marginTop: 16 }}>
        {t('data.detail.sources')}
      </h3>
      <Sources sources={data.sources} />
      {data.retention && data.retention.length > 0 ? (
        <>
          <h3 className="cc-section-title" style={{ marginTop: 16 }}>
            {t('data.detail.retention')}
          </h3>
          <Retention points={data.retention} />
        </>
      ) : null}
    </div>
  );
}

/** Traffic sources: a bar chart and the same numbers as a list (readable without the chart). */
function Sources({ sources }: { sources: WorkDetail['sources'] }) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const sorted = useMemo(() => [...sources].sort((a, b) => b.views - a.views), [sources]);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      color: [BRAND_COLOR],
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatCount(Number(v), lang) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v, lang) } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: sorted.map((s) => t(`data.sources.${s.source}`)),
      },
      series: [
        {
          type: 'bar',
          name: t('data.detail.sourceViews'),
          data: sorted.map((s) => s.views),
          barMaxWidth: 18,
        },
      ],
    }),
    [sorted, lang, t],
  );
  if (sorted.length === 0 || sorted.every((s) => s.views === 0)) {
    return <EmptyState description={t('data.detail.sourcesEmpty')} />;
  }
  return (
    <>
      <EChart
        option={option}
        height={Math.max(120, sorted.length * 32)}
        ariaLabel={t('data.detail.sources')}
      />
      <ul className="cc-data-sources" data-testid="detail-sources">
        {sorted.map((s) => (
          <li key={s.source}>
            <span>{t(`data.sources.${s.source}`)}</span>
            <span className="cc-tabular">{formatCount(s.views, lang)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A video's retention: the share of plays still watching at each point of its duration. */
function Retention({ points }: { points: NonNullable<WorkDetail['retention']> }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      color: [BRAND_COLOR],
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatRate(Number(v)) },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: points.map((p) => `${Math.round(p.at * 100)}%`),
        name: t('data.detail.retentionAxis'),
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: 1,
        axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` },
      },
      series: [
        { type: 'line', data: points.map((p) => p.share), smooth: true, areaStyle: { opacity: 0.08 } },
      ],
    }),
    [points, t],
  );
  return <EChart option={option} height={220} ariaLabel={t('data.detail.retentionLabel')} />;
}
