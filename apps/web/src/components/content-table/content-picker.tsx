import { Button, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentListItem, ContentStatus, ContentType } from '@cc/contracts';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { useContentList } from './content-api';
import { DateTimeCell } from './date-time-cell';
import { LinkButton } from './link-button';
import { StatusTag } from './status-tag';
import { WorkTitleCell } from './work-title-cell';
import { WorksTable } from './works-table';

export const CONTENT_PICKER_PAGE_SIZE = 10;

export interface ContentPickerProps {
  /** which works to offer (API.md §9 `content/list` filters) */
  type: ContentType;
  status?: ContentStatus;
  /** 1-based page, owned by the caller's query string (spec §2) */
  page: number;
  onPageChange: (page: number) => void;
  /** the label of each row's button, e.g. "Preview" */
  actionLabel: string;
  /** where choosing a work goes, e.g. `/article/preview?id=7` */
  hrefOf: (item: ContentListItem) => string;
  /** whether a work can be chosen (default: all); the others show `unpickableText` on a disabled button */
  isPickable?: (item: ContentListItem) => boolean;
  unpickableText?: string;
  /** the empty state's text and next step (DESIGN.md: an empty list says what to do next) */
  emptyText: string;
  emptyAction?: ReactNode;
}

/**
 * A page opened without the id it needs (`/videodot`, `/article/preview`, issue #9 "Dead ends") offers the
 * author's works of one type to choose from: cover and full-width title, status, last change and a button
 * to the page with the id. Loading, empty (with a next step) and error (with retry) states.
 */
export function ContentPicker({
  type,
  status,
  page,
  onPageChange,
  actionLabel,
  hrefOf,
  isPickable = () => true,
  unpickableText,
  emptyText,
  emptyAction,
}: ContentPickerProps) {
  const { t } = useTranslation();
  const list = useContentList({ type, status, page, pageSize: CONTENT_PICKER_PAGE_SIZE });
  const shape = type === 'smallVideo' ? 'portrait' : type === 'video' ? 'landscape' : 'table';

  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (_, item) => <WorkTitleCell item={item} shape={shape} />,
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('content.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 120,
      render: (v: string) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: 150,
      render: (_, item) =>
        isPickable(item) ? (
          <LinkButton
            to={hrefOf(item)}
            type="primary"
            ghost
            size="small"
            aria-label={`${actionLabel}: ${item.title || t('content.untitled')}`}
          >
            {actionLabel}
          </LinkButton>
        ) : (
          <Tooltip title={unpickableText}>
            <Button size="small" disabled aria-label={unpickableText}>
              {actionLabel}
            </Button>
          </Tooltip>
        ),
    },
  ];

  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) return <EmptyState description={emptyText} action={emptyAction} />;
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={CONTENT_PICKER_PAGE_SIZE}
      onPageChange={onPageChange}
      hideOnSinglePage
      data-testid="content-picker"
    />
  );
}
