import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  contentTypes,
  METRIC_KEYS,
  type ContentType,
  type DataOverview,
  type DataPeriod,
  type MetricKey,
  type Metrics,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { LinkButton } from '../../../components/content-table';
import { formatDate } from '../../../lib/format';
import { useQueryState } from '../../../lib/use-query-state';
import { useDataOverview, useDataPeers } from '../api';
import { comparedWithMedian, isDataPeriod, OVERVIEW_PERIODS } from '../logic';
import {
  AsOf,
  ChangeBadge,
  PeriodSwitch,
  TrendChart,
  TypeFilter,
  useMetricName,
  useMetricValue,
} from './parts';
import './data.css';

const DEFAULT_PERIOD: DataPeriod = '7d';
const DEFAULT_METRIC: MetricKey = 'views';

function isMetricKey(value: string): value is MetricKey {
  return (METRIC_KEYS as readonly string[]).includes(value);
}
function isContentType(value: string): value is ContentType {
  return (contentTypes as readonly string[]).includes(value);
}

/**
 * `/dataOverview` (issue #12): the period switch and the content-type filter (kept in the address), a card per
 * metric with its change against the previous period — click one to draw its trend — the trend chart, and the
 * median of the authors of the same field. Every block shows when its figures were brought up to date.
 */
export function DataOverviewView() {
  const { t } = useTranslation();
  const { get, set } = useQueryState({ period: DEFAULT_PERIOD, type: '', metric: DEFAULT_METRIC });
  const periodText = get('period');
  const period = isDataPeriod(periodText) ? periodText : DEFAULT_PERIOD;
  const typeText = get('type');
  const type = isContentType(typeText) ? typeText : undefined;
  const metricText = get('metric');
  const metric = isMetricKey(metricText) ? metricText : DEFAULT_METRIC;
  const overview = useDataOverview(period, type);

  return (
    <div className="cc-data-page">
      <div className="cc-data-toolbar">
        <PeriodSwitch value={period} periods={OVERVIEW_PERIODS} onChange={(p) => set({ period: p })} />
        <TypeFilter value={type} onChange={(v) => set({ type: v })} />
        {/* a default button: the brand-blue link text on the page's grey is 4.47:1, under WCAG's 4.5:1 */}
        <LinkButton to="/stat_param">{t('data.overview.definitions')}</LinkButton>
      </div>
      {overview.isPending ? (
        <LoadingState rows={8} />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <OverviewBody
          data={overview.data}
          period={period}
          metric={metric}
          onMetric={(m) => set({ metric: m }, { replace: true })}
          refreshing={overview.isPlaceholderData}
        />
      )}
      <PeersSection
        period={period}
        own={overview.data && !overview.isPlaceholderData ? overview.data.metrics : null}
      />
    </div>
  );
}

function OverviewBody({
  data,
  period,
  metric,
  onMetric,
  refreshing,
}: {
  data: DataOverview;
  period: DataPeriod;
  metric: MetricKey;
  onMetric(metric: MetricKey): void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metricValue = useMetricValue();
  const previous = period === 'all' ? null : data.previous;
  return (
    <>
      <section
        className="cc-card cc-data-section"
        aria-label={t('data.overview.metricsLabel')}
        aria-busy={refreshing}
      >
        <div className="cc-section-head">
          <h2 className="cc-section-title">{t('data.overview.metricsLabel')}</h2>
          <Space size={16} wrap>
            <Typography.Text type="secondary" className="cc-tabular" data-testid="data-range">
              {t('data.range', {
                start: formatDate(data.range.start, 'YYYY-MM-DD'),
                end: formatDate(data.range.end, 'YYYY-MM-DD'),
              })}
            </Typography.Text>
            <AsOf value={data.asOf} />
          </Space>
        </div>
        <div className="cc-data-metric-grid" role="group" aria-label={t('data.overview.trendHint')}>
          {METRIC_KEYS.map((key) => (
            <button
              type="button"
              key={key}
              className="cc-data-metric-card"
              aria-pressed={key === metric}
              onClick={() => onMetric(key)}
              data-testid={`metric-${key}`}
            >
              <span className="cc-data-metric-name">{metricName(key)}</span>
              <span
                className="cc-data-metric-value"
                data-testid={`metric-value-${key}`}
                title={String(data.metrics[key])}
              >
                {metricValue(key, data.metrics[key])}
              </span>
              <ChangeBadge metric={key} current={data.metrics[key]} previous={previous?.[key]} />
            </button>
          ))}
        </div>
        {period === 'all' ? (
          <Typography.Text type="secondary" className="cc-data-note">
            {t('data.change.none')}
          </Typography.Text>
        ) : null}
      </section>
      <section
        className="cc-card cc-data-section"
        aria-label={t('data.overview.trendTitle', { metric: metricName(metric) })}
      >
        <div className="cc-section-head">
          <h2 className="cc-section-title">
            {t('data.overview.trendTitle', { metric: metricName(metric) })}
          </h2>
          <AsOf value={data.asOf} testId="data-trend-as-of" />
        </div>
        {data.trend.length === 0 ? (
          <EmptyState description={t('data.overview.trendEmpty')} />
        ) : (
          <TrendChart trend={data.trend} metric={metric} />
        )}
        <Typography.Text type="secondary" className="cc-data-note">
          {t('data.overview.trendHint')}
        </Typography.Text>
      </section>
    </>
  );
}

/** The median of the authors of the author's field over the same period, beside the author's own figures. */
function PeersSection({ period, own }: { period: DataPeriod; own: Metrics | null }) {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metricValue = useMetricValue();
  const peers = useDataPeers(period);
  return (
    <section className="cc-card cc-data-section" aria-label={t('data.peers.title')} data-testid="data-peers">
      <div className="cc-section-head">
        <h2 className="cc-section-title">{t('data.peers.title')}</h2>
        {peers.data ? <AsOf value={peers.data.asOf} testId="peers-as-of" /> : null}
      </div>
      {peers.isPending ? (
        <LoadingState rows={2} />
      ) : peers.isError ? (
        <ErrorState error={peers.error} onRetry={() => void peers.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="peers-scope">
            {peers.data.field
              ? t('data.peers.field', {
                  field: t(`certification.areas.${peers.data.field}`, { defaultValue: peers.data.field }),
                  count: peers.data.authors,
                })
              : t('data.peers.allAuthors', { count: peers.data.authors })}
          </Typography.Paragraph>
          <div className="cc-data-peer-grid">
            {METRIC_KEYS.map((key) => {
              const median = peers.data.median[key];
              const versus = own ? comparedWithMedian(own[key], median) : null;
              return (
                <div key={key} className="cc-data-peer" data-testid={`peer-${key}`}>
                  <span className="cc-data-metric-name">{metricName(key)}</span>
                  <span className="cc-tabular">
                    {t('data.peers.median')}{' '}
                    <strong data-testid={`peer-median-${key}`}>{metricValue(key, median)}</strong>
                  </span>
                  {own && versus ? (
                    <Typography.Text type="secondary" className="cc-tabular">
                      {t('data.peers.yours')} {metricValue(key, own[key])} · {t(`data.peers.${versus}`)}
                    </Typography.Text>
                  ) : null}
                </div>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}
