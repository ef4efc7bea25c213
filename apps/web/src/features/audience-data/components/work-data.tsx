import { App, Button, Dropdown, Input, Progress, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contentTypes,
  FAN_EXPORT_FORMATS,
  PAGE_SIZE_DEFAULT,
  WORK_METRIC_KEYS,
  WORK_SORT_KEYS,
  type ContentType,
  type DataPeriod,
  type WorkListItem,
  type WorkListParam,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { DateTimeCell, LinkButton } from '../../../components/content-table';
import { apiErrorText, saveBlob } from '../../../lib/api-client';
import { useQueryState } from '../../../lib/use-query-state';
import { exportWorks, useWorkList, type ExportFormat } from '../api';
import { isDataPeriod, OVERVIEW_PERIODS } from '../logic';
import { AsOf, PeriodSwitch, TypeFilter, useMetricName, useMetricValue } from './parts';
import { WorkDetailDrawer } from './work-detail-drawer';
import './data.css';

type SortKey = WorkListParam['sort'];
const DEFAULT_PERIOD: DataPeriod = '7d';
const DEFAULT_SORT: SortKey = 'publishedAt';

function isSortKey(value: string): value is SortKey {
  return (WORK_SORT_KEYS as readonly string[]).includes(value);
}
function isContentType(value: string): value is ContentType {
  return (contentTypes as readonly string[]).includes(value);
}

/**
 * `/workData` (issue #12): every work with every work metric of the period, sorted by any column (the server's
 * order), filtered by type and title, paged; a title opens the work's detail; the table exports to CSV or XLSX
 * with a progress bar. Filters, order and page live in the address.
 */
export function WorkDataView() {
  const { t } = useTranslation();
  const metricName = useMetricName();
  const metricValue = useMetricValue();
  const { get, set } = useQueryState({
    period: DEFAULT_PERIOD,
    type: '',
    sort: DEFAULT_SORT,
    order: 'desc',
    page: '1',
    keyword: '',
  });
  const periodText = get('period');
  const period = isDataPeriod(periodText) ? periodText : DEFAULT_PERIOD;
  const typeText = get('type');
  const type = isContentType(typeText) ? typeText : undefined;
  const sortText = get('sort');
  const sort = isSortKey(sortText) ? sortText : DEFAULT_SORT;
  const order = get('order') === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(get('page'), 10) || 1);
  const keyword = get('keyword');
  const [detail, setDetail] = useState<{ id: number; title: string } | null>(null);
  const list = useWorkList({
    period,
    type,
    sort,
    order,
    page,
    pageSize: PAGE_SIZE_DEFAULT,
    keyword: keyword || undefined,
  });

  const sortOrderOf = (key: SortKey): 'ascend' | 'descend' | null =>
    sort === key ? (order === 'asc' ? 'ascend' : 'descend') : null;
  const columns: TableProps<WorkListItem>['columns'] = [
    {
      key: 'title',
      title: t('data.works.columns.title'),
      dataIndex: 'title',
      fixed: 'left',
      width: 240,
      render: (_: unknown, row) => (
        <Button
          type="link"
          className="cc-data-title-button"
          onClick={() => setDetail({ id: row.id, title: row.title })}
          aria-label={t('data.works.openDetail', { title: row.title })}
          data-testid={`work-title-${row.id}`}
        >
          {row.title}
        </Button>
      ),
    },
    {
      key: 'type',
      title: t('data.works.columns.type'),
      dataIndex: 'type',
      width: 80,
      render: (value: ContentType) => t(`content.types.${value}`),
    },
    {
      key: 'publishedAt',
      title: t('data.works.columns.publishedAt'),
      dataIndex: 'publishedAt',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf('publishedAt'),
      sortDirections: ['descend', 'ascend'],
      render: (value: string | null) => <DateTimeCell value={value} />,
    },
    ...WORK_METRIC_KEYS.map((key) => ({
      key,
      title: metricName(key),
      dataIndex: key,
      align: 'right' as const,
      width: key === 'watchMs' ? 120 : 100,
      sorter: true,
      sortOrder: sortOrderOf(key),
      sortDirections: ['descend' as const, 'ascend' as const],
      render: (value: number) => (
        <span className="cc-tabular cc-nowrap" title={String(value)}>
          {metricValue(key, value)}
        </span>
      ),
    })),
  ];

  const handleChange: TableProps<WorkListItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = typeof s?.columnKey === 'string' && isSortKey(s.columnKey) ? s.columnKey : null;
      if (!key || !s?.order) set({ sort: undefined, order: undefined, page: undefined });
      else set({ sort: key, order: s.order === 'ascend' ? 'asc' : 'desc', page: undefined });
      return;
    }
    if (extra.action === 'paginate') set({ page: pagination.current ?? 1 });
  };

  return (
    <div className="cc-data-page">
      <div className="cc-data-toolbar">
        <PeriodSwitch
          value={period}
          periods={OVERVIEW_PERIODS}
          onChange={(p) => set({ period: p, page: undefined })}
        />
        <TypeFilter value={type} onChange={(v) => set({ type: v, page: undefined })} />
        <Input.Search
          defaultValue={keyword}
          enterButton={t('common.search')}
          placeholder={t('data.works.search')}
          aria-label={t('data.works.search')}
          style={{ width: 280 }}
          onSearch={(value) => set({ keyword: value.trim(), page: undefined })}
          data-testid="work-search"
        />
        <div className="cc-data-toolbar-end">
          {list.data ? <AsOf value={list.data.asOf} /> : null}
          <ExportButton period={period} type={type} />
        </div>
      </div>
      <section className="cc-card" aria-label={t('data.works.title')}>
        {list.isPending ? (
          <LoadingState rows={8} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<WorkListItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data.list}
            loading={list.isPlaceholderData}
            scroll={{ x: 'max-content' }}
            onChange={handleChange}
            showSorterTooltip={false}
            data-testid="work-table"
            locale={{
              emptyText: keyword ? (
                <EmptyState description={t('data.works.noMatch', { keyword })} />
              ) : (
                <EmptyState
                  description={t('data.works.empty')}
                  action={
                    <LinkButton to="/article" type="primary">
                      {t('data.works.emptyAction')}
                    </LinkButton>
                  }
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE_DEFAULT,
              total: list.data.total,
              showSizeChanger: false,
              showTotal: (total) => t('common.total', { count: total }),
            }}
          />
        )}
      </section>
      <WorkDetailDrawer
        id={detail?.id ?? null}
        title={detail?.title ?? ''}
        period={period}
        onClose={() => setDetail(null)}
      />
    </div>
  );
}

