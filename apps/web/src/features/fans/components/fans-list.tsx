import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FanItem } from '@cc/contracts';
import { DateTimeCell } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useFansList } from '../api/fans-api';
import { ageBandLabel, deviceLabel, genderLabel, regionLabel } from '../logic';
import { DataCard } from '../../../components/data-card';

/** Fans a page of the list shows. */
export const FANS_PAGE_SIZE = 20;

/**
 * The current fans, newest follow first (`fans/list {page, pageSize}`), paginated by the caller's page: the
 * reader, when they followed, and their gender, age band, province and device in the UI language.
 */
export function FansList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  const list = useFansList(page, FANS_PAGE_SIZE);
  const columns: TableColumnsType<FanItem> = [
    { key: 'readerId', title: t('fans.list.readerId'), dataIndex: 'readerId' },
    {
      key: 'followedAt',
      title: t('fans.list.followedAt'),
      render: (_, fan) => <DateTimeCell value={fan.followedAt} />,
    },
    {
      key: 'gender',
      title: t('fans.list.gender'),
      render: (_, fan) => <span data-testid="fan-gender">{genderLabel(fan.gender, t)}</span>,
    },
    {
      key: 'ageBand',
      title: t('fans.list.ageBand'),
      render: (_, fan) => <span data-testid="fan-age">{ageBandLabel(fan.ageBand, t)}</span>,
    },
    {
      key: 'region',
      title: t('fans.list.region'),
      render: (_, fan) => <span data-testid="fan-region">{regionLabel(fan.region, t)}</span>,
    },
    {
      key: 'device',
      title: t('fans.list.device'),
      render: (_, fan) => <span data-testid="fan-device">{deviceLabel(fan.device, t)}</span>,
    },
  ];
  let body;
  if (list.isPending) body = <LoadingState rows={5} />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0) body = <EmptyState description={t('fans.list.empty')} />;
  else
    body = (
      <Table<FanItem>
        rowKey="readerId"
        size="middle"
        columns={columns}
        dataSource={list.data.list}
        loading={list.isFetching && list.isPlaceholderData}
        data-testid="fans-list"
        pagination={{
          current: page,
          pageSize: FANS_PAGE_SIZE,
          total: list.data.total,
          showSizeChanger: false,
          showTotal: (count) => t('fans.list.total', { count }),
          onChange: onPageChange,
        }}
      />
    );
  return (
    <DataCard title={t('fans.list.title')} testId="fans-list-card" asOf={list.data?.asOf}>
      {body}
    </DataCard>
  );
}
