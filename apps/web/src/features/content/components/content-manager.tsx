import { App, Badge, Button, Input, Popconfirm, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_BATCH_MAX,
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
  rejectionRuleRef,
  StatusTag,
  useContentList,
  useContentStatusCounts,
  useDeleteContentBatch,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';
import { RuleLink } from '../../../components/rule-link';

export interface ContentFilters {
  type: ContentType | undefined;
  status: ContentStatus | undefined;
  keyword: string;
  page: number;
}

const PAGE_SIZE = 10;

/** The statuses of the management tabs, in order (deleted works are never listed). */
const STATUS_TABS = ['all', 'published', 'reviewing', 'scheduled', 'draft', 'rejected'] as const;

/**
 * Content management of every type (API.md §9; issue #10 "One management view"): type tabs (all + 7 types),
 * status tabs with their counts, keyword search and pagination — all owned by the caller's query string —
 * with status tags, the type's own count (plays for videos, reads for articles), the rejection reason beside
 * the edit button (which opens the work's own editor), and delete one or many (with confirmation). Loading,
 * empty (with a next step) and error (with retry) states.
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
  const { message } = App.useApp();
  const counts = useContentStatusCounts(filters.type);
  const removeMany = useDeleteContentBatch();
  const [selected, setSelected] = useState<number[]>([]);
  const deleteSelected = () =>
    removeMany.mutateAsync(selected).then(
      ({ deleted }) => {
        setSelected([]);
        void message.success(t('content.bulk.deleted', { count: deleted }));
      },
      (e: Error) => void message.error(e.message || t('content.deleteFailed')),
    );
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
      // status over the last change: one column, so the title keeps its width beside the selection boxes
      title: t('content.columns.statusAndUpdated'),
      dataIndex: 'status',
      width: 124,
      render: (s: ContentStatus, item) => (
        <Space direction="vertical" size={4}>
          <StatusTag status={s} rejectReason={item.rejectReason} />
          <DateTimeCell value={item.updatedAt} />
        </Space>
      ),
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
      title: t('content.columns.actions'),
      // edit, preview, delete on one line, in either language (the English words are wider)
      width: i18n.language === 'en-US' ? 268 : 232,
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          {item.status === 'rejected' && item.rejectReason ? (
            // why it was refused, beside the button that fixes it (issue #10)
            <Typography.Text type="danger" className="cc-reject-reason" data-testid="reject-reason">
              {t('content.rejectReason', { reason: item.rejectReason })}
              <RuleLink ruleRef={rejectionRuleRef(item)} />
            </Typography.Text>
          ) : null}
          <Space size={0} className="cc-nowrap">
            <LinkButton to={editPathOf(item)} type="link" size="small" icon={<EditOutlined />}>
              {t('common.edit')}
            </LinkButton>
            <LinkButton to={previewPathOf(item)} type="link" size="small" icon={<EyeOutlined />}>
              {t('common.preview')}
            </LinkButton>
            <DeleteContentButton item={item} />
          </Space>
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
      <Tabs
        size="small"
        activeKey={filters.status ?? 'all'}
        onChange={(key) => {
          setSelected([]);
          onChange({ status: key === 'all' ? undefined : (key as ContentStatus), page: 1 });
        }}
        items={STATUS_TABS.map((s) => ({
          key: s,
          label: (
            <span data-testid={`status-tab-${s}`}>
              {t(`content.status.${s}`)}
              {counts.data ? (
                <Badge
                  count={counts.data[s]}
                  showZero
                  overflowCount={9999}
                  color={s === 'rejected' && counts.data[s] > 0 ? 'red' : '#bfbfbf'}
                  style={{ marginInlineStart: 6 }}
                />
              ) : null}
            </span>
          ),
        }))}
      />
      <Space style={{ marginBottom: 16 }} wrap>
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
        <Popconfirm
          title={t('content.bulk.confirm', { count: selected.length })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={deleteSelected}
          disabled={selected.length === 0}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={removeMany.isPending}
            data-testid="bulk-delete"
          >
            {t('content.bulk.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
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
          selection={{
            selected,
            onChange: (ids) => setSelected(ids.slice(0, CONTENT_BATCH_MAX)),
            columnWidth: 40,
          }}
        />
      )}
    </div>
  );
}
