import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkListItem } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFormatCount } from '../../../lib/format';
import { useTopWorks } from '../api/analyse-api';
import { type AnalysePeriod, type AnalyseScope, rankMetricOf, SCOPE_EMPTY_KEYS } from '../logic';
import { DataCard } from '../../../components/data-card';
import { useMetricName } from './parts';

/**
 * The scope's top works of the period by views (plays for videos), with likes, comments and shares; each row
 * can be chosen to show its traffic sources (and, for videos, its retention).
 */
export function TopWorks({
  scope,
  period,
  selectedId,
  onSelect,
}: {
  scope: AnalyseScope;
  period: AnalysePeriod;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const metricName = useMetricName();
  const top = useTopWorks(scope, period);
  const rank = rankMetricOf(scope);
  const count = (key: 'likes' | 'comments' | 'shares' | 'views' | 'plays') => ({
    key,
    title: metricName(key),
    align: 'right' as const,
    render: (_: unknown, work: WorkListItem) => (
      <span className="cc-tabular" title={String(work[key])} data-testid={`work-${key}`}>
        {formatCount(work[key])}
      </span>
    ),
  });
  const columns: TableColumnsType<WorkListItem> = [
    {
      key: 'rank',
      title: t('fans.analyse.topWorks.rank'),
      width: 64,
      render: (_, __, index) => <span className="cc-tabular">{index + 1}</span>,
    },
    {
      key: 'title',
      title: t('fans.analyse.topWorks.work'),
      render: (_, work) => (
        <span>
          <Tag>{t(`content.types.${work.type}`)}</Tag>
          <span data-testid="work-title">{work.title}</span>
        </span>
      ),
    },
    count(rank),
    count('likes'),
    count('comments'),
    count('shares'),
    {
      key: 'select',
      title: t('fans.analyse.sources.title'),
      width: 120,
      render: (_, work) => {
        const selected = work.id === selectedId;
        return (
          <Button
            size="small"
            type={selected ? 'primary' : 'default'}
            aria-pressed={selected}
            aria-label={t('fans.analyse.sources.show', { title: work.title })}
            onClick={() => onSelect(work.id)}
            data-testid={`select-work-${work.id}`}
          >
            {selected ? t('fans.analyse.topWorks.selected') : t('fans.analyse.sources.title')}
          </Button>
        );
      },
    },
  ];
  let body;
  if (top.isPending) body = <LoadingState rows={6} />;
  else if (top.isError) body = <ErrorState error={top.error} onRetry={() => void top.refetch()} />;
  else if (top.data.list.length === 0) body = <EmptyState description={t(SCOPE_EMPTY_KEYS[scope])} />;
  else
    body = (
      <Table<WorkListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={top.data.list}
        pagination={false}
        loading={top.isFetching && top.isPlaceholderData}
        data-testid="top-works"
      />
    );
  return (
    <DataCard title={t('fans.analyse.topWorks.title')} asOf={top.data?.asOf} testId="top-works-card">
      {body}
    </DataCard>
  );
}
