import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentListItem } from '@cc/contracts';

export interface WorksTableProps {
  /** the page of the list call (API.md §9 `content/list`) being shown */
  data: { list: ContentListItem[]; total: number };
  /** true while another page is fetched and the previous one still shows */
  refreshing: boolean;
  columns: TableProps<ContentListItem>['columns'];
  /** 1-based page number and rows per page of the list call */
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  /** hides the pager when everything fits on one page (the pickers) */
  hideOnSinglePage?: boolean;
  emptyText?: React.ReactNode;
  /** checkboxes per row (bulk actions, issue #10): the selected ids and their setter */
  selection?: { selected: number[]; onChange(ids: number[]): void; columnWidth?: number };
  'data-testid'?: string;
}

/**
 * The table of the author's works (content management, videos, short videos, the pickers): fixed layout, one
 * row per work keyed by id, the server's paging (`total` works, "N in all" in the UI language).
 */
export function WorksTable({
  data,
  refreshing,
  columns,
  page,
  pageSize,
  onPageChange,
  hideOnSinglePage,
  emptyText,
  selection,
  'data-testid': testId,
}: WorksTableProps) {
  const { t } = useTranslation();
  return (
    <Table<ContentListItem>
      tableLayout="fixed"
      rowKey="id"
      columns={columns}
      dataSource={data.list}
      loading={refreshing}
      data-testid={testId}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected,
              onChange: (keys) => selection.onChange(keys.map(Number)),
              preserveSelectedRowKeys: true,
              columnWidth: selection.columnWidth,
            }
          : undefined
      }
      locale={emptyText === undefined ? undefined : { emptyText }}
      pagination={{
        current: page,
        pageSize,
        total: data.total,
        showSizeChanger: false,
        hideOnSinglePage,
        showTotal: (total) => t('common.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
