import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataReportListItem } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate, useFormatCount } from '../../../lib/format';
import { useReportList } from '../api';

/** Reports per page of the list. */
export const REPORT_PAGE_SIZE = 10;

/**
 * The author's weekly reports, newest week first (`data/report_list`), each with its headline numbers (万 rule);
 * opening one calls `onOpen` with its Monday.
 */
export function ReportList({
  page,
  onPageChange,
  onOpen,
}: {
  page: number;
  onPageChange(page: number): void;
  onOpen(weekStart: string): void;
}) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const list = useReportList(page, REPORT_PAGE_SIZE);
  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) return <EmptyState description={t('trends.report.empty')} />;
  const number = (v: number) => (
    <span className="cc-tabular" title={String(v)}>
      {formatCount(v)}
    </span>
  );
  return (
    <Table<DataReportListItem>
      rowKey="weekStart"
      dataSource={list.data.list}
      data-testid="report-list"
      onRow={(row) => ({ 'data-testid': `report-${row.weekStart}` }) as React.HTMLAttributes<HTMLElement>}
      pagination={{
        current: list.data.page,
        pageSize: list.data.pageSize,
        total: list.data.total,
        showSizeChanger: false,
        onChange: onPageChange,
      }}
      columns={[
        {
          key: 'week',
          title: t('trends.report.columns.week'),
          render: (_: unknown, row) => {
            const range = { start: row.weekStart, end: row.weekEnd };
            return (
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 0 }}
                aria-label={t('trends.report.openLabel', range)}
                onClick={() => onOpen(row.weekStart)}
              >
                {t('trends.report.week', range)}
              </Button>
            );
          },
        },
        {
          key: 'engagement',
          title: t('trends.report.columns.engagement'),
          dataIndex: 'engagement',
          align: 'right',
          render: number,
        },
        {
          key: 'views',
          title: t('trends.report.columns.views'),
          dataIndex: 'views',
          align: 'right',
          render: number,
        },
        {
          key: 'fansNet',
          title: t('trends.report.columns.fansNet'),
          dataIndex: 'fansNet',
          align: 'right',
          render: number,
        },
        {
          key: 'createdAt',
          title: t('trends.report.columns.createdAt'),
          dataIndex: 'createdAt',
          render: (v: string) => <time dateTime={v}>{formatDate(v, 'YYYY-MM-DD HH:mm')}</time>,
        },
      ]}
    />
  );
}
