import { Button, List, Segmented, Space, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOPIC_ENGAGEMENT_PERIODS,
  type TopicEngagementItem,
  type TopicEngagementPeriod,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useTopicEngagement } from '../api';
import { engagementChange } from '../logic';
import { AsOf, EngagementTitle, Sparkline } from './parts';
import './trends.css';

/** The period of a query string value; anything else reads `7d` (the page's default). */
export function topicPeriodOf(value: string | null | undefined): TopicEngagementPeriod {
  return (TOPIC_ENGAGEMENT_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as TopicEngagementPeriod)
    : '7d';
}

/** A topic's engagement against the period before: an arrow and the percent, in words for screen readers. */
function ChangeMark({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation();
  const change = engagementChange(current, previous);
  const Icon =
    change.direction === 'down'
      ? ArrowDownOutlined
      : change.direction === 'flat'
        ? MinusOutlined
        : ArrowUpOutlined;
  const label =
    change.direction === 'up' || change.direction === 'down'
      ? t(`trends.topic.change.${change.direction}`, { value: `${change.percent}%` })
      : t(`trends.topic.change.${change.direction}`);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`cc-trends-change cc-trends-change-${change.direction}`}
      data-testid="topic-change"
    >
      <Icon aria-hidden />
      {change.direction === 'up' || change.direction === 'down' ? (
        <span aria-hidden>{change.percent}%</span>
      ) : null}
    </span>
  );
}

/**
 * The topics' engagement over a period (`topic/engagement`, issue #12 `topic`): every topic, most engaged first,
 * with its published works of every author, the author's own works, the engagement (and its change), the author's
 * share and a daily sparkline. Choosing a topic calls `onSelect`; the period is the caller's (the query string).
 */
export function TopicEngagementCard({
  period,
  onPeriodChange,
  selectedId,
  onSelect,
}: {
  period: TopicEngagementPeriod;
  onPeriodChange(period: TopicEngagementPeriod): void;
  selectedId: number | undefined;
  onSelect(id: number): void;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const topics = useTopicEngagement(period);
  const dates = useMemo(() => topics.data?.list[0]?.trend.map((d) => d.date) ?? [], [topics.data]);
  const points = useMemo(
    () => new Map(topics.data?.list.map((x) => [x.id, x.trend.map((d) => d.engagement)]) ?? []),
    [topics.data],
  );

  let body;
  if (topics.isPending) body = <LoadingState rows={6} />;
  else if (topics.isError) body = <ErrorState error={topics.error} onRetry={() => void topics.refetch()} />;
  else if (topics.data.list.length === 0) body = <EmptyState description={t('trends.topic.empty')} />;
  else {
    body = (
      <Table<TopicEngagementItem>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={topics.data.list}
        data-testid="topic-engagement-table"
        rowClassName={(row) => (row.id === selectedId ? 'cc-trends-selected' : '')}
        onRow={(row) =>
          ({
            'data-testid': `topic-engagement-${row.id}`,
            'aria-current': row.id === selectedId ? 'true' : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'name',
            title: t('trends.topic.columns.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Button
                type="link"
                size="small"
                className="cc-trends-topic-name"
                aria-label={t('trends.topic.select', { name })}
                onClick={() => onSelect(row.id)}
              >
                # {name}
              </Button>
            ),
          },
          {
            key: 'works',
            title: t('trends.topic.columns.works'),
            dataIndex: 'works',
            align: 'right',
            render: (v: number) => <span className="cc-tabular">{formatCount(v)}</span>,
          },
          {
            key: 'myWorks',
            title: t('trends.topic.columns.myWorks'),
            dataIndex: 'myWorks',
            align: 'right',
            render: (v: number) => <span className="cc-tabular">{formatCount(v)}</span>,
          },
          {
            key: 'engagement',
            title: <EngagementTitle />,
            dataIndex: 'engagement',
            align: 'right',
            render: (v: number, row) => (
              <Space size={6}>
                <span className="cc-tabular" title={String(v)} data-testid="engagement">
                  {formatCount(v)}
                </span>
                <ChangeMark current={v} previous={row.previous} />
              </Space>
            ),
          },
          {
            key: 'myEngagement',
            title: t('trends.topic.columns.myEngagement'),
            dataIndex: 'myEngagement',
            align: 'right',
            render: (v: number) => (
              <span className="cc-tabular" title={String(v)}>
                {formatCount(v)}
              </span>
            ),
          },
          {
            key: 'trend',
            title: t('trends.topic.columns.trend'),
            width: 150,
            render: (_: unknown, row) => (
              <Sparkline
                width={130}
                points={points.get(row.id) ?? []}
                labels={dates}
                label={t('trends.topic.sparkline', { name: row.name, total: formatCount(row.engagement) })}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <section className="cc-card" aria-labelledby="topic-engagement-title" data-testid="topic-engagement">
      <div className="cc-trends-head">
        <div>
          <h2 className="cc-section-title" id="topic-engagement-title">
            {t('trends.topic.title')}
          </h2>
          {topics.data ? (
            <div className="cc-trends-meta">
              <AsOf value={topics.data.asOf} />
              <Typography.Text type="secondary" className="cc-trends-note">
                {t('trends.topic.range', topics.data.range)}
              </Typography.Text>
            </div>
          ) : null}
        </div>
        <Segmented<TopicEngagementPeriod>
          aria-label={t('trends.topic.periodLabel')}
          value={period}
          onChange={onPeriodChange}
          options={TOPIC_ENGAGEMENT_PERIODS.map((p) => ({ value: p, label: t(`trends.topic.periods.${p}`) }))}
          data-testid="topic-period"
        />
      </div>
      <Typography.Paragraph type="secondary">{t('trends.topic.intro')}</Typography.Paragraph>
      {body}
    </section>
  );
}

/**
 * A topic's most engaged works of the period (`topicWorks` of `topic/engagement`: every author's, another's only
 * once published), the author's marked "mine". Shares the card's query (same period, same cache entry).
 */
export function TopicTopWorks({ period, topicId }: { period: TopicEngagementPeriod; topicId: number }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const topics = useTopicEngagement(period);
  const topic = topics.data?.list.find((x) => x.id === topicId);
  if (topics.isPending) return <LoadingState rows={2} />;
  if (!topic) return null;
  return (
    <div className="cc-trends-top-works" data-testid="topic-top-works">
      <Typography.Title level={5}>{t('trends.topic.topWorks')}</Typography.Title>
      {topic.topWorks.length === 0 ? (
        <Typography.Text type="secondary">{t('trends.topic.noTopWorks')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={topic.topWorks}
          renderItem={(w) => (
            <List.Item data-testid={`topic-top-work-${w.id}`}>
              <Space size={8} style={{ minWidth: 0, flex: 1 }}>
                <ThunderboltOutlined aria-hidden />
                <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                  {w.title}
                </Typography.Text>
                <Tag>{t(`content.types.${w.type}`)}</Tag>
                {w.mine ? <Tag color="blue">{t('trends.topic.mine')}</Tag> : null}
              </Space>
              <span className="cc-tabular" title={String(w.engagement)}>
                {t('trends.topic.workEngagement', { value: formatCount(w.engagement) })}
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
