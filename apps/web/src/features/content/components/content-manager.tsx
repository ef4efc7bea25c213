import { Input, Select, Space, Tabs, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  contentStatuses,
  contentTypes,
  type ContentListItem,
  type ContentStatus,
  type ContentType,
} from '@cc/contracts';
import { useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  countsPlays,
  DateTimeCell,
  DeleteContentButton,
  editPathOf,
  LinkButton,
  previewPathOf,
  publishPathOf,
  StatusTag,
  useContentList,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';

export interface ContentFilters {
  type: ContentType | undefined;
  status: ContentStatus | undefined;
  keyword: string;
  page: number;
}

const PAGE_SIZE = 10;

/**
 * Content management (API.md §9): type tabs (all + 7 types), status filter, keyword search and
 * pagination — all owned by the caller's query string — with status tags, stats in 万, edit, preview
 * and delete with confirmation. Loading, empty (with a next step) and error (with retry) states.
 */
export function ContentManager({
  filters,
  onChange,
}: {
  filters: ContentFilters;
  onChange: (next: Partial<ContentFilters>) => void;
}) {
  const { t, i18n } = useTranslation();
  const formatCount = useFormatCount();
  const list = useContentList({
    type: filters.type,
    status: filters.status,
    keyword: filters.keyword || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<ContentListItem> = [
    {
      // cover and title side by side; the title takes the width the other columns leave (issue #9)
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (_, item) => <WorkTitleCell item={item} subtitle={t(`content.types.${item.type}`)} />,
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 116,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('content.columns.stats'),
      width: 128,
      render: (_, item) => (
        <div className="cc-tabular cc-stats">
          {/* videos count plays, articles reads (issue #9) */}
          <div data-testid="stat-count">
            {countsPlays(item.type)
              ? t('account.content.statPlays', { n: formatCount(item.stats.plays ?? item.stats.views) })
              : t('content.statViews', { n: formatCount(item.stats.views) })}
          </div>
          <div>{t('content.statLikes', { n: formatCount(item.stats.likes) })}</div>
          <div>{t('content.statComments', { n: formatCount(item.stats.comments) })}</div>
        </div>
      ),
    },
    {
      title: t('content.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 110,
      render: (v: string) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      // edit, preview, delete on one line, in either language (the English words are wider)
      width: i18n.language === 'en-US' ? 268 : 232,
      render: (_, item) => (
        <Space size={0} className="cc-nowrap">
          <LinkButton to={editPathOf(item)} type="link" size="small" icon={<EditOutlined />}>
            {t('common.edit')}
          </LinkButton>
          <LinkButton to={previewPathOf(item)} type="link" size="small" icon={<EyeOutlined />}>
            {t('common.preview')}
          </LinkButton>
          <DeleteContentButton item={item} />
        </Space>
      ),
    },
  ];

  // a type tab still shows the next step of that type ("publish video"); a status or keyword filter does not
  const isFiltered = Boolean(filters.status || filters.keyword);

  return (
    <div>
      <Tabs
        activeKey={filters.type ?? 'all'}
        onChange={(key) => onChange({ type: key === 'all' ? undefined : (key as ContentType), page: 1 })}
        items={['all', ...contentTypes].map((type) => ({ key: type, label: t(`content.types.${type}`) }))}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<ContentStatus | 'all'>
          style={{ width: 160 }}
          value={filters.status ?? 'all'}
          aria-label={t('content.columns.status')}
          onChange={(v) => onChange({ status: v === 'all' ? undefined : v, page: 1 })}
          options={[
            { value: 'all', label: t('content.status.all') },
            ...contentStatuses
              .filter((s) => s !== 'deleted')
              .map((s) => ({ value: s, label: t(`content.status.${s}`) })),
          ]}
        />
        <Input.Search
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          placeholder={t('content.searchPlaceholder')}
          aria-label={t('content.searchPlaceholder')}
          enterButton={t('common.search')}
          style={{ width: 320 }}
          onSearch={(keyword) => onChange({ keyword: keyword.trim(), page: 1 })}
        />
      </Space>
      {list.isPending ? (
        <LoadingState rows={8} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 && !isFiltered ? (
        <EmptyState
          description={filters.type ? t(`account.content.empty.${filters.type}`) : t('content.empty')}
          action={
            <LinkButton to={publishPathOf(filters.type ?? 'article')} type="primary" icon={<PlusOutlined />}>
              {filters.type ? t(`account.content.publish.${filters.type}`) : t('content.emptyAction')}
            </LinkButton>
          }
        />
      ) : (
        <WorksTable
          data={list.data}
          refreshing={list.isFetching && list.isPlaceholderData}
          columns={columns}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => onChange({ page })}
          emptyText={<EmptyState description={t('content.empty')} />}
        />
      )}
    </div>
  );
}
