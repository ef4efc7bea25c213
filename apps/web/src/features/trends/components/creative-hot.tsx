import { Table, Typography } from 'antd';
import { RiseOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreativeHotItem, TrendKind } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate, useFormatCount } from '../../../lib/format';
import { useCreativeHot } from '../api';
import { hourLabels, sparklineSummary } from '../logic';
import { type TrendRowAction, AsOf, EngagementTitle, KindSwitch, Sparkline } from './parts';
import './trends.css';

/**
 * `creativeHot` (issue #12): what readers of every author engage with now — the top 20 car series or keywords of the
 * last 24 hours (`creative/hot`), each with its engagement (万 rule), works and an hourly sparkline. The kind is the
 * caller's (the query string).
 */
export function CreativeHotView({
  kind,
  onKindChange,
  action,
}: {
  kind: TrendKind;
  onKindChange(kind: TrendKind): void;
  /** an extra last column, one cell per entry (the assistant's "write with the assistant" link, issue #14) */
  action?: TrendRowAction;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const hot = useCreativeHot(kind);
  const labels = useMemo(
    () =>
      hot.data ? hourLabels(hot.data.range.start, 24, (d) => formatDate(d.toISOString(), 'MM-DD HH:mm')) : [],
    [hot.data],
  );

  let body;
  if (hot.isPending) body = <LoadingState rows={8} />;
  else if (hot.isError) body = <ErrorState error={hot.error} onRetry={() => void hot.refetch()} />;
  else if (hot.data.list.length === 0) body = <EmptyState description={t('trends.hot.empty')} />;
  else {
    body = (
      <Table<CreativeHotItem>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={hot.data.list}
        data-testid="trends-hot-table"
        onRow={(row) => ({ 'data-testid': `trend-${row.key}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'rank',
            title: t('trends.columns.rank'),
            dataIndex: 'rank',
            width: 72,
            render: (rank: number) => (
              <span className={`cc-trends-rank cc-trends-rank-${Math.min(rank, 4)}`}>{rank}</span>
            ),
          },
          { key: 'label', title: t(`trends.kinds.${kind}`), dataIndex: 'label' },
          {
            key: 'engagement',
            title: <EngagementTitle />,
            dataIndex: 'engagement',
            align: 'right',
            render: (v: number) => (
              <span className="cc-tabular" title={String(v)} data-testid="engagement">
                {formatCount(v)}
              </span>
            ),
          },
          {
            key: 'works',
            title: t('trends.columns.works'),
            dataIndex: 'works',
            align: 'right',
            render: (v: number) => <span className="cc-tabular">{formatCount(v)}</span>,
          },
          {
            key: 'trend',
            title: t('trends.columns.trend'),
            width: 180,
            render: (_: unknown, row) => {
              const s = sparklineSummary(row.sparkline);
              return (
                <Sparkline
                  points={row.sparkline}
                  labels={labels}
                  label={t('trends.hot.sparkline', {
                    label: row.label,
                    total: formatCount(s.total),
                    peak: formatCount(s.peak),
                    hour: labels[s.peakAt] ?? '',
                  })}
                />
              );
            },
          },
          ...(action
            ? [
                {
                  key: 'action',
                  title: action.title,
                  render: (_: unknown, row: CreativeHotItem) => action.render(row),
                },
              ]
            : []),
        ]}
      />
    );
  }

  return (
    <section className="cc-card cc-trends-page" aria-labelledby="trends-hot-title">
      <div className="cc-trends-head">
        <h1 className="cc-page-title" id="trends-hot-title">
          {t('trends.hot.title')}
        </h1>
        <KindSwitch value={kind} onChange={onKindChange} />
      </div>
      <Typography.Paragraph type="secondary">{t('trends.hot.intro')}</Typography.Paragraph>
      {hot.data ? (
        <div className="cc-trends-meta">
          <AsOf value={hot.data.asOf} />
          <Typography.Text type="secondary" className="cc-trends-note" data-testid="trends-window">
            {t('trends.hot.window', {
              start: formatDate(hot.data.range.start, 'YYYY-MM-DD HH:mm'),
              end: formatDate(hot.data.range.end, 'YYYY-MM-DD HH:mm'),
            })}
          </Typography.Text>
        </div>
      ) : null}
      {body}
      <div className="cc-trends-foot">
        <Link to={`/creativeInterest?kind=${kind}`} data-testid="trends-to-interest">
          <RiseOutlined aria-hidden /> {t('trends.hot.toInterest')}
        </Link>
      </div>
    </section>
  );
}