/** Bytes for the progress line: `12.3 KB`, `1.2 MB` (the counts' own rule is for counts, not sizes). */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The export menu (CSV / XLSX) of the work table: the file of the table's period and type through a signed
 * download, a progress bar while it arrives (percent when the size is known, bytes otherwise), then saved.
 */
function ExportButton({ period, type }: { period: DataPeriod; type: ContentType | undefined }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ received: number; total: number | null } | null>(null);

  const handleExport = async (format: ExportFormat) => {
    setProgress({ received: 0, total: null });
    try {
      const { blob, filename } = await exportWorks({ period, type, format }, (received, total) =>
        setProgress({ received, total }),
      );
      const name = filename || `work-data-${period}.${format}`;
      saveBlob(blob, name);
      void message.success(t('data.works.exported', { name }));
    } catch (e) {
      void message.error(
        t('data.works.exportFailed', {
          reason: apiErrorText(e, t, (k) => i18n.exists(k)),
        }),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      {progress ? (
        <div className="cc-data-export-progress" data-testid="export-progress" role="status">
          {progress.total ? (
            <Progress
              size="small"
              percent={Math.min(100, Math.floor((progress.received / progress.total) * 100))}
              aria-label={t('data.works.exporting')}
            />
          ) : (
            <Typography.Text type="secondary" className="cc-tabular">
              {t('data.works.exportProgress', { size: formatBytes(progress.received) })}
            </Typography.Text>
          )}
        </div>
      ) : null}
      <Dropdown
        disabled={progress !== null}
        menu={{
          items: FAN_EXPORT_FORMATS.map((format) => ({
            key: format,
            label: t(`data.works.exportFormats.${format}`),
            'data-testid': `export-${format}`,
          })),
          onClick: ({ key }) => void handleExport(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={progress !== null} data-testid="export-button">
          {progress ? t('data.works.exporting') : t('data.works.export')} <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
}
