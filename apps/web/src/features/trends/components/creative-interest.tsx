import { Table, Typography } from 'antd';
import { FireOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreativeInterestItem, TrendKind } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { eachDate } from '../logic';
import { useCreativeInterest } from '../api';
import { type TrendRowAction, AsOf, EngagementTitle, GrowthBadge, KindSwitch, Sparkline } from './parts';
import './trends.css';

/**
 * `creativeInterest` (issue #12): car series or keywords whose reader engagement is rising — the last 7 complete
 * days against the 7 before (`creative/interest`), over the threshold the answer names, with a growth badge
 * ("+500.0%" or "新上榜") and a 14-day sparkline. The kind is the caller's (the query string).
 */
export function CreativeInterestView({
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
  const interest = useCreativeInterest(kind);
  const labels = useMemo(
    () => (interest.data ? eachDate(interest.data.previousRange.start, interest.data.range.end) : []),
    [interest.data],
  );

  let body;
  if (interest.isPending) body = <LoadingState rows={8} />;
  else if (interest.isError)
    body = <ErrorState error={interest.error} onRetry={() => void interest.refetch()} />;
  else if (interest.data.list.length === 0)
    body = (
      <EmptyState
        description={t('trends.interest.empty')}
        action={<Link to={`/creativeHot?kind=${kind}`}>{t('trends.interest.toHot')}</Link>}
      />
    );
  else {
    body = (
      <Table<CreativeInterestItem>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={interest.data.list}
        data-testid="trends-interest-table"
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
            key: 'growth',
            title: t('trends.interest.growth'),
            dataIndex: 'growthRate',
            render: (v: number | null) => <GrowthBadge growthRate={v} />,
          },
          {
            key: 'engagement',
            title: (
              <span>
                <EngagementTitle /> · {t('trends.interest.current')}
              </span>
            ),
            dataIndex: 'engagement',
            align: 'right',
            render: (v: number) => (
              <span className="cc-tabular" title={String(v)} data-testid="engagement">
                {formatCount(v)}
              </span>
            ),
          },
          {
            key: 'previous',
            title: t('trends.interest.previous'),
            dataIndex: 'previous',
            align: 'right',
            render: (v: number) => (
              <span className="cc-tabular" title={String(v)} data-testid="previous">
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
            render: (_: unknown, row) => (
              <Sparkline
                points={row.sparkline}
                labels={labels}
                label={t('trends.interest.sparkline', {
                  label: row.label,
                  current: formatCount(row.engagement),
                  previous: formatCount(row.previous),
                })}
              />
            ),
          },
          ...(action
            ? [
                {
                  key: 'action',
                  title: action.title,
                  render: (_: unknown, row: CreativeInterestItem) => action.render(row),
                },
              ]
            : []),
        ]}
      />
    );
  }

  return (
    <section className="cc-card cc-trends-page" aria-labelledby="trends-interest-title">
      <div className="cc-trends-head">
        <h1 className="cc-page-title" id="trends-interest-title">
          {t('trends.interest.title')}
        </h1>
        <KindSwitch value={kind} onChange={onKindChange} />
      </div>
      <Typography.Paragraph type="secondary">{t('trends.interest.intro')}</Typography.Paragraph>
      {interest.data ? (
        <div className="cc-trends-meta">
          <AsOf value={interest.data.asOf} />
          <Typography.Text type="secondary" className="cc-trends-note" data-testid="trends-window">
            {t('trends.interest.window', {
              start: interest.data.range.start,
              end: interest.data.range.end,
              prevStart: interest.data.previousRange.start,
              prevEnd: interest.data.previousRange.end,
            })}
          </Typography.Text>
          <Typography.Text type="secondary" className="cc-trends-note" data-testid="trends-threshold">
            {t('trends.interest.threshold', { min: formatCount(interest.data.minEngagement) })}
          </Typography.Text>
        </div>
      ) : null}
      {body}
      <div className="cc-trends-foot">
        <Link to={`/creativeHot?kind=${kind}`} data-testid="trends-to-hot">
          <FireOutlined aria-hidden /> {t('trends.interest.toHot')}
        </Link>
      </div>
    </section>
  );
}
