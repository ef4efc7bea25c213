import { Typography } from 'antd';
import { useState } from 'react';
import { BigNumber } from '../../../components/big-number';
import { ErrorState, LoadingState } from '../../../components/states';
import { useDataOverview } from '../api';
import { HOME_METRICS, HOME_PERIODS } from '../logic';
import { AsOf, ChangeBadge, PeriodSwitch, TrendChart, useMetricName } from './parts';
import './data.css';

type HomePeriod = (typeof HOME_PERIODS)[number];

/**
 * The home page's key numbers (issue #12) from `GET /api/data/overview`: a short period switch (昨天 / 7天 / 30天),
 * views, plays, likes, net and total followers with their change against the previous period (万 rule), a
 * sparkline of views and the time the figures are as of.
 */
export function HomeDataCard() {
  const metricName = useMetricName();
  const [period, setPeriod] = useState<HomePeriod>('yesterday');
  const overview = useDataOverview(period);
  return (
    <div data-testid="home-data-card">
      <PeriodSwitch<HomePeriod> value={period} periods={HOME_PERIODS} onChange={setPeriod} size="small" />
      {overview.isPending ? (
        <LoadingState rows={3} />
      ) : overview.isError ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <div aria-busy={overview.isPlaceholderData}>
          <div className="cc-home-data-numbers">
            {HOME_METRICS.map((key) => (
              <div key={key} data-testid={`home-metric-${key}`}>
                <BigNumber label={metricName(key)} value={overview.data.metrics[key]} />
                <ChangeBadge
                  metric={key}
                  current={overview.data.metrics[key]}
                  previous={overview.data.previous?.[key]}
                />
              </div>
            ))}
          </div>
          {overview.data.trend.length > 1 ? (
            <TrendChart trend={overview.data.trend} metric="views" height={56} sparkline />
          ) : null}
          <Typography.Paragraph style={{ margin: '4px 0 0' }}>
            <AsOf value={overview.data.asOf} />
          </Typography.Paragraph>
        </div>
      )}
    </div>
  );
}
